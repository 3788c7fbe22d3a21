import type { FastifyInstance } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import { GENERIC_RFC } from '../../shared/domain/cfdi';
import type { PaymentRefunded, PaymentVoided } from '../payments/payment-hooks';
import type { Database } from '../platform/db/schema';
import { conflict } from '../platform/errors';
import { enqueue } from '../platform/queue/queue';
import type { FacturapiPac } from './facturapi-pac';
import {
  fromReceipt,
  type InvoiceDocument,
  ISSUE_REFUND_JOB,
  type IssueRefundPayload,
  invoiceOfReceipt,
  openReceiptOfPayment,
  recordPacOutcome,
  recordPendingDocument,
} from './invoice-records';
import { pacKey } from './issue-receipt';
import { type FiscalReceiver, PacRefusal, PacUnavailable } from './pac';

/**
 * A refund corrects the place's fiscal documents (docs/design/28-facturas.md): decided in the refund's
 * own transaction, issued at the PAC by a durable job. A full refund of a receipt nobody invoiced
 * and no global holds cancels it; anything else is a credit note (CFDI de egreso, relation 01) for
 * the amount given back, related to her invoice or to the global invoice holding the receipt.
 */
export async function recordRefund(trx: Transaction<Database>, refunded: PaymentRefunded): Promise<void> {
  const open = await openReceiptOfPayment(trx, refunded.paymentId);
  if (!open) return;
  const { receipt, invoice } = open;
  if (refunded.full && !invoice && receipt.global_id === null) {
    await cancelOpenReceipt(trx, receipt, `Devolución: ${receipt.description}`);
    return;
  }
  await recordPendingDocument(
    trx,
    {
      kind: 'credit_note',
      // One credit note per refund: what the payment has given back in all names it.
      key: `credit-${refunded.paymentId}-${refunded.totalRefundedCents}`,
      ...fromReceipt(receipt),
      total_cents: refunded.refundedCents,
      description: `Devolución: ${receipt.description}`,
    },
    ISSUE_REFUND_JOB,
  );
}

/**
 * Cancels a receipt nobody invoiced and no global holds, its row locked by the caller: marked
 * cancelled at once (its job never issues it, no close takes it), then cancelled at the PAC by a
 * job, unless the PAC refused it and it never existed there.
 */
async function cancelOpenReceipt(
  trx: Transaction<Database>,
  receipt: InvoiceDocument,
  description: string,
): Promise<void> {
  await trx
    .updateTable('invoice_documents')
    .set({ state: 'cancelled' })
    .where('id', '=', receipt.id)
    .execute();
  // Credit notes of earlier partial refunds were waiting for an invoice that will never come.
  await trx
    .updateTable('invoice_documents')
    .set({ state: 'cancelled' })
    .where('kind', '=', 'credit_note')
    .where('receipt_id', '=', receipt.id)
    .where('state', '=', 'pending')
    .execute();
  if (receipt.state === 'failed') return;
  await recordPendingDocument(
    trx,
    {
      kind: 'cancellation',
      key: `cancel-${receipt.payment_id}`,
      ...fromReceipt(receipt),
      total_cents: receipt.total_cents,
      description,
    },
    ISSUE_REFUND_JOB,
  );
}

const UNDO_INVOICED =
  'Este pago ya se facturó a nombre de quien lo pagó: la confirmación no puede deshacerse. Si devolviste el dinero, tu contador debe emitir una nota de crédito o cancelar la factura';
const UNDO_IN_GLOBAL =
  'Este pago ya está en la factura global del periodo: la confirmación no puede deshacerse. Si devolviste el dinero, tu contador debe emitir una nota de crédito';
const UNDO_BEING_INVOICED =
  'Quien pagó está facturando este pago en este momento: intenta deshacer la confirmación en unos minutos';

/**
 * An admin undid a confirmation by hand and its money was voided (docs/design/28-facturas.md): a
 * receipt nobody invoiced and no global holds is cancelled. One invoiced, being invoiced or in a
 * global refuses the undo, which rolls back whole: that CFDI is at the SAT, and correcting it (a
 * credit note, or a cancellation with its motive) is the organizer's decision, not an undo's.
 * Under the receipt's lock, so her «Facturar» or the period's close at the same moment comes
 * wholly before or after it.
 */
export async function recordVoid(trx: Transaction<Database>, voided: PaymentVoided): Promise<void> {
  const open = await openReceiptOfPayment(trx, voided.paymentId);
  if (!open) return;
  const { receipt, invoice } = open;
  if (invoice?.state === 'pending') throw conflict(UNDO_BEING_INVOICED);
  if (invoice) throw conflict(UNDO_INVOICED);
  if (receipt.global_id !== null) throw conflict(UNDO_IN_GLOBAL);
  await cancelOpenReceipt(trx, receipt, `Pago a mano anulado: ${receipt.description}`);
}

