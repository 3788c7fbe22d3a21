import type { FastifyInstance } from 'fastify';
import type { MemberPayment } from '../../shared/contracts/payments';
import { ASSISTANCE_STATUS } from '../../shared/domain/statuses';
import { memberPlaces } from '../events/attendance/places-for-payments';
import { type PaymentRow, parseInstructions } from './payment-records';
import { refundDeadline } from './refund-rule';

/** The payment that speaks for a sign-up: one that took money if any, else the latest attempt. */
function decisive(payments: PaymentRow[]): PaymentRow | undefined {
  const settled = payments.filter((payment) => ['paid', 'manual', 'refunded'].includes(payment.status));
  return settled.at(-1) ?? payments.at(-1);
}

/**
 * client/payments/get: for each of the member's places on a paid event, what is due, pending,
 * paid or refunded — what /asistencias and the event page show. Read from the server every time:
 * the page the provider sends her back to never trusts its address. Only the payments of her
 * current sign-up count: those of a sign-up she cancelled were let go when she signed up again.
 */
export async function listMemberPayments(app: FastifyInstance, clientId: number): Promise<MemberPayment[]> {
  const places = await memberPlaces(app.db, app.config, clientId);
  if (places.length === 0) return [];
  const payments = await app.db
    .selectFrom('payments')
    .selectAll()
    .where('client_id', '=', clientId)
    .orderBy('attempt')
    .execute();
  const byPlace = new Map<number, PaymentRow[]>();
  for (const payment of payments) {
    if (payment.assistance_id === null) continue;
    byPlace.set(payment.assistance_id, [...(byPlace.get(payment.assistance_id) ?? []), payment]);
  }
  const now = Date.now();
  const { refundHours } = app.config.payments;
  const answer: MemberPayment[] = [];
  for (const place of places) {
    const payment = decisive(byPlace.get(place.id) ?? []);
    const due = place.amount_due;
    const refundUntil = refundDeadline(place, refundHours)?.getTime() ?? 0;
    const common = {
      event_id: place.event_id,
      method: payment?.method ?? null,
      paid_at: payment?.paid_at ?? null,
      due_at: null,
      instructions: null,
      refund_until: null,
      refund_hours: refundHours,
      code: place.code,
    };
    if (payment?.status === 'paid' || payment?.status === 'manual') {
      const refundable =
        payment.status === 'paid' && place.status_id === ASSISTANCE_STATUS.confirmed && now < refundUntil;
      answer.push({
        ...common,
        state: payment.refund_requested_at ? 'refunding' : 'paid',
        amount_cents: payment.amount_cents,
        refund_until: refundable && !payment.refund_requested_at ? new Date(refundUntil).toISOString() : null,
      });
    } else if (payment?.status === 'refunded') {
      answer.push({ ...common, state: 'refunded', amount_cents: payment.amount_cents });
    } else if (place.status_id === ASSISTANCE_STATUS.registered && due > 0) {
      const instructions = payment?.status === 'pending' ? parseInstructions(payment.instructions) : null;
      answer.push({
        ...common,
        state: instructions ? 'awaiting' : 'due',
        amount_cents: payment?.status === 'pending' ? payment.amount_cents : due,
        due_at: place.payment_due_at,
        instructions,
      });
    }
  }
  return answer;
}
