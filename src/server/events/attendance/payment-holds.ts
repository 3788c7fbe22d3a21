import type { Kysely, Transaction } from 'kysely';
import { formatInstant } from '../../../shared/domain/mexico-dates';
import { mexicoLocalToUtc } from '../../../shared/domain/mexico-time';
import { formatCents, priceForGender } from '../../../shared/domain/money';
import type { PaymentsConfig } from '../../platform/config';
import type { Database } from '../../platform/db/schema';
import { enqueue } from '../../platform/queue/queue';
import { fixPlacePrice } from './place-price';
import { promotionHoldEnd } from './promotion-hold';

/**
 * Places held until paid (docs/design/15-payments.md): on a paid event a place (status 1) is held until
 * `payment_due_at`; when that passes unpaid, the sign-up is cancelled and the place goes to the
 * next person waiting. The payments domain confirms, extends holds and refunds through
 * places-for-payments.ts and hears of cancellations through place-hooks.ts; this folder never
 * imports it.
 */

export const HOLD_END_JOB = 'payment-hold-end';
export const PAYMENT_DUE_PUSH_JOB = 'payment-due-push';

/** "Pago por vencer" (docs/design/21-pocket.md) comes this long before a hold ends… */
export const PAYMENT_DUE_NOTICE_MS = 2 * 3_600_000;
/** …for holds that, when they start, end more than this far away (shorter ones are paid at once). */
const PAYMENT_DUE_LEAST_HOLD_MS = PAYMENT_DUE_NOTICE_MS + 15 * 60_000;

export type CancelReason = 'member' | 'admin' | 'payment_expired';

/** What giving a place needs: the site's address for the mail and the payment rules. */
export interface PlaceRules {
  publicUrl: string;
  payments: PaymentsConfig;
}

export interface HoldEndPayload {
  assistance_id: number;
  due_at: string;
}

type Trx = Transaction<Database>;

export interface PricedEvent {
  id: number;
  day: string | null;
  hour: string | null;
  price_w_cents: number;
  price_m_cents: number;
}

/**
 * The member's price when places are paid online; 0 when payments are off or the place is free.
 * `fixed` is the place's own amount (`assistance.amount_cents`), set when her hold started: a
 * later change of the event's prices does not change what she owes.
 */
export function amountDue(
  rules: PlaceRules,
  event: PricedEvent,
  gender: number,
  fixed: number | null = null,
): number {
  if (rules.payments.mode === 'off') return 0;
  return fixed ?? priceForGender(event, gender);
}

/** The line of a mail that says what to pay and until when. */
export function payBeforeLine(amountCents: number, dueAt: string): string {
  return `Paga ${formatCents(amountCents)} antes del ${formatInstant(dueAt)} (hora del centro de México) para confirmar tu lugar; si no, pasará a la siguiente persona en espera.`;
}

/**
 * Plans the end of a hold and, for a long one, the "pago por vencer" push two hours before: the
 * jobs' keys name the time, so a moved hold plans new ones and the old ones find it moved.
 */
export async function scheduleHoldEnd(
  db: Kysely<Database>,
  assistanceId: number,
  dueAt: string,
  now = Date.now(),
): Promise<void> {
  const payload: HoldEndPayload = { assistance_id: assistanceId, due_at: dueAt };
  await enqueue(db, {
    kind: HOLD_END_JOB,
    key: `payment-hold-end:assistance:${assistanceId}:${dueAt}`,
    payload,
    runAt: new Date(dueAt),
  });
  const end = Date.parse(dueAt);
  if (end - now <= PAYMENT_DUE_LEAST_HOLD_MS) return;
  await enqueue(db, {
    kind: PAYMENT_DUE_PUSH_JOB,
    key: `payment-due-push:assistance:${assistanceId}:${dueAt}`,
    payload,
    runAt: new Date(end - PAYMENT_DUE_NOTICE_MS),
  });
}

/** Sets the hold's end and plans it; null (nothing due) when the place is free or has no start. */
async function holdPlace(
  trx: Trx,
  rules: PlaceRules,
  assistanceId: number,
  event: PricedEvent,
  gender: number,
  endOf: (eventStart: Date) => Date,
): Promise<string | null> {
  const place = await trx
    .selectFrom('assistance')
    .select('amount_cents')
    .where('id', '=', assistanceId)
    .executeTakeFirstOrThrow();
  // The price is fixed when her hold starts, not when she pays (docs/design/25-organizers.md).
  const amount =
    place.amount_cents === null
      ? await fixPlacePrice(trx, rules, assistanceId, event, gender)
      : amountDue(rules, event, gender, place.amount_cents);
  if (amount === 0 || !event.day || !event.hour) {
    await trx
      .updateTable('assistance')
      .set({ payment_due_at: null })
      .where('id', '=', assistanceId)
      .execute();
    return null;
  }
  const dueAt = endOf(mexicoLocalToUtc(event.day, event.hour)).toISOString();
  await trx.updateTable('assistance').set({ payment_due_at: dueAt }).where('id', '=', assistanceId).execute();
  await scheduleHoldEnd(trx, assistanceId, dueAt);
  return dueAt;
}

/**
 * Starts the hold of a place just signed up for: now plus PAYMENT_HOLD_MINUTES, never past the
 * event's start. Answers the end, or null when nothing is due.
 */
export async function startHold(
  trx: Trx,
  rules: PlaceRules,
  assistanceId: number,
  event: PricedEvent,
  gender: number,
): Promise<string | null> {
  return holdPlace(
    trx,
    rules,
    assistanceId,
    event,
    gender,
    (start) => new Date(Math.min(Date.now() + rules.payments.holdMinutes * 60_000, start.getTime())),
  );
}

/**
 * Starts the hold of a place given to the next person waiting: long enough to be seen and paid
 * whenever it frees (`promotionHoldEnd`). Answers the end, or null when nothing is due.
 */
export async function startPromotionHold(
  trx: Trx,
  rules: PlaceRules,
  assistanceId: number,
  event: PricedEvent,
  gender: number,
): Promise<string | null> {
  return holdPlace(trx, rules, assistanceId, event, gender, (start) =>
    promotionHoldEnd(new Date(), start, {
      holdHours: rules.payments.promotionHoldHours,
      ordinaryHoldMinutes: rules.payments.holdMinutes,
    }),
  );
}
