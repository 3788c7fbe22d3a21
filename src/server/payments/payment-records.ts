import type { Kysely, Selectable, Transaction } from 'kysely';
import type { PaymentInstructions } from '../../shared/contracts/payments';
import type { Database, PaymentMethod, PaymentTable } from '../platform/db/schema';
import { enqueue } from '../platform/queue/queue';

export type PaymentRow = Selectable<PaymentTable>;
type Trx = Transaction<Database>;

export const REFUND_JOB = 'payment-refund';
export const RECONCILE_JOB = 'payment-reconcile';
export const CLOSE_CHECKOUT_JOB = 'payment-close';
export const DELETE_CUSTOMER_JOB = 'payment-customer-delete';
/** Queued by versions before decision 0030; handled so that none left in a live database fails. */
export const LEGACY_ASSISTANCE_CANCELLED_JOB = 'assistance-cancelled';

/** Why money goes back: the member's mail says which. */
export type RefundReason = 'cancelled' | 'late' | 'duplicate' | 'admin' | 'erased';

export interface RefundPayload {
  payment_id: number;
  reason: RefundReason;
}

/** A pending payment whose sign-up was cancelled: its session or voucher is closed at the provider. */
export interface CloseCheckoutPayload {
  payment_id: number;
}

export interface LegacyAssistanceCancelledPayload {
  assistance_id: number;
  reason: 'member' | 'admin' | 'payment_expired';
  cancelled_at: string;
}

/** A Customer at the provider (SPEI) of a member who erased her account. */
export interface DeleteCustomerPayload {
  customer_id: string;
}

export interface ReconcilePayload {
  payment_id: number;
  /** 1 for the first look, one more each time the session is still pending. */
  round: number;
}

/** Stripe's payment method types as the product names them. */
export function methodOf(type: string | undefined | null): PaymentMethod | null {
  if (type === 'card') return 'card';
  if (type === 'oxxo') return 'oxxo';
  if (type === 'customer_balance') return 'spei';
  return null;
}

export function parseInstructions(text: string | null): PaymentInstructions | null {
  if (text === null) return null;
  const instructions = JSON.parse(text) as PaymentInstructions;
  // SPEI details stored before the account holder was read from the provider have none.
  return instructions.kind === 'spei'
    ? { ...instructions, account_holder_name: instructions.account_holder_name ?? null }
    : instructions;
}

/**
 * Asks for a full refund of a paid payment, once: the request is recorded only while none was,
 * and the durable job that calls the provider carries an idempotency key of its own.
 */
export async function requestRefund(trx: Trx, paymentId: number, reason: RefundReason): Promise<boolean> {
  const result = await trx
    .updateTable('payments')
    .set({ refund_requested_at: new Date().toISOString() })
    .where('id', '=', paymentId)
    .where('status', '=', 'paid')
    .where('refund_requested_at', 'is', null)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) return false;
  const payload: RefundPayload = { payment_id: paymentId, reason };
  await enqueue(trx, { kind: REFUND_JOB, key: `payment-refund:${paymentId}`, payload });
  return true;
}

/** Marks a payment that is still pending as failed; false when it was not pending any more. */
export async function markFailed(db: Kysely<Database>, paymentId: number): Promise<boolean> {
  const result = await db
    .updateTable('payments')
    .set({ status: 'failed', failed_at: new Date().toISOString() })
    .where('id', '=', paymentId)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Plans another look at a pending session in `minutes`. */
export async function scheduleReconcile(
  db: Kysely<Database>,
  paymentId: number,
  round: number,
  minutes: number,
): Promise<void> {
  const payload: ReconcilePayload = { payment_id: paymentId, round };
  await enqueue(db, {
    kind: RECONCILE_JOB,
    key: `payment-reconcile:${paymentId}:${round}`,
    payload,
    runAt: new Date(Date.now() + minutes * 60_000),
  });
}
