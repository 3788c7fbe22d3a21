import { mexicoLocalToUtc } from '../../shared/domain/mexico-time';

/**
 * The refund rule (docs/design/15-payments.md, docs/design/22-places-and-money.md), the one place that counts it: a paid place cancelled (by
 * the member, or an admin for her) at least REFUND_HOURS before the event's start is refunded in
 * full; later, the place is freed and the money stays. The member's screens show the server's
 * figure (`refund_hours` in client/payments/get), never their own.
 */

interface Scheduled {
  day: string | null;
  hour: string | null;
}

/** The last moment a cancellation is refunded, or null for an event without a date. */
export function refundDeadline(event: Scheduled, refundHours: number): Date | null {
  if (!event.day || !event.hour) return null;
  return new Date(mexicoLocalToUtc(event.day, event.hour).getTime() - refundHours * 3_600_000);
}

/** Whether a cancellation at `cancelledAt` gets the money back. */
export function refundsCancellation(event: Scheduled, cancelledAt: string, refundHours: number): boolean {
  const deadline = refundDeadline(event, refundHours);
  return deadline !== null && new Date(cancelledAt).getTime() <= deadline.getTime();
}
