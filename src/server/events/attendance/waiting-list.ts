import { PostgresAdapter, type Transaction } from 'kysely';
import { formatDateTime, formatInstant } from '../../../shared/domain/mexico-dates';
import { hasStarted } from '../../../shared/domain/mexico-time';
import { ASSISTANCE_STATUS, EVENT_STATUS } from '../../../shared/domain/statuses';
import { notifyMember } from '../../notifications/notify-member';
import type { DB } from '../../platform/db/database';
import type { Database } from '../../platform/db/schema';
import { enqueueMail } from '../../platform/mail/mail-jobs';
import { amountDue, type PlaceRules, payBeforeLine, startPromotionHold } from './payment-holds';

/**
 * The place and queue rules (docs/design/11-night-out.md): who holds a place, who waits and in which order,
 * and who gets a place when one frees up.
 */

export const WOMAN = 1;
export const MAN = 2;

/** Per gender: places held (registered + confirmed), confirmed, waiting, and door arrivals. */
export interface PlaceCounts {
  held_w: number;
  held_m: number;
  confirmed_w: number;
  confirmed_m: number;
  waiting_w: number;
  waiting_m: number;
  checked_in_w: number;
  checked_in_m: number;
  checked_in_x: number;
}

export const NO_PLACES_TAKEN: PlaceCounts = {
  held_w: 0,
  held_m: 0,
  confirmed_w: 0,
  confirmed_m: 0,
  waiting_w: 0,
  waiting_m: 0,
  checked_in_w: 0,
  checked_in_m: 0,
  checked_in_x: 0,
};

export async function placeCounts(db: DB, eventIds: number[]): Promise<Map<number, PlaceCounts>> {
  const counts = new Map<number, PlaceCounts>();
  if (eventIds.length === 0) return counts;
  const rows = await db
    .selectFrom('assistance')
    .innerJoin('clients', 'clients.id', 'assistance.client_id')
    .select([
      'assistance.event_id',
      'assistance.status_id',
      'clients.gender',
      (eb) => eb.fn.countAll<number>().as('total'),
      (eb) => eb.fn.count<number>('assistance.checked_in_at').as('arrived'),
    ])
    .where('assistance.event_id', 'in', eventIds)
    .groupBy(['assistance.event_id', 'assistance.status_id', 'clients.gender'])
    .execute();
  for (const row of rows) {
    const count = counts.get(row.event_id) ?? { ...NO_PLACES_TAKEN };
    const total = Number(row.total);
    const suffix = row.gender === WOMAN ? 'w' : row.gender === MAN ? 'm' : null;
    if (suffix) {
      if (row.status_id === ASSISTANCE_STATUS.registered || row.status_id === ASSISTANCE_STATUS.confirmed) {
        count[`held_${suffix}`] += total;
      }
      if (row.status_id === ASSISTANCE_STATUS.confirmed) count[`confirmed_${suffix}`] += total;
      if (row.status_id === ASSISTANCE_STATUS.waiting) count[`waiting_${suffix}`] += total;
    }
    count[`checked_in_${suffix ?? 'x'}`] += Number(row.arrived);
    counts.set(row.event_id, count);
  }
  return counts;
}

type Trx = Transaction<Database>;

export interface LockedEvent {
  id: number;
  name: string;
  description: string;
  day: string | null;
  hour: string | null;
  status_id: number;
  limit_w: number;
  limit_m: number;
  venue: string;
  address: string;
  city: string;
  duration_minutes: number;
  age_min: number | null;
  age_max: number | null;
  price_w_cents: number;
  price_m_cents: number;
}

/**
 * Reads the event inside a sign-up, cancel or confirm transaction. On PostgreSQL the row is
 * locked FOR UPDATE so that counting places and changing them is one step per event; SQLite's
 * BEGIN IMMEDIATE already runs such transactions one at a time.
 */
export async function lockEvent(trx: Trx, eventId: number): Promise<LockedEvent | undefined> {
  let query = trx
    .selectFrom('events')
    .select([
      'id',
      'name',
      'description',
      'day',
      'hour',
      'status_id',
      'limit_w',
      'limit_m',
      'venue',
      'address',
      'city',
      'duration_minutes',
      'age_min',
      'age_max',
      'price_w_cents',
      'price_m_cents',
    ])
    .where('id', '=', eventId);
  if (trx.getExecutor().adapter instanceof PostgresAdapter) query = query.forUpdate();
  return query.executeTakeFirst();
}

/** Sign-ups of one gender holding a place (registered + confirmed) of the event. */
export async function heldPlaces(trx: Trx, eventId: number, gender: number): Promise<number> {
  const { total } = await trx
    .selectFrom('assistance')
    .innerJoin('clients', 'clients.id', 'assistance.client_id')
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .where('assistance.event_id', '=', eventId)
    .where('assistance.status_id', 'in', [ASSISTANCE_STATUS.registered, ASSISTANCE_STATUS.confirmed])
    .where('clients.gender', '=', gender)
    .executeTakeFirstOrThrow();
  return Number(total);
}

