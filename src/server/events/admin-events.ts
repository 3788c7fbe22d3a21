import type { FastifyInstance } from 'fastify';
import type { Transaction, Updateable } from 'kysely';
import { ADMIN_PAGE_SIZE } from '../../shared/contracts/admin';
import {
  type AdminEvent,
  AGE_BAND_ORDER,
  ageBandInOrder,
  DEFAULT_DURATION_MINUTES,
  type EventFields,
  priceStepsProblem,
} from '../../shared/contracts/admin-events';
import { formatCategoryList, parseCategoryList } from '../../shared/domain/categories';
import { DEFAULT_CITY } from '../../shared/domain/cities';
import { hasStarted } from '../../shared/domain/mexico-time';
import { placesAvailable } from '../../shared/domain/places';
import { foldForSearch } from '../../shared/domain/search-text';
import { EVENT_STATUS } from '../../shared/domain/statuses';
import { recordAudit } from '../platform/audit';
import { type BoundedTotal, boundedTotal } from '../platform/db/bounded-total';
import type { DB } from '../platform/db/database';
import { matchesFolded } from '../platform/db/folded-search';
import type { Database, EventRow, EventTable } from '../platform/db/schema';
import { badRequest, notFound } from '../platform/errors';
import {
  deleteImage,
  type ImageSources,
  isImageUpload,
  prepareImage,
  storeImage,
} from '../platform/images/image-store';
import { nowIso } from '../platform/time';
import { rescheduleReminders } from './attendance/reminders';
import {
  fillFreePlaces,
  lockEvent,
  MAN,
  NO_PLACES_TAKEN,
  type PlaceCounts,
  placeCounts,
  WOMAN,
} from './attendance/waiting-list';
import { eventImageSources, eventPicture } from './event-images';
import { categoriesByEvent, centsToPesos } from './public-events';

function toAdminEvent(
  event: EventRow,
  categories: string[],
  counts: PlaceCounts,
  sources: Map<number, ImageSources>,
): AdminEvent {
  return {
    id: event.id,
    name: event.name,
    day: event.day ?? '',
    hour: event.hour ?? '',
    description: event.description,
    price_m: centsToPesos(event.price_m_cents),
    price_w: centsToPesos(event.price_w_cents),
    limit_m: event.limit_m,
    limit_w: event.limit_w,
    confirmed_m: counts.confirmed_m,
    confirmed_w: counts.confirmed_w,
    left_m: Math.max(0, event.limit_m - counts.confirmed_m),
    left_w: Math.max(0, event.limit_w - counts.confirmed_w),
    available_m: placesAvailable({
      limit: event.limit_m,
      held: counts.held_m,
      soldOut: event.status_id === EVENT_STATUS.soldOut,
    }),
    available_w: placesAvailable({
      limit: event.limit_w,
      held: counts.held_w,
      soldOut: event.status_id === EVENT_STATUS.soldOut,
    }),
    held_m: counts.held_m,
    held_w: counts.held_w,
    waiting_m: counts.waiting_m,
    waiting_w: counts.waiting_w,
    checked_in_m: counts.checked_in_m,
    checked_in_w: counts.checked_in_w,
    checked_in_x: counts.checked_in_x,
    category: formatCategoryList(categories),
    occupation: event.occupation,
    status_id: event.status_id,
    ...eventPicture(event, categories, sources),
    venue: event.venue,
    address: event.address,
    city: event.city,
    duration_minutes: event.duration_minutes,
    age_min: event.age_min,
    age_max: event.age_max,
    past: hasStarted(event),
  };
}

/** One page of the events but the deleted ones, newest day first, optionally found by name. */
export async function listAdminEvents(
  db: DB,
  search: string | undefined,
  page: number,
): Promise<{ events: AdminEvent[] } & BoundedTotal> {
  let query = db.selectFrom('events').where('status_id', '<>', EVENT_STATUS.deleted);
  if (search) query = query.where(matchesFolded('search_text', search));
  const counted = await boundedTotal(db, query);
  const events = await query
    .selectAll()
    .orderBy('day', 'desc')
    .orderBy('hour', 'desc')
    .orderBy('id', 'desc')
    .limit(ADMIN_PAGE_SIZE)
    .offset((page - 1) * ADMIN_PAGE_SIZE)
    .execute();
  const ids = events.map((event) => event.id);
  const categories = await categoriesByEvent(db, ids);
  const counts = await placeCounts(db, ids);
  const sources = await eventImageSources(db, events);
  return {
    ...counted,
    events: events.map((event) =>
      toAdminEvent(event, categories.get(event.id) ?? [], counts.get(event.id) ?? NO_PLACES_TAKEN, sources),
    ),
  };
}

