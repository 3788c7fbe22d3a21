import type { FastifyInstance } from 'fastify';
import type { Transaction } from 'kysely';
import type { PlaceCancelled, PlaceHooks, PlaceListener } from '../events/attendance/places-for-payments';
import type { Database } from '../platform/db/schema';
import { enqueue } from '../platform/queue/queue';
import { attendeePayments, eventPaymentsSummary } from './event-payments';
import { recordManualPayment, voidManualPayment } from './manual-payments';
import type { PaymentHooks } from './payment-hooks';
import { CLOSE_CHECKOUT_JOB, type CloseCheckoutPayload, requestRefund } from './payment-records';
import { refundsCancellation } from './refund-rule';

/** Payments keep their amounts and provider ids for the accounts, no longer tied to these sign-ups. */
async function detachFrom(trx: Transaction<Database>, assistanceIds: number[]): Promise<void> {
  await trx
    .updateTable('payments')
    .set({ assistance_id: null })
    .where('assistance_id', 'in', assistanceIds)
    .execute();
}

/**
 * A sign-up was cancelled: an open checkout is closed after the commit (nobody pays for a place she
 * no longer holds), and a paid place is refunded by the refund rule unless its hold simply ended.
 */
export async function settleCancelledPlace(
  trx: Transaction<Database>,
  refundHours: number,
  { assistanceId, reason, cancelledAt }: PlaceCancelled,
): Promise<void> {
  const payments = await trx
    .selectFrom('payments')
    .innerJoin('events', 'events.id', 'payments.event_id')
    .select(['payments.id', 'payments.status', 'events.day', 'events.hour'])
    .where('payments.assistance_id', '=', assistanceId)
    .where('payments.status', 'in', ['pending', 'paid'])
    .execute();
  for (const payment of payments) {
    if (payment.status === 'pending') {
      const payload: CloseCheckoutPayload = { payment_id: payment.id };
      await enqueue(trx, { kind: CLOSE_CHECKOUT_JOB, key: `payment-close:${payment.id}`, payload });
    } else if (reason !== 'payment_expired' && refundsCancellation(payment, cancelledAt, refundHours)) {
      await requestRefund(trx, payment.id, 'cancelled');
    }
  }
}

/**
 * What payments does when places change (docs/design/22-places-and-money.md), in the events domain's transaction: a
 * cancellation closes the open checkout and refunds by the rule, a confirmation by hand records
 * the money taken and its undo voids it, and a renewed or removed sign-up lets go of its payments,
 * so that a new sign-up owes and shows only its own. It also answers the back office's money
 * columns.
 */
export function listenToPlaces(app: FastifyInstance, hooks: PlaceHooks, paymentHooks: PaymentHooks): void {
  const listener: PlaceListener = {
    placeConfirmedByHand: (trx, confirmed) => recordManualPayment(trx, app.config, paymentHooks, confirmed),
    placeUnconfirmed: (trx, unconfirmed) => voidManualPayment(trx, paymentHooks, unconfirmed),
    placeRenewed: (trx, assistanceId) => detachFrom(trx, [assistanceId]),
    placesRemoved: detachFrom,
  };
  if (app.stripe) {
    listener.placeCancelled = (trx, cancelled) =>
      settleCancelledPlace(trx, app.config.payments.refundHours, cancelled);
  }
  hooks.subscribe(listener);
  hooks.showMoneyWith({ attendeePayments, eventSummary: eventPaymentsSummary });
}
