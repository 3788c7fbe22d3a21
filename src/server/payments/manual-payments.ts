import type { Transaction } from 'kysely';
import { CURRENCY } from '../../shared/domain/money';
import { amountDue } from '../events/attendance/payment-holds';
import type { PaymentsConfig } from '../platform/config';
import type { Database } from '../platform/db/schema';

/**
 * An admin confirmed a place by hand (§4) on a paid event: the money was taken outside the site
 * (cash at the door, a transfer to the organizer). It is recorded as a 'manual' cash payment so
 * the figures and the attendance list show it, unless the place is already paid online.
 */
export function manualPaymentRecorder(config: { payments: PaymentsConfig; publicUrl: string }) {
  return async (trx: Transaction<Database>, assistanceId: number): Promise<void> => {
    const place = await trx
      .selectFrom('assistance')
      .innerJoin('events', 'events.id', 'assistance.event_id')
      .innerJoin('clients', 'clients.id', 'assistance.client_id')
      .select([
        'assistance.event_id',
        'assistance.client_id',
        'events.id',
        'events.day',
        'events.hour',
        'events.price_w_cents',
        'events.price_m_cents',
        'clients.gender',
      ])
      .where('assistance.id', '=', assistanceId)
      .executeTakeFirstOrThrow();
    const amount = amountDue(config, place, place.gender);
    if (amount === 0) return;
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
  };
}

export type ManualPaymentRecorder = ReturnType<typeof manualPaymentRecorder>;