export async function findAdminEvent(db: DB, eventId: number): Promise<AdminEvent | null> {
  const event = await db
    .selectFrom('events')
    .selectAll()
    .where('id', '=', eventId)
    .where('status_id', '<>', EVENT_STATUS.deleted)
    .executeTakeFirst();
  if (!event) return null;
  const categories = (await categoriesByEvent(db, [eventId])).get(eventId) ?? [];
  const counts = (await placeCounts(db, [eventId])).get(eventId) ?? NO_PLACES_TAKEN;
  const steps = await db
    .selectFrom('event_price_steps')
    .select(['gender', 'price_cents', 'until_day', 'places'])
    .where('event_id', '=', eventId)
    .orderBy('gender')
    .orderBy('position')
    .execute();
  return {
    ...toAdminEvent(event, categories, counts, await eventImageSources(db, [event])),
    price_steps: steps.map((step) => ({
      gender: step.gender,
      price: centsToPesos(step.price_cents),
      until: step.until_day,
      places: step.places,
    })),
  };
}

/**
 * Saves an event's early-bird steps, numbered by order within each gender: places already sold
 * at a step keep counting against the step saved in its position.
 */
async function replacePriceSteps(
  trx: Transaction<Database>,
  eventId: number,
  steps: NonNullable<EventFields['price_steps']>,
): Promise<void> {
  await trx.deleteFrom('event_price_steps').where('event_id', '=', eventId).execute();
  const next = new Map<number, number>();
  const rows = steps.map((step) => {
    const position = next.get(step.gender) ?? 0;
    next.set(step.gender, position + 1);
    return {
      event_id: eventId,
      gender: step.gender,
      position,
      price_cents: Math.round(step.price * 100),
      until_day: step.until || null,
      places: step.places ?? null,
    };
  });
  if (rows.length > 0) await trx.insertInto('event_price_steps').values(rows).execute();
}

/** Refuses steps that do not fit the event as it will be saved: its prices and its places. */
function checkPriceSteps(
  event: Pick<EventRow, 'price_w_cents' | 'price_m_cents' | 'limit_w' | 'limit_m'>,
  steps: EventFields['price_steps'],
): void {
  if (!steps) return;
  const problem = priceStepsProblem({
    price_w: centsToPesos(event.price_w_cents),
    price_m: centsToPesos(event.price_m_cents),
    limit_w: event.limit_w,
    limit_m: event.limit_m,
    price_steps: steps,
  });
  if (problem) throw badRequest(problem);
}

function eventColumns(fields: EventFields) {
  return {
    name: fields.name,
    day: fields.day || null,
    hour: fields.hour || null,
    description: fields.description ?? '',
    price_m_cents: Math.round((fields.price_m ?? 0) * 100),
    price_w_cents: Math.round((fields.price_w ?? 0) * 100),
    limit_m: fields.limit_m ?? 0,
    limit_w: fields.limit_w ?? 0,
    occupation: fields.occupation ?? 0,
    status_id: fields.status_id ?? EVENT_STATUS.confirmed,
    venue: fields.venue ?? '',
    address: fields.address ?? '',
    city: fields.city ?? DEFAULT_CITY,
    duration_minutes: fields.duration_minutes ?? DEFAULT_DURATION_MINUTES,
    age_min: fields.age_min ?? null,
    age_max: fields.age_max ?? null,
  };
}

/** The columns an update names; a field left out of the body keeps its stored value. */
function eventChanges(fields: EventFields): Updateable<EventTable> {
  const all = eventColumns(fields);
  const changes: Updateable<EventTable> = { name: all.name };
  if (fields.day !== undefined) changes.day = all.day;
  if (fields.hour !== undefined) changes.hour = all.hour;
  if (fields.description !== undefined) changes.description = all.description;
  if (fields.price_m !== undefined) changes.price_m_cents = all.price_m_cents;
  if (fields.price_w !== undefined) changes.price_w_cents = all.price_w_cents;
  if (fields.limit_m !== undefined) changes.limit_m = all.limit_m;
  if (fields.limit_w !== undefined) changes.limit_w = all.limit_w;
  if (fields.occupation !== undefined) changes.occupation = all.occupation;
  if (fields.status_id !== undefined) changes.status_id = all.status_id;
  if (fields.venue !== undefined) changes.venue = all.venue;
  if (fields.address !== undefined) changes.address = all.address;
  if (fields.city !== undefined) changes.city = all.city;
  if (fields.duration_minutes !== undefined) changes.duration_minutes = all.duration_minutes;
  if (fields.age_min !== undefined) changes.age_min = all.age_min;
  if (fields.age_max !== undefined) changes.age_max = all.age_max;
  return changes;
}