export function limitOf(event: { limit_w: number; limit_m: number }, gender: number): number {
  return gender === WOMAN ? event.limit_w : event.limit_m;
}

/**
 * Whether a new sign-up of this gender gets a place now (docs/design/11-night-out.md). LGBTQ+ members are
 * always allowed (spec §4). An event the organizer marked Agotado hands out no more places
 * (docs/decisions/0020): everybody else joins the waiting list.
 */
export async function hasFreePlace(trx: Trx, event: LockedEvent, gender: number): Promise<boolean> {
  if (gender !== WOMAN && gender !== MAN) return true;
  if (event.status_id === EVENT_STATUS.soldOut) return false;
  return (await heldPlaces(trx, event.id, gender)) < limitOf(event, gender);
}

/** The waiting-list rank of a status-3 sign-up: 1 + those of its gender who signed up before. */
export async function waitingPosition(
  trx: DB | Trx,
  assistance: { id: number; event_id: number; created_at: string },
  gender: number,
): Promise<number> {
  const { ahead } = await trx
    .selectFrom('assistance')
    .innerJoin('clients', 'clients.id', 'assistance.client_id')
    .select((eb) => eb.fn.countAll<number>().as('ahead'))
    .where('assistance.event_id', '=', assistance.event_id)
    .where('assistance.status_id', '=', ASSISTANCE_STATUS.waiting)
    .where('clients.gender', '=', gender)
    .where((eb) =>
      eb.or([
        eb('assistance.created_at', '<', assistance.created_at),
        eb.and([
          eb('assistance.created_at', '=', assistance.created_at),
          eb('assistance.id', '<', assistance.id),
        ]),
      ]),
    )
    .executeTakeFirstOrThrow();
  return Number(ahead) + 1;
}

/**
 * Gives the places of this gender that are free to the first people waiting (3 → 1), each
 * e-mailed "Se liberó un lugar" in the same transaction, with a hold to pay on a paid event that
 * lasts long enough to be seen whenever the place frees (docs/design/21-pocket.md, fair waiting list).
 * An Agotado event hands out none.
 */
export async function fillFreePlaces(
  trx: Trx,
  rules: PlaceRules,
  event: LockedEvent,
  gender: number,
): Promise<number[]> {
  if (gender !== WOMAN && gender !== MAN) return [];
  if (event.status_id !== EVENT_STATUS.confirmed) return [];
  if (!event.day || !event.hour || hasStarted(event)) return [];
  const free = limitOf(event, gender) - (await heldPlaces(trx, event.id, gender));
  if (free <= 0) return [];
  const next = await trx
    .selectFrom('assistance')
    .innerJoin('clients', 'clients.id', 'assistance.client_id')
    .select([
      'assistance.id',
      'assistance.created_at',
      'assistance.client_id',
      'clients.first_name',
      'clients.email',
    ])
    .where('assistance.event_id', '=', event.id)
    .where('assistance.status_id', '=', ASSISTANCE_STATUS.waiting)
    .where('clients.gender', '=', gender)
    .orderBy('assistance.created_at')
    .orderBy('assistance.id')
    .limit(free)
    .execute();
  for (const person of next) {
    await trx
      .updateTable('assistance')
      .set({
        status_id: ASSISTANCE_STATUS.registered,
        promoted_at: new Date().toISOString(),
        amount_cents: null,
        price_step: null,
      })
      .where('id', '=', person.id)
      .execute();
    const dueAt = await startPromotionHold(trx, rules, person.id, event, gender);
    const { amount_cents: fixed } = await trx
      .selectFrom('assistance')
      .select('amount_cents')
      .where('id', '=', person.id)
      .executeTakeFirstOrThrow();
    const url = `${rules.publicUrl}/evento/${event.id}`;
    await enqueueMail(trx, `mail:place-freed:assistance:${person.id}:${person.created_at}`, {
      to: person.email,
      subject: `Se liberó un lugar: ${event.name}`,
      text: [
        `Hola ${person.first_name}:`,
        '',
        `Se liberó un lugar en «${event.name}» (${formatDateTime(event.day, event.hour)}) y ya es tuyo: dejaste la lista de espera.`,
        dueAt
          ? payBeforeLine(amountDue(rules, event, gender, fixed), dueAt)
          : 'Te contactaremos para confirmar tu lugar y el pago.',
        '',
        url,
        '',
        'Cita',
      ].join('\n'),
    });
    await notifyMember(trx, `place-freed:assistance:${person.id}:${person.created_at}`, {
      clientId: person.client_id,
      kind: 'place_freed',
      title: `Se liberó un lugar en «${event.name}»`,
      body: dueAt
        ? `Es tuyo hasta el ${formatInstant(dueAt)}. Paga para confirmarlo.`
        : 'Ya es tuyo: dejaste la lista de espera.',
      url: `/evento/${event.id}`,
      tag: `place-freed:${person.id}`,
    });
  }
  return next.map((person) => person.id);
}
