import type {
  AdminEventRatingsAnswer,
  AdminRatingTrendAnswer,
  ClientRatingGetAnswer,
} from '../../shared/contracts/organizer';
import { EVENT_STATUS } from '../../shared/domain/statuses';
import { cameToEvent } from '../events/attendance/attendee-segments';
import type { DB } from '../platform/db/database';
import { badRequest, notFound } from '../platform/errors';
import { nowIso } from '../platform/time';

export const RATING_NOT_CHECKED_IN = 'Solo puede calificar la noche quien llegó al evento';
const EVENT_NOT_FOUND = 'El evento no existe';

/** The night, whether she came, and her earlier rating: what /valorar/{id} shows before she rates. */
export async function ratingFor(
  db: DB,
  clientId: number,
  eventId: number,
): Promise<Omit<ClientRatingGetAnswer, 'status' | 'message'>> {
  const event = await db
    .selectFrom('events')
    .select(['id', 'name', 'day', 'hour', 'venue'])
    .where('id', '=', eventId)
    .where('status_id', '!=', EVENT_STATUS.deleted)
    .executeTakeFirst();
  if (!event) throw notFound(EVENT_NOT_FOUND);
  const rating = await db
    .selectFrom('event_ratings')
    .select(['stars', 'comment', 'rated_at'])
    .where('event_id', '=', eventId)
    .where('client_id', '=', clientId)
    .executeTakeFirst();
  return {
    event: { ...event, day: event.day ?? '', hour: event.hour ?? '' },
    came: await cameToEvent(db, clientId, eventId),
    rating: rating ?? null,
  };
}

/** Her rating of a night she came to; a second one replaces the first (docs/design/25-organizers.md). */
export async function rateEvent(
  db: DB,
  clientId: number,
  rating: { event_id: number; stars: number; comment?: string | undefined },
): Promise<void> {
  const event = await db
    .selectFrom('events')
    .select('id')
    .where('id', '=', rating.event_id)
    .where('status_id', '!=', EVENT_STATUS.deleted)
    .executeTakeFirst();
  if (!event) throw notFound(EVENT_NOT_FOUND);
  if (!(await cameToEvent(db, clientId, rating.event_id))) throw badRequest(RATING_NOT_CHECKED_IN);
  const values = { stars: rating.stars, comment: rating.comment || null, rated_at: nowIso() };
  await db
    .insertInto('event_ratings')
    .values({ event_id: rating.event_id, client_id: clientId, ...values })
    .onConflict((oc) => oc.columns(['event_id', 'client_id']).doUpdateSet(values))
    .execute();
}

/** Average, count and comments of one night, for the admins only (comments without names). */
export async function eventRatings(
  db: DB,
  eventId: number,
): Promise<Omit<AdminEventRatingsAnswer, 'status' | 'message'>> {
  const rows = await db
    .selectFrom('event_ratings')
    .select(['stars', 'comment', 'rated_at'])
    .where('event_id', '=', eventId)
    .orderBy('rated_at', 'desc')
    .execute();
  const total = rows.reduce((sum, row) => sum + row.stars, 0);
  return {
    average: rows.length ? Math.round((total / rows.length) * 10) / 10 : null,
    count: rows.length,
    comments: rows.flatMap((row) =>
      row.comment ? [{ stars: row.stars, comment: row.comment, rated_at: row.rated_at }] : [],
    ),
  };
}

/** Per venue, the average of its rated nights in date order: the dashboard's trend. */
export async function ratingTrend(db: DB): Promise<AdminRatingTrendAnswer['venues']> {
  const rows = await db
    .selectFrom('event_ratings')
    .innerJoin('events', 'events.id', 'event_ratings.event_id')
    .select([
      'events.venue',
      'events.day',
      'events.id',
      (eb) => eb.fn.avg<number>('event_ratings.stars').as('average'),
      (eb) => eb.fn.countAll<number>().as('count'),
    ])
    .where('events.status_id', '!=', EVENT_STATUS.deleted)
    .where('events.day', 'is not', null)
    .groupBy(['events.venue', 'events.day', 'events.id'])
    .orderBy('events.day')
    .execute();
  const venues = new Map<string, AdminRatingTrendAnswer['venues'][number]['nights']>();
  for (const row of rows) {
    const venue = row.venue || 'Sin lugar';
    const nights = venues.get(venue) ?? [];
    nights.push({
      day: row.day ?? '',
      average: Math.round(Number(row.average) * 10) / 10,
      count: Number(row.count),
    });
    venues.set(venue, nights);
  }
  return [...venues].map(([venue, nights]) => ({ venue, nights }));
}