async function replaceCategories(trx: Transaction<Database>, eventId: number, list: string): Promise<void> {
  await trx.deleteFrom('event_categories').where('event_id', '=', eventId).execute();
  const categories = parseCategoryList(list);
  if (categories.length > 0) {
    await trx
      .insertInto('event_categories')
      .values(categories.map((category) => ({ event_id: eventId, category })))
      .execute();
  }
}

/** Creates an event; the image (if any) is validated and encoded before anything is stored. */
export async function addEvent(
  app: FastifyInstance,
  adminId: number,
  fields: EventFields,
  image: string | null | undefined,
): Promise<number> {
  checkPriceSteps(eventColumns(fields), fields.price_steps);
  const prepared = isImageUpload(image) ? await prepareImage(image) : null;
  return app.db.transaction().execute(async (trx) => {
    const now = nowIso();
    const stored = prepared ? await storeImage(trx, 'event', prepared) : null;
    const { id } = await trx
      .insertInto('events')
      .values({
        ...eventColumns(fields),
        search_text: foldForSearch(fields.name),
        image_id: stored?.id ?? null,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await replaceCategories(trx, id, fields.category ?? '');
    if (fields.price_steps) await replacePriceSteps(trx, id, fields.price_steps);
    await recordAudit(trx, {
      adminId,
      action: 'event.add',
      entity: 'event',
      entityId: id,
      after: { ...eventColumns(fields), category: fields.category ?? '', image_id: stored?.id ?? null },
    });
    return id;
  });
}

export async function updateEvent(
  app: FastifyInstance,
  adminId: number,
  fields: EventFields & { id: number },
  image: string | null | undefined,
): Promise<void> {
  const prepared = isImageUpload(image) ? await prepareImage(image) : null;
  await app.db.transaction().execute(async (trx) => {
    let beforeQuery = trx.selectFrom('events').selectAll().where('id', '=', fields.id);
    // Two uploads at once must not both replace the same old image and leave one new one orphaned.
    if (app.config.databaseUrl) beforeQuery = beforeQuery.forUpdate();
    const before = await beforeQuery.executeTakeFirst();
    if (!before) throw notFound('El evento no existe');
    const beforeCategories = await trx
      .selectFrom('event_categories')
      .select('category')
      .where('event_id', '=', fields.id)
      .orderBy('category')
      .execute();
    const columns = eventChanges(fields);
    const after = { ...before, ...columns } as EventRow;
    if (!ageBandInOrder(after)) throw badRequest(AGE_BAND_ORDER);
    checkPriceSteps(after, fields.price_steps);
    const stored = prepared ? await storeImage(trx, 'event', prepared) : null;
    await trx
      .updateTable('events')
      .set({
        ...columns,
        search_text: foldForSearch(fields.name),
        updated_at: nowIso(),
        ...(stored ? { image_id: stored.id } : {}),
      })
      .where('id', '=', fields.id)
      .execute();
    // The replaced picture goes with the change: no image is left without its event.
    if (stored && before.image_id !== null) await deleteImage(trx, before.image_id);
    if (fields.category !== undefined) await replaceCategories(trx, fields.id, fields.category);
    if (fields.price_steps !== undefined) await replacePriceSteps(trx, fields.id, fields.price_steps);
    // Raised limits or a reopened event give places to the people waiting.
    const locked = await lockEvent(trx, fields.id);
    if (locked) {
      await fillFreePlaces(trx, app.config, locked, WOMAN);
      await fillFreePlaces(trx, app.config, locked, MAN);
      if (locked.day !== before.day || locked.hour !== before.hour) await rescheduleReminders(trx, locked);
    }
    await recordAudit(trx, {
      adminId,
      action: stored ? 'event.update_with_image' : 'event.update',
      entity: 'event',
      entityId: fields.id,
      before: { ...before, category: formatCategoryList(beforeCategories.map((row) => row.category)) },
      after: {
        ...columns,
        category: fields.category,
        image_id: stored ? stored.id : before.image_id,
      },
    });
  });
  app.queue.wake();
}
