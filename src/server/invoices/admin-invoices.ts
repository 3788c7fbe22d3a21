import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { AdminInvoiceDocument, AdminInvoicesGetAnswer } from '../../shared/contracts/invoices';
import { periodEnd } from '../../shared/domain/invoice-periods';
import { dayInMexicoCity, mexicoLocalToUtc } from '../../shared/domain/mexico-time';
import { recordAudit } from '../platform/audit';
import { badRequest, conflict, notFound } from '../platform/errors';
import { enqueue } from '../platform/queue/queue';
import type { FacturapiPac } from './facturapi-pac';
import { closePeriod, ISSUE_GLOBAL_JOB } from './global-invoice';
import { type InvoiceDocument, ISSUE_RECEIPT_JOB, ISSUE_REFUND_JOB } from './invoice-records';

export function adminDocumentOf(document: InvoiceDocument): AdminInvoiceDocument {
  return {
    id: document.id,
    kind: document.kind,
    state: document.state,
    assistance_id: document.assistance_id,
    event_id: document.event_id,
    description: document.description,
    total_cents: document.total_cents,
    receipt_id: document.receipt_id,
    global_id: document.global_id,
    uuid: document.uuid,
    created_at: document.created_at,
    issued_at: document.issued_at,
    error: document.error,
  };
}

const nextDay = (day: string) =>
  new Date(new Date(`${day}T00:00:00Z`).getTime() + 86_400_000).toISOString().slice(0, 10);

/**
 * admin/invoices/get: the documents of a period (Mexico City days, both included; the current
 * month by default). A sale's documents belong to the day it was paid, a global to the period it
 * closes; the totals count what was issued: her invoices, the globals, the credit notes.
 */
export async function listInvoiceDocuments(
  app: FastifyInstance,
  range: { from?: string; to?: string },
): Promise<Pick<AdminInvoicesGetAnswer, 'documents' | 'totals'>> {
  const today = dayInMexicoCity();
  const from = range.from ?? `${today.slice(0, 8)}01`;
  const to = range.to ?? periodEnd(today, 'month');
  if (from > to) throw badRequest('La fecha inicial debe ser anterior a la final');
  const start = mexicoLocalToUtc(from, '00:00').toISOString();
  const end = mexicoLocalToUtc(nextDay(to), '00:00').toISOString();
  const rows = await app.db
    .selectFrom('invoice_documents')
    .selectAll()
    .where((eb) =>
      eb.or([
        eb.and([eb('kind', '=', 'global'), eb('period_end', '>=', from), eb('period_end', '<=', to)]),
        eb.and([
          eb('kind', '!=', 'global'),
          eb(sql<string>`coalesce(paid_at, created_at)`, '>=', start),
          eb(sql<string>`coalesce(paid_at, created_at)`, '<', end),
        ]),
      ]),
    )
    .orderBy('id')
    .execute();
  const issued = (kind: InvoiceDocument['kind']) =>
    rows
      .filter((row) => row.kind === kind && row.state === 'issued')
      .reduce((sum, row) => sum + row.total_cents, 0);
  return {
    documents: rows.map(adminDocumentOf),
    totals: {
      invoiced_cents: issued('invoice'),
      global_cents: issued('global'),
      // A cancelled receipt was never invoiced nor held by a global: nothing to give back.
      credited_cents: issued('credit_note'),
    },
  };
}

/** admin/invoices/close-period: the by-hand close, audited. */
export async function closePeriodByAdmin(
  app: FastifyInstance,
  pac: FacturapiPac,
  adminId: number,
  end: string,
): Promise<AdminInvoiceDocument | null> {
  if (end > dayInMexicoCity())
    throw badRequest('Sólo se puede cerrar un periodo que ya terminó o que termina hoy');
  const global = await closePeriod(app, pac, end);
  await recordAudit(app.db, {
    adminId,
    action: 'invoices.close_period',
    entity: 'invoice_document',
    entityId: global?.id ?? null,
    after: { period_end: end, total_cents: global?.total_cents ?? 0 },
  });
  return global && adminDocumentOf(global);
}

const JOB_OF: Partial<Record<InvoiceDocument['kind'], string>> = {
  receipt: ISSUE_RECEIPT_JOB,
  credit_note: ISSUE_REFUND_JOB,
  cancellation: ISSUE_REFUND_JOB,
  global: ISSUE_GLOBAL_JOB,
};

/**
 * admin/invoice/retry: a failed document (or one stuck pending) is queued again under its own
 * idempotency key, so the PAC never makes it twice. Her own invoice is retried by her, from her ticket.
 */
export async function retryDocument(
  app: FastifyInstance,
  adminId: number,
  documentId: number,
): Promise<AdminInvoiceDocument> {
  const document = await app.db
    .selectFrom('invoice_documents')
    .selectAll()
    .where('id', '=', documentId)
    .executeTakeFirst();
  if (!document) throw notFound('El documento no existe');
  if (document.state === 'issued') throw conflict('Este documento ya se emitió: no hay nada que reintentar');
  if (document.state === 'cancelled') throw conflict('Este recibo se canceló por un reembolso');
  const job = JOB_OF[document.kind];
  if (!job) throw conflict('La factura de un miembro la pide ella desde su boleto en Mis asistencias');
  await app.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('invoice_documents')
      .set({ state: 'pending' })
      .where('id', '=', document.id)
      .execute();
    await enqueue(trx, {
      kind: job,
      key: `${job}:${document.id}:retry-${Date.now()}`,
      payload: { document_id: document.id },
    });
    await recordAudit(trx, {
      adminId,
      action: 'invoices.retry',
      entity: 'invoice_document',
      entityId: document.id,
      before: { state: document.state, error: document.error },
    });
  });
  app.queue.wake();
  return adminDocumentOf({ ...document, state: 'pending' });
}