/**
 * Credit notes waiting for the document they correct: queued again once her invoice or the
 * period's global invoice is issued (`after` names that document, so each is queued once for it).
 */
export async function queueWaitingCreditNotes(
  db: Kysely<Database>,
  receiptIds: number[],
  after: number,
): Promise<void> {
  if (receiptIds.length === 0) return;
  const waiting = await db
    .selectFrom('invoice_documents')
    .select('id')
    .where('kind', '=', 'credit_note')
    .where('state', '=', 'pending')
    .where('receipt_id', 'in', receiptIds)
    .execute();
  for (const note of waiting) {
    const payload: IssueRefundPayload = { document_id: note.id };
    await enqueue(db, { kind: ISSUE_REFUND_JOB, key: `invoice-refund:${note.id}:after-${after}`, payload });
  }
}

/** What a credit note relates to: her invoice, or the global invoice to «público en general». */
async function correctedDocument(
  app: FastifyInstance,
  receipt: InvoiceDocument,
): Promise<{ uuid: string; receiver: FiscalReceiver } | 'wait' | 'later'> {
  const invoice = await invoiceOfReceipt(app.db, receipt.id);
  if (invoice?.state === 'issued' && invoice.uuid && invoice.receiver)
    return { uuid: invoice.uuid, receiver: JSON.parse(invoice.receiver) as FiscalReceiver };
  // Her invoice is being issued right now: the queue tries again shortly.
  if (invoice?.state === 'pending') return 'wait';
  if (receipt.global_id === null) return 'later';
  const global = await app.db
    .selectFrom('invoice_documents')
    .selectAll()
    .where('id', '=', receipt.global_id)
    .executeTakeFirstOrThrow();
  if (global.state === 'pending') return 'wait';
  if (global.state !== 'issued' || !global.uuid) return 'later';
  return {
    uuid: global.uuid,
    receiver: {
      rfc: GENERIC_RFC,
      name: 'PUBLICO EN GENERAL',
      regime: '616',
      zip: app.config.invoices.issuer.zip,
      use: 'S01',
      email: '',
    },
  };
}

/** Cancels the receipt at the PAC; one still being made there is found by its key first. */
async function cancelAtPac(app: FastifyInstance, pac: FacturapiPac, receipt: InvoiceDocument) {
  const pacId =
    receipt.pac_id ??
    (
      await pac.createReceipt({
        key: await pacKey(app, receipt.key),
        item: { description: receipt.description, priceCents: receipt.total_cents },
        paymentForm: receipt.payment_form ?? '01',
        paidAt: receipt.paid_at ?? receipt.created_at,
      })
    ).pacId;
  await pac.cancelReceipt(pacId);
  await app.db
    .updateTable('invoice_documents')
    .set({ pac_id: pacId })
    .where('id', '=', receipt.id)
    .where('pac_id', 'is', null)
    .execute();
  return { pacId, uuid: null };
}

/**
 * The job: the cancellation or credit note at the PAC, with the document's own idempotency key.
 * A credit note whose invoice does not exist yet (a partial refund of an open receipt) waits and is
 * queued again when her invoice or the global is issued; a refusal is recorded with its reason.
 */
export async function issueRefund(
  app: FastifyInstance,
  pac: FacturapiPac,
  documentId: number,
): Promise<void> {
  const document = await app.db
    .selectFrom('invoice_documents')
    .selectAll()
    .where('id', '=', documentId)
    .executeTakeFirst();
  if (document?.state !== 'pending' || document.receipt_id === null) return;
  const receipt = await app.db
    .selectFrom('invoice_documents')
    .selectAll()
    .where('id', '=', document.receipt_id)
    .executeTakeFirstOrThrow();
  try {
    let issued: { pacId: string; uuid: string | null };
    if (document.kind === 'cancellation') issued = await cancelAtPac(app, pac, receipt);
    else {
      const corrected = await correctedDocument(app, receipt);
      if (corrected === 'later') return;
      if (corrected === 'wait')
        throw new PacUnavailable('el documento que corrige todavía se está emitiendo');
      issued = await pac.createCreditNote({
        key: await pacKey(app, document.key),
        invoiceUuid: corrected.uuid,
        receiver: corrected.receiver,
        item: { description: document.description, priceCents: document.total_cents },
        paymentForm: document.payment_form ?? '01',
      });
    }
    await recordPacOutcome(app.db, document.id, { issued });
  } catch (error) {
    await recordPacOutcome(app.db, document.id, { failed: error as Error });
    if (!(error instanceof PacRefusal)) throw error;
    app.log.warn(
      { documentId: document.id, code: error.code },
      'invoices: the PAC refused a refund document',
    );
  }
}
