import type { FastifyInstance } from 'fastify';
import type { MemberPayment } from '../../shared/contracts/payments';
import { mexicoLocalToUtc } from '../../shared/domain/mexico-time';
import { ASSISTANCE_STATUS } from '../../shared/domain/statuses';
import { amountDue } from '../events/attendance/payment-holds';
import { type PaymentRow, parseInstructions } from './payment-records';

/** The payment that speaks for a sign-up: one that took money if any, else the latest attempt. */
function decisive(payments: PaymentRow[]): PaymentRow | undefined {
  const settled = payments.filter((payment) => ['paid', 'manual', 'refunded'].includes(payment.status));
  return settled.at(-1) ?? payments.at(-1);
}

/**
 * client/payments/get: for each of the member's places on a paid event, what is due, pending,
 * paid or refunded — what /asistencias and the event page show. Read from the server every time:
 * the page the provider sends her back to never trusts its address.
 */
export async function listMemberPayments(app: FastifyInstance, clientId: number): Promise<MemberPayment[]> {
  const places = await app.db
    .selectFrom('assistance')
    .innerJoin('events', 'events.id', 'assistance.event_id')
    .innerJoin('clients', 'clients.id', 'assistance.client_id')
    .select([
      'assistance.id',
      'assistance.status_id',
      'assistance.payment_due_at',
      'events.id as event_id',
      'events.day',
      'events.hour',
      'events.price_w_cents',
      'events.price_m_cents',
      'clients.gender',
    ])
    .where('assistance.client_id', '=', clientId)
    .where('assistance.status_id', '!=', ASSISTANCE_STATUS.waiting)
    .orderBy('assistance.id')
    .execute();
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
  const answer: MemberPayment[] = [];
  for (const place of places) {
    const payment = decisive(byPlace.get(place.id) ?? []);
    const due = amountDue(app.config, place, place.gender);
    const start = place.day && place.hour ? mexicoLocalToUtc(place.day, place.hour).getTime() : 0;
    const refundUntil = start - app.config.payments.refundHours * 3_600_000;
    const common = {
      event_id: place.event_id,
      method: payment?.method ?? null,
      paid_at: payment?.paid_at ?? null,
      due_at: null,
      instructions: null,
      refund_until: null,
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
