import type { FastifyInstance } from 'fastify';
import { PostgresAdapter } from 'kysely';
import { periodEnd } from '../../shared/domain/invoice-periods';
import { formatCalendarDate } from '../../shared/domain/mexico-dates';
import { dayInMexicoCity, mexicoLocalToUtc } from '../../shared/domain/mexico-time';
import { conflict } from '../platform/errors';
import { enqueue } from '../platform/queue/queue';
import type { FacturapiPac } from './facturapi-pac';
import { type InvoiceDocument, newDocumentRow, recordPacOutcome } from './invoice-records';
import { pacKey } from './issue-receipt';
import { PacRefusal } from './pac';
import { queueWaitingCreditNotes } from './refunds';

/** Closes a period into its global invoice (payload: the period's last day). */
export const CLOSE_PERIOD_JOB = 'invoice-close-period';
export interface ClosePeriodPayload {
  period_end: string;
}
/** Asks the PAC again for a global invoice it did not answer (payload: the document's id). */
export const ISSUE_GLOBAL_JOB = 'invoice-global';
export interface IssueGlobalPayload {
  document_id: number;
}

const BUSY =
  'Hay recibos, facturas o cancelaciones del periodo emitiéndose en este momento; intenta cerrar el periodo en unos minutos';

/** The first instant after `day` in Mexico City, as stored timestamps compare. */
function endOf(day: string): string {
  const next = new Date(new Date(`${day}T00:00:00Z`).getTime() + 86_400_000).toISOString().slice(0, 10);
  return mexicoLocalToUtc(next, '00:00').toISOString();
}

const globalOf = (app: FastifyInstance, id: number) =>
  app.db.selectFrom('invoice_documents').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

/**
 * Takes every issued receipt paid up to `end` that nobody invoiced, no global holds and no
 * refund cancelled into one global invoice row. The candidates are locked first, then their
 * claims read: a «Facturar» under way (its claim pending) makes the close wait, because the PAC
 * invoices every open receipt of the period and would take hers too.
 */
async function holdReceipts(app: FastifyInstance, end: string): Promise<number | null> {
  return app.db.transaction().execute(async (trx) => {
    const until = endOf(end);
    let candidates = trx
      .selectFrom('invoice_documents')
      .select(['id', 'total_cents'])
      .where('kind', '=', 'receipt')
      .where('state', '=', 'issued')
      .where('global_id', 'is', null)
      .where('paid_at', '<', until);
    if (trx.getExecutor().adapter instanceof PostgresAdapter) candidates = candidates.forUpdate();
    const receipts = await candidates.execute();
    const inFlight = await trx
      .selectFrom('invoice_documents')
      .select('id')
      .where('state', '=', 'pending')
      .where('kind', 'in', ['receipt', 'invoice', 'cancellation'])
      .where('paid_at', '<', until)
      .executeTakeFirst();
    if (inFlight) throw conflict(BUSY);
    const ids = receipts.map((receipt) => receipt.id);
    const invoiced = new Set(
      ids.length === 0
        ? []
        : (
            await trx
              .selectFrom('invoice_documents')
              .select('receipt_id')
              .where('kind', '=', 'invoice')
              .where('receipt_id', 'in', ids)
              .execute()
          ).map((row) => row.receipt_id),
    );
    const held = receipts.filter((receipt) => !invoiced.has(receipt.id));
    if (held.length === 0) return null;
    const inserted = await trx
      .insertInto('invoice_documents')
      .values(
        newDocumentRow({
          kind: 'global',
          key: `global-${end}`,
          total_cents: held.reduce((sum, receipt) => sum + receipt.total_cents, 0),
          description: `Público en general: ventas hasta el ${formatCalendarDate(end)}`,
          period_end: end,
        }),
      )
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .updateTable('invoice_documents')
      .set({ global_id: inserted.id })
      .where(
        'id',
        'in',
        held.map((receipt) => receipt.id),
      )
      .execute();
    return inserted.id;
  });
}

