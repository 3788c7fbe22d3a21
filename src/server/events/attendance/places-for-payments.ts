import type { FastifyInstance } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import { hasStarted, mexicoLocalToUtc } from '../../../shared/domain/mexico-time';
import { ASSISTANCE_STATUS } from '../../../shared/domain/statuses';
import type { Database } from '../../platform/db/schema';
import { heldCodes } from '../codes/promo-code-rules';
import { amountDue, type PlaceRules, scheduleHoldEnd } from './payment-holds';
import { placeQuery } from './place-query';
import { confirmPlace } from './priced-place';
import { hasFreePlace, lockEvent } from './waiting-list';

/**
 * What the payments domain may ask of places (docs/design/22-places-and-money.md): the one file of events it imports.
 * Events alone writes `assistance`; payments finds a place and what is due for it, extends or
 * ends a hold, and confirms a paid place, all through these functions. It hears of cancellations,
 * confirmations by hand, renewed and removed sign-ups through the hooks re-exported here.
 */

export { applyCodeToHeldPlace } from './code-at-checkout';
export type { CancelReason, PlaceRules } from './payment-holds';
export type {
  PlaceCancelled,
  PlaceConfirmedByHand,
  PlaceHooks,
  PlaceListener,
  PlaceMoneyView,
  PlaceUnconfirmed,
} from './place-hooks';

type Trx = Transaction<Database>;
type Reader = Kysely<Database>;

/** A sign-up as payments sees it. */
export interface PlaceForPayment {
  id: number;
  client_id: number;
  status_id: number;
  cancel_reason: string | null;
  payment_due_at: string | null;
  /** What she pays online for it: 0 when payments are off or the place is free. */
  amount_due: number;
  event_id: number;
  /** The event's name, day and hour. */
  name: string;
  day: string | null;
  hour: string | null;
  /** The member's first name and e-mail, for the payment's mails. */
  first_name: string;
  email: string;
}

type PlaceRow = Awaited<ReturnType<ReturnType<typeof placeQuery>['executeTakeFirstOrThrow']>>;

function asPlace(rules: PlaceRules, row: PlaceRow): PlaceForPayment {
  const { price_w_cents, price_m_cents, gender, amount_cents, ...place } = row;
  const priced = { id: row.event_id, day: row.day, hour: row.hour, price_w_cents, price_m_cents };
  return { ...place, amount_due: amountDue(rules, priced, gender, amount_cents) };
}

/** The member's sign-up to an event, whatever its status. */
export async function findPlace(
  db: Reader,
  rules: PlaceRules,
  clientId: number,
  eventId: number,
): Promise<PlaceForPayment | undefined> {
  const row = await placeQuery(db)
    .where('assistance.event_id', '=', eventId)
    .where('assistance.client_id', '=', clientId)
    .executeTakeFirst();
  return row && asPlace(rules, row);
}

export async function placeById(
  db: Reader,
  rules: PlaceRules,
  assistanceId: number,
): Promise<PlaceForPayment | undefined> {
  const row = await placeQuery(db).where('assistance.id', '=', assistanceId).executeTakeFirst();
  return row && asPlace(rules, row);
}

/**
 * The member's sign-ups that hold or held a place (not those waiting), oldest first, each with
 * the promo code it holds (null: none).
 */
export async function memberPlaces(
  db: Reader,
  rules: PlaceRules,
  clientId: number,
): Promise<(PlaceForPayment & { code: string | null })[]> {
  const rows = await placeQuery(db)
    .where('assistance.client_id', '=', clientId)
    .where('assistance.status_id', '!=', ASSISTANCE_STATUS.waiting)
    .orderBy('assistance.id')
    .execute();
  const codes = await heldCodes(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({ ...asPlace(rules, row), code: codes.get(row.id) ?? null }));
}

/**
 * Takes the event's lock, as every change of its places does: a payment applied under it runs
 * wholly before or after a sign-up, a cancellation or the hold's end. Undefined: no such event.
 */
export async function lockEventPlaces(
  trx: Trx,
  eventId: number,
): Promise<{ id: number; name: string; day: string | null; hour: string | null } | undefined> {
  const event = await lockEvent(trx, eventId);
  return event && { id: event.id, name: event.name, day: event.day, hour: event.hour };
}

/**
 * Money arrived for a place (under the event's lock). A held place is confirmed with its ticket;
 * a place that ended unpaid comes back while one of her gender is free and the event has not
 * started. False: there is no place to give her (the money must go back).
 */
export async function confirmPaidPlace(
  app: FastifyInstance,
  trx: Trx,
  assistanceId: number,
): Promise<boolean> {
  const place = await trx
    .selectFrom('assistance')
    .innerJoin('clients', 'clients.id', 'assistance.client_id')
    .select(['assistance.event_id', 'assistance.status_id', 'assistance.cancel_reason', 'clients.gender'])
    .where('assistance.id', '=', assistanceId)
    .executeTakeFirst();
  if (!place) return false;
  const event = await lockEvent(trx, place.event_id);
  if (!event) return false;
  if (place.status_id === ASSISTANCE_STATUS.confirmed) return true;
  const holding = place.status_id === ASSISTANCE_STATUS.registered;
  const canReturn =
    place.status_id === ASSISTANCE_STATUS.cancelled &&
    place.cancel_reason === 'payment_expired' &&
    !hasStarted(event) &&
    (await hasFreePlace(trx, event, place.gender));
  if (!holding && !canReturn) return false;
  await confirmPlace(app, trx, assistanceId, event);
  return true;
}

/**
 * A voucher or transfer reference holds the place until `until`, never past the event's start.
 * Only a place still held unpaid is extended, and a hold is never shortened.
 */
export async function extendHold(trx: Trx, assistanceId: number, until: string): Promise<void> {
  const place = await trx
    .selectFrom('assistance')
    .innerJoin('events', 'events.id', 'assistance.event_id')
    .select(['assistance.status_id', 'assistance.payment_due_at', 'events.day', 'events.hour'])
    .where('assistance.id', '=', assistanceId)
    .executeTakeFirst();
  if (!place || place.status_id !== ASSISTANCE_STATUS.registered) return;
  const start =
    place.day && place.hour ? mexicoLocalToUtc(place.day, place.hour).getTime() : Number.POSITIVE_INFINITY;
  const holdEnd = new Date(Math.min(new Date(until).getTime(), start)).toISOString();
  // A place held without an end (taken before payments were on) gets the voucher's end too.
  if (place.payment_due_at && place.payment_due_at >= holdEnd) return;
  await trx
    .updateTable('assistance')
    .set({ payment_due_at: holdEnd })
    .where('id', '=', assistanceId)
    .execute();
  await scheduleHoldEnd(trx, assistanceId, holdEnd);
}

/**
 * The voucher that held a place lapsed unpaid: the hold ends now (its job cancels the sign-up and
 * calls the next person waiting). A place already paid, cancelled or past its hold is left alone.
 */
export async function releaseUnpaidPlace(trx: Trx, assistanceId: number): Promise<void> {
  const now = new Date().toISOString();
  const place = await trx
    .selectFrom('assistance')
    .select(['status_id', 'payment_due_at'])
    .where('id', '=', assistanceId)
    .executeTakeFirst();
  if (
    place?.status_id !== ASSISTANCE_STATUS.registered ||
    !place.payment_due_at ||
    place.payment_due_at <= now
  )
    return;
  await trx.updateTable('assistance').set({ payment_due_at: now }).where('id', '=', assistanceId).execute();
  await scheduleHoldEnd(trx, assistanceId, now);
}
