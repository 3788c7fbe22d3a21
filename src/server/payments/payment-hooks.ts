import type { Transaction } from 'kysely';
import type { Database, PaymentMethod } from '../platform/db/schema';

type Trx = Transaction<Database>;

/** Money was taken for a place and the place is hers: online, or by hand on a paid event. */
export interface PaymentTaken {
  paymentId: number;
  assistanceId: number;
  clientId: number;
  eventId: number;
  eventName: string;
  amountCents: number;
  method: PaymentMethod | null;
  paidAt: string;
}

/** Money went back for a payment: all of it, or a part (the provider's partial refunds). */
export interface PaymentRefunded {
  paymentId: number;
  /** What this refund gave back. */
  refundedCents: number;
  /** What the payment has given back in all, this refund included: names the refund. */
  totalRefundedCents: number;
  full: boolean;
}

/** Money recorded by hand was voided: an admin undid the confirmation it came with. */
export interface PaymentVoided {
  paymentId: number;
}

/** What another domain hears of payments, inside the transaction that records them. */
export interface PaymentListener {
  paymentTaken?(trx: Trx, taken: PaymentTaken): Promise<void>;
  paymentRefunded?(trx: Trx, refunded: PaymentRefunded): Promise<void>;
  /** May refuse (throw an AppError): the undo then rolls back whole. */
  paymentVoided?(trx: Trx, voided: PaymentVoided): Promise<void>;
}

/**
 * The payments domain's hooks, built once per app (api-routes.ts) and handed to payments and to
 * whoever listens (invoices, docs/design/28-facturas.md): payments never imports its listeners.
 */
export class PaymentHooks {
  private readonly listeners: PaymentListener[] = [];

  subscribe(listener: PaymentListener): void {
    this.listeners.push(listener);
  }

  async taken(trx: Trx, taken: PaymentTaken): Promise<void> {
    for (const listener of this.listeners) await listener.paymentTaken?.(trx, taken);
  }

  async refunded(trx: Trx, refunded: PaymentRefunded): Promise<void> {
    for (const listener of this.listeners) await listener.paymentRefunded?.(trx, refunded);
  }

  async voided(trx: Trx, voided: PaymentVoided): Promise<void> {
    for (const listener of this.listeners) await listener.paymentVoided?.(trx, voided);
  }
}