/**
 * Asks the PAC for a pending global invoice, under its own idempotency key: a retry after a lost
 * answer finds the one it made. A refusal is recorded with its reason (an admin retries it); a
 * PAC that did not answer is recorded and thrown, for the caller's queue to try again.
 */
export async function issueGlobal(app: FastifyInstance, pac: FacturapiPac, globalId: number): Promise<void> {
  const global = await globalOf(app, globalId);
  if (global.kind !== 'global' || global.state !== 'pending' || !global.period_end) return;
  const held = await app.db
    .selectFrom('invoice_documents')
    .select(['id', 'pac_id', 'paid_at'])
    .where('global_id', '=', global.id)
    .orderBy('paid_at')
    .execute();
  try {
    const invoice = await pac.createGlobalInvoice({
      key: await pacKey(app, global.key),
      period: app.config.invoices.period,
      from: dayInMexicoCity(new Date(held[0]!.paid_at!)),
      to: global.period_end,
      heldReceiptId: held[0]!.pac_id!,
    });
    if (invoice.totalCents !== global.total_cents)
      app.log.warn(
        { globalId: global.id, pacCents: invoice.totalCents, ourCents: global.total_cents },
        'invoices: the PAC’s global invoice does not hold the receipts this close chose',
      );
    await app.db.transaction().execute(async (trx) => {
      await recordPacOutcome(trx, global.id, { issued: invoice });
      // Partial refunds of receipts it holds become credit notes related to it.
      await queueWaitingCreditNotes(
        trx,
        held.map((receipt) => receipt.id),
        global.id,
      );
    });
    app.queue.wake();
  } catch (error) {
    await recordPacOutcome(app.db, global.id, { failed: error as Error });
    if (!(error instanceof PacRefusal)) throw error;
    app.log.warn({ globalId: global.id, code: error.code }, 'invoices: the PAC refused a global invoice');
  }
}

/**
 * Closes the period ending `end` (a Mexico City day) into one global invoice: closing it again
 * answers the same global and adds nothing. Null when no receipt was left to hold. A PAC that did
 * not answer leaves the global pending with its error and a job that asks again.
 */
export async function closePeriod(
  app: FastifyInstance,
  pac: FacturapiPac,
  end: string,
): Promise<InvoiceDocument | null> {
  const closed = await app.db
    .selectFrom('invoice_documents')
    .select('id')
    .where('key', '=', `global-${end}`)
    .executeTakeFirst();
  const globalId = closed?.id ?? (await holdReceipts(app, end));
  if (globalId === null) return null;
  try {
    await issueGlobal(app, pac, globalId);
  } catch {
    const payload: IssueGlobalPayload = { document_id: globalId };
    await enqueue(app.db, { kind: ISSUE_GLOBAL_JOB, key: `invoice-global:${globalId}`, payload });
  }
  return globalOf(app, globalId);
}

/** The close of the period today falls in, enqueued once for the first minute after it ends. */
export async function scheduleNextClose(app: FastifyInstance, now = new Date()): Promise<void> {
  const end = periodEnd(dayInMexicoCity(now), app.config.invoices.period);
  const payload: ClosePeriodPayload = { period_end: end };
  await enqueue(app.db, {
    kind: CLOSE_PERIOD_JOB,
    key: `${CLOSE_PERIOD_JOB}:${end}`,
    runAt: new Date(endOf(end)),
    payload,
  });
}

/**
 * The periodic close: each period once (the job's key names it), retried while documents of the
 * period are still being issued; the next period's close is enqueued as this one runs.
 */
export function registerGlobalInvoiceJobs(app: FastifyInstance, pac: FacturapiPac): void {
  app.queue.handle<ClosePeriodPayload>(CLOSE_PERIOD_JOB, async (payload) => {
    await scheduleNextClose(app);
    // A global the PAC did not answer stays pending: its own job asks again.
    await closePeriod(app, pac, payload.period_end);
  });
  app.queue.handle<IssueGlobalPayload>(ISSUE_GLOBAL_JOB, (payload) =>
    issueGlobal(app, pac, payload.document_id),
  );
  app.addHook('onReady', () => scheduleNextClose(app));
}
