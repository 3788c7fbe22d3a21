/**
 * The PAC as Cita uses it (docs/design/28-facturas.md, docs/decisions/0068): the few operations a paid
 * place's fiscal life needs, in our words. One implementation speaks Facturapi's API through its
 * official client (facturapi-pac.ts); the test PAC beside the server speaks the same API, so the
 * demo and the tests run production's code path.
 */

/** The receiver of an invoice, as written on her Constancia de Situación Fiscal. */
export interface FiscalReceiver {
  rfc: string;
  name: string;
  regime: string;
  zip: string;
  use: string;
  email: string;
}

/** One concept of a document: a place at an event, IVA included in its price. */
export interface PacItem {
  description: string;
  priceCents: number;
}

export interface PacReceipt {
  pacId: string;
  totalCents: number;
}

export interface PacInvoice {
  pacId: string;
  uuid: string;
  totalCents: number;
}

export interface NewReceipt {
  /** Our idempotency key: a retried call after a lost answer finds the receipt it made. */
  key: string;
  item: PacItem;
  /** c_FormaPago: 04 card, 01 cash, 03 transfer. */
  paymentForm: string;
  paidAt: string;
}

export interface NewGlobalInvoice {
  key: string;
  /** The PAC invoices every open receipt of the period: none invoiced by its buyer, none cancelled. */
  period: 'day' | 'week' | 'fortnight' | 'month';
  /** The period, Mexico City dates, both included. */
  from: string;
  to: string;
  /** One receipt it holds: a retry answered 409 finds the global through it. */
  heldReceiptId: string;
}

export interface NewCreditNote {
  key: string;
  /** The invoice it corrects (CFDI relation 01, nota de crédito). */
  invoiceUuid: string;
  receiver: FiscalReceiver;
  item: PacItem;
  paymentForm: string;
}

/** c_MotivoCancelacion (Anexo 20): 01 with a substitute, 02 errors without relation, 03 not carried out, 04 global. */
export type CancellationMotive = '01' | '02' | '03' | '04';

export interface Pac {
  createReceipt(receipt: NewReceipt): Promise<PacReceipt>;
  /** The buyer invoices her receipt; a receipt already invoiced answers the invoice it has. */
  invoiceReceipt(receiptId: string, receiver: FiscalReceiver, key: string): Promise<PacInvoice>;
  createGlobalInvoice(global: NewGlobalInvoice): Promise<PacInvoice>;
  cancelReceipt(receiptId: string): Promise<void>;
  createCreditNote(note: NewCreditNote): Promise<PacInvoice>;
  cancelInvoice(invoiceId: string, motive: CancellationMotive): Promise<void>;
  invoicePdf(invoiceId: string): Promise<Buffer>;
  invoiceXml(invoiceId: string): Promise<Buffer>;
  /** Whether the key is accepted (cita doctor). */
  check(): Promise<void>;
}

/** The PAC refused what it was sent (4xx): not retried; `message` says in Spanish what to fix. */
export class PacRefusal extends Error {
  constructor(
    message: string,
    readonly code: string | undefined,
  ) {
    super(message);
    this.name = 'PacRefusal';
  }
}

/** The PAC did not answer in time, or failed on its side: the same call may be tried again. */
export class PacUnavailable extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PacUnavailable';
  }
}
