import type { Kysely, Selectable } from 'kysely';
import type { Database, InvoiceDocumentTable } from '../platform/db/schema';

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
