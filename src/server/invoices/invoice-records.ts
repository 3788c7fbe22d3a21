import { type Insertable, type Kysely, PostgresAdapter, type Selectable, type Transaction } from 'kysely';
import type { Database, InvoiceDocumentTable } from '../platform/db/schema';
import { enqueue } from '../platform/queue/queue';
import { PacRefusal } from './pac';

/** The invoices domain's tables, read and written here and by the operations beside this file. */

export type InvoiceDocument = Selectable<InvoiceDocumentTable>;

/** Issues a paid place's receipt at the PAC (payload: the document's id). */
export const ISSUE_RECEIPT_JOB = 'invoice-receipt';
export interface IssueReceiptPayload {
  document_id: number;
}

/** c_FormaPago of a payment method (Anexo 20): card 04, cash and OXXO 01, transfers 03. */
export function paymentFormOf(method: string | null): string {
  switch (method) {
    case 'card':
      return '04';
    case 'spei':
    case 'transfer':
      return '03';
    default:
      return '01';
  }
}

/** The member's receipt for one of her places: the newest, whatever its state. */
export function receiptOfPlace(db: Kysely<Database>, clientId: number, assistanceId: number) {
  return db
    .selectFrom('invoice_documents')
    .selectAll()
    .where('kind', '=', 'receipt')
    .where('client_id', '=', clientId)
    .where('assistance_id', '=', assistanceId)
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

/** The buyer's own invoice of a receipt (pending while the PAC is asked, then issued). */
export function invoiceOfReceipt(db: Kysely<Database>, receiptId: number) {
  return db
    .selectFrom('invoice_documents')
    .selectAll()
    .where('kind', '=', 'invoice')
    .where('receipt_id', '=', receiptId)
    .executeTakeFirst();
}

/**
 * Reads a receipt inside a transaction, holding its row until the commit on PostgreSQL (SQLite runs
 * one transaction at a time): her claim, the period's close and a refund decide its fate one after
 * another, each seeing what the one before committed.
 */
export function lockedReceipt(trx: Transaction<Database>, receiptId: number) {
  let query = trx.selectFrom('invoice_documents').selectAll().where('id', '=', receiptId);
  if (trx.getExecutor().adapter instanceof PostgresAdapter) query = query.forUpdate();
  return query.executeTakeFirst();
}

/**
 * A payment's open receipt, locked (see `lockedReceipt`), with her invoice of it if any. Nothing
 * for a payment made while invoices were off, nor for a receipt already cancelled.
 */
export async function openReceiptOfPayment(
  trx: Transaction<Database>,
  paymentId: number,
): Promise<{ receipt: InvoiceDocument; invoice: InvoiceDocument | undefined } | null> {
  const found = await trx
    .selectFrom('invoice_documents')
    .select('id')
    .where('kind', '=', 'receipt')
    .where('payment_id', '=', paymentId)
    .executeTakeFirst();
  if (!found) return null;
  const receipt = (await lockedReceipt(trx, found.id))!;
  if (receipt.state === 'cancelled') return null;
  return { receipt, invoice: await invoiceOfReceipt(trx, receipt.id) };
}

/** What a document about a receipt copies from it: the sale it names, and whom. */
export function fromReceipt(receipt: InvoiceDocument) {
  return {
    payment_id: receipt.payment_id,
    assistance_id: receipt.assistance_id,
    event_id: receipt.event_id,
    client_id: receipt.client_id,
    receipt_id: receipt.id,
    paid_at: receipt.paid_at,
    payment_form: receipt.payment_form,
  };
}

/** Corrects a refunded receipt at the PAC: a cancellation or a credit note (payload: its id). */
export const ISSUE_REFUND_JOB = 'invoice-refund';
export interface IssueRefundPayload {
  document_id: number;
}

/** What a new document names; every other column starts empty. */
export type NewDocument = Pick<
  Insertable<InvoiceDocumentTable>,
  'kind' | 'key' | 'total_cents' | 'description'
> &
  Partial<Insertable<InvoiceDocumentTable>>;

/** A new document's row: pending, with every column it does not name empty. */
export function newDocumentRow(document: NewDocument): Insertable<InvoiceDocumentTable> {
  return {
    state: 'pending',
    payment_id: null,
    assistance_id: null,
    event_id: null,
    client_id: null,
    receipt_id: null,
    global_id: null,
    pac_id: null,
    uuid: null,
    paid_at: null,
    payment_form: null,
    self_invoice_until: null,
    period_end: null,
    receiver: null,
    error: null,
    created_at: new Date().toISOString(),
    issued_at: null,
    ...document,
  };
}

/**
 * Records a document as pending and queues the job that asks the PAC for it, in the caller's
 * transaction. Its key is unique: recorded twice (a webhook applied again), it is recorded and
 * queued once.
 */
export async function recordPendingDocument(
  trx: Transaction<Database>,
  document: NewDocument,
  jobKind: string,
): Promise<void> {
  const inserted = await trx
    .insertInto('invoice_documents')
    .values(newDocumentRow(document))
    .onConflict((oc) => oc.column('key').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!inserted) return;
  await enqueue(trx, {
    kind: jobKind,
    key: `${jobKind}:${inserted.id}`,
    payload: { document_id: inserted.id },
  });
}

/** What the PAC answered for a document: what it issued, or the error it gave. */
export type PacOutcome = { issued: { pacId: string; uuid?: string | null } } | { failed: Error };

/**
 * Records the PAC's answer on a document. Issued: marked so while still pending (a refund or an
 * undo by hand may have cancelled it meanwhile). Failed: the error is kept; a refusal marks the
 * document failed (an admin retries it once its cause is fixed), anything else leaves it pending
 * for the queue to try again.
 */
export async function recordPacOutcome(
  db: Kysely<Database>,
  documentId: number,
  outcome: PacOutcome,
): Promise<void> {
  if ('failed' in outcome) {
    await db
      .updateTable('invoice_documents')
      .set({
        error: outcome.failed.message.slice(0, 1000),
        ...(outcome.failed instanceof PacRefusal && { state: 'failed' as const }),
      })
      .where('id', '=', documentId)
      .execute();
    return;
  }
  await db
    .updateTable('invoice_documents')
    .set({
      state: 'issued',
      pac_id: outcome.issued.pacId,
      uuid: outcome.issued.uuid ?? null,
      issued_at: new Date().toISOString(),
      error: null,
    })
    .where('id', '=', documentId)
    .where('state', '=', 'pending')
    .execute();
}
