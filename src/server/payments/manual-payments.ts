import type { Transaction } from 'kysely';
import { CURRENCY } from '../../shared/domain/money';
import { type PlaceRules, placeById } from '../events/attendance/places-for-payments';
import type { Database } from '../platform/db/schema';

/**
 * An admin confirmed a place by hand (§4) on a paid event: the money was taken outside the site
 * (cash at the door, a transfer to the organizer). It is recorded as a 'manual' cash payment so
 * the figures and the attendance list show it, unless the place is already paid online. Called
 * by the events hook placeConfirmedByHand, in the confirmation's transaction.
 */
export async function recordManualPayment(
  trx: Transaction<Database>,
  rules: PlaceRules,
  assistanceId: number,
): Promise<void> {
  const place = await placeById(trx, rules, assistanceId);
  if (!place || place.amount_due === 0) return;
  const amount = place.amount_due;
  const earlier = await trx
    .selectFrom('payments')
    .select(['status', 'attempt'])
    .where('assistance_id', '=', assistanceId)
    .orderBy('attempt', 'desc')
    .execute();
  if (earlier.some((payment) => payment.status === 'paid' || payment.status === 'manual')) return;
  const now = new Date().toISOString();
  await trx
    .insertInto('payments')
    .values({
      assistance_id: assistanceId,
      event_id: place.event_id,
      client_id: place.client_id,
      amount_cents: amount,
      currency: CURRENCY,
      status: 'manual',
      method: 'cash',
      attempt: (earlier[0]?.attempt ?? 0) + 1,
      session_id: null,
      payment_intent_id: null,
      checkout_url: null,
      instructions: null,
      created_at: now,
      paid_at: now,
      failed_at: null,
      refund_requested_at: null,
      refunded_at: null,
      refund_id: null,
    })
    .execute();
}
