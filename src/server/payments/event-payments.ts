import type { AttendeePayment, EventPaymentsSummary } from '../../shared/contracts/payments';
import type { DB } from '../platform/db/database';
import { parseInstructions } from './payment-records';

/**
 * The back office's view of the payments of one event (docs/design/15-payments.md): per attendee, and the
 * event's totals. The events domain shows them through its PlaceMoneyView, which payments fills.
 */

/**
 * Per sign-up, the payment that speaks for it: one that took money if any, else the latest attempt;
 * and whether an OXXO voucher or SPEI transfer is still open beside it (docs/design/22-places-and-money.md: the admin
 * who confirms by hand is warned that paying it too would be refunded).
 */
export async function attendeePayments(db: DB, eventId: number): Promise<Map<number, AttendeePayment>> {
  const rows = await db
    .selectFrom('payments')
    .select(['assistance_id', 'status', 'method', 'amount_cents', 'paid_at', 'instructions'])
    .where('event_id', '=', eventId)
    .where('assistance_id', 'is not', null)
    .orderBy('attempt')
    .execute();
  const byPlace = new Map<number, AttendeePayment>();
  const awaiting = new Map<number, AttendeePayment['awaiting']>();
  for (const { assistance_id: assistanceId, instructions, ...payment } of rows) {
    if (assistanceId === null) continue;
    const voucher = payment.status === 'pending' ? parseInstructions(instructions) : null;
    if (voucher) awaiting.set(assistanceId, voucher.kind);
    const known = byPlace.get(assistanceId);
    const settled = (status: string) => status === 'paid' || status === 'manual' || status === 'refunded';
    if (!known || settled(payment.status) || !settled(known.status)) {
      byPlace.set(assistanceId, { ...payment, awaiting: null });
    }
  }
  for (const [assistanceId, kind] of awaiting) {
    const shown = byPlace.get(assistanceId);
    if (shown) shown.awaiting = kind;
  }
  return byPlace;
}

/** Places paid (online or by hand) and pending, money kept and money returned. */
export async function eventPaymentsSummary(db: DB, eventId: number): Promise<EventPaymentsSummary> {
  const rows = await db
    .selectFrom('payments')
    .select([
      'status',
      (eb) => eb.fn.countAll<number>().as('count'),
      (eb) => eb.fn.sum<number>('amount_cents').as('amount'),
      (eb) => eb.fn.sum<number>('refunded_cents').as('refunded'),
    ])
    .where('event_id', '=', eventId)
    .groupBy('status')
    .execute();
  const summary: EventPaymentsSummary = { paid: 0, pending: 0, revenue_cents: 0, refunded_cents: 0 };
  for (const row of rows) {
    if (row.status === 'paid' || row.status === 'manual') {
      summary.paid += Number(row.count);
      summary.revenue_cents += Number(row.amount) - Number(row.refunded);
    }
    if (row.status === 'pending') summary.pending += Number(row.count);
    summary.refunded_cents += Number(row.refunded ?? 0);
  }
  return summary;
}

/** What one night took in (docs/design/25-organizers.md): every payment that took money, and what went back. */
export async function eventRevenue(
  db: DB,
  eventId: number,
): Promise<{ gross_cents: number; refunded_cents: number }> {
  const row = await db
    .selectFrom('payments')
    .select([
      (eb) => eb.fn.sum<number>('amount_cents').as('gross'),
      (eb) => eb.fn.sum<number>('refunded_cents').as('refunded'),
    ])
    .where('event_id', '=', eventId)
    .where('status', 'in', ['paid', 'manual', 'refunded'])
    .executeTakeFirst();
  return { gross_cents: Number(row?.gross ?? 0), refunded_cents: Number(row?.refunded ?? 0) };
}
