import type { EventDetails, EventListItem } from '../../shared/contracts/events';
import { parseCategoryList } from '../../shared/domain/categories';
import { dayInMexicoCity, hasEnded, hasStarted } from '../../shared/domain/mexico-time';
import { placesAvailable } from '../../shared/domain/places';
import type { PriceNow } from '../../shared/domain/price-steps';
import { EVENT_STATUS } from '../../shared/domain/statuses';
import type { DB } from '../platform/db/database';
import type { EventRow } from '../platform/db/schema';
import type { ImageSources } from '../platform/images/image-store';
import { genderPriceNow } from './attendance/place-price';
import { NO_PLACES_TAKEN, type PlaceCounts, placeCounts } from './attendance/waiting-list';
import { eventImageSources, eventPicture } from './event-images';

export function centsToPesos(cents: number): number {
  return Math.round(cents) / 100;
}

export async function categoriesByEvent(db: DB, eventIds: number[]): Promise<Map<number, string[]>> {
  const byEvent = new Map<number, string[]>();
  if (eventIds.length === 0) return byEvent;
  const rows = await db
    .selectFrom('event_categories')
    .select(['event_id', 'category'])
    .where('event_id', 'in', eventIds)
    .orderBy('category')
    .execute();
  for (const row of rows) {
    const list = byEvent.get(row.event_id) ?? [];
    list.push(row.category);
    byEvent.set(row.event_id, list);
  }
  return byEvent;
}

/**
 * Upcoming events the public sees: open or sold out, with a day and an hour, from today on (an
 * event that started today stays listed with `past`), and one from yesterday still under way (a
 * night that began before midnight is listed until it ends).
 */
export async function listPublicEvents(db: DB, category?: string, city?: string): Promise<EventListItem[]> {
  let query = db
    .selectFrom('events')
    .selectAll()
    .where('status_id', 'in', [EVENT_STATUS.confirmed, EVENT_STATUS.soldOut])
    .where('day', 'is not', null)
    .where('hour', 'is not', null)
    .where('day', '>=', dayInMexicoCity(new Date(Date.now() - 86_400_000)));
  if (category) {
    query = query.where('id', 'in', (sub) =>
      sub
        .selectFrom('event_categories')
        .select('event_id')
        .where('category', '=', parseCategoryList(`${category},`)[0] ?? ''),
    );
  }
  if (city) query = query.where('city', '=', city);
  const today = dayInMexicoCity();
  const events = (await query.orderBy('day').orderBy('hour').orderBy('id').execute()).filter(
    (event) => event.day! >= today || !hasEnded(event),
  );
  const ids = events.map((event) => event.id);
  const categories = await categoriesByEvent(db, ids);
  const counts = await placeCounts(db, ids);
  const sources = await eventImageSources(db, events);
  return events.map((event) =>
    toListItem(event, categories.get(event.id) ?? [], counts.get(event.id) ?? NO_PLACES_TAKEN, sources),
  );
}

function toListItem(
  event: EventRow,
  categories: string[],
  counts: PlaceCounts,
  sources: Map<number, ImageSources>,
): EventListItem {
  const soldOut = event.status_id === EVENT_STATUS.soldOut;
  return {
    id: event.id,
    name: event.name,
    day: event.day ?? '',
    dat: event.day ?? '',
    hour: event.hour ?? '',
    status_id: event.status_id,
    category: categories,
    price_m: centsToPesos(event.price_m_cents),
    price_w: centsToPesos(event.price_w_cents),
    ...eventPicture(event, categories, sources),
    venue: event.venue,
    address: event.address,
    city: event.city,
    duration_minutes: event.duration_minutes,
    age_min: event.age_min,
    age_max: event.age_max,
    available_w: placesAvailable({ limit: event.limit_w, held: counts.held_w, soldOut }),
    available_m: placesAvailable({ limit: event.limit_m, held: counts.held_m, soldOut }),
    past: hasStarted(event),
  };
}

/** An event the public may open: any status but deleted (0) and suspended (3). */
export async function findPublicEvent(db: DB, eventId: number): Promise<EventDetails | null> {
  const event = await db
    .selectFrom('events')
    .selectAll()
    .where('id', '=', eventId)
    .where('status_id', 'in', [EVENT_STATUS.confirmed, EVENT_STATUS.soldOut])
    .executeTakeFirst();
  if (!event) return null;
  const categories = (await categoriesByEvent(db, [event.id])).get(event.id) ?? [];
  const counts = (await placeCounts(db, [event.id])).get(event.id) ?? NO_PLACES_TAKEN;
  const sources = await eventImageSources(db, [event]);
  const [women, men] = await Promise.all([genderPriceNow(db, event, 1), genderPriceNow(db, event, 2)]);
  const listed = toListItem(event, categories, counts, sources);
  // A step never promises more places at its price than the event still has for her.
  const until = (now: PriceNow, available: number) =>
    now.step
      ? {
          day: now.step.until_day,
          places_left: now.places_left === null ? null : Math.min(now.places_left, available),
          after: now.after_cents,
        }
      : null;
  return {
    ...listed,
    description: event.description,
    occupation: event.occupation,
    price_now: { w: women.price_cents, m: men.price_cents },
    price_until: { w: until(women, listed.available_w), m: until(men, listed.available_m) },
  };
}
