import { stringify } from 'csv-stringify/sync';
import type { FastifyInstance } from 'fastify';
import type { Transaction, Updateable } from 'kysely';
import type { AdminAttendee, AdminEvent, EventFields } from '../../shared/contracts/admin-events';
import { formatCategoryList, parseCategoryList } from '../../shared/domain/categories';
import { genderLabel } from '../../shared/domain/genders';
import { ASSISTANCE_STATUS, EVENT_STATUS } from '../../shared/domain/statuses';
import { recordAudit } from '../platform/audit';
import type { DB } from '../platform/db/database';
import type { Database, EventRow, EventTable } from '../platform/db/schema';
import { conflict, notFound } from '../platform/errors';
import {
  deleteImage,
  type ImageSources,
  isImageUpload,
  prepareImage,
  storeImage,
} from '../platform/images/image-store';
import { nowIso } from '../platform/time';
import { eventImageSources, eventPicture } from './event-images';
import { categoriesByEvent, centsToPesos } from './public-events';

const WOMAN = 1;
const MAN = 2;

async function confirmedCounts(db: DB, eventIds: number[]): Promise<Map<number, { m: number; w: number }>> {
  const counts = new Map<number, { m: number; w: number }>();
  if (eventIds.length === 0) return counts;
  const rows = await db
    .selectFrom('assistance')
    .innerJoin('clients', 'clients.id', 'assistance.client_id')
    .select(['assistance.event_id', 'clients.gender', (eb) => eb.fn.countAll<number>().as('total')])
    .where('assistance.event_id', 'in', eventIds)
    .where('assistance.status_id', '=', ASSISTANCE_STATUS.confirmed)
    .groupBy(['assistance.event_id', 'clients.gender'])
    .execute();
  for (const row of rows) {
    const count = counts.get(row.event_id) ?? { m: 0, w: 0 };
    if (row.gender === MAN) count.m += Number(row.total);
    if (row.gender === WOMAN) count.w += Number(row.total);
    counts.set(row.event_id, count);
  }
  return counts;
}

function toAdminEvent(
  event: EventRow,
  categories: string[],
  confirmed: { m: number; w: number },
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
    confirmed_m: confirmed.m,
    confirmed_w: confirmed.w,
    left_m: Math.max(0, event.limit_m - confirmed.m),
    left_w: Math.max(0, event.limit_w - confirmed.w),
    category: formatCategoryList(categories),
    occupation: event.occupation,
    status_id: event.status_id,
    ...eventPicture(event, categories, sources),
  };
}

/** Every event but the deleted ones, newest day first (undated drafts on top). */
export async function listAdminEvents(db: DB): Promise<AdminEvent[]> {
  const events = await db
    .selectFrom('events')
    .selectAll()
    .where('status_id', '<>', EVENT_STATUS.deleted)
    .orderBy('day', 'desc')
    .orderBy('hour', 'desc')
    .orderBy('id', 'desc')
    .execute();
  const ids = events.map((event) => event.id);
  const categories = await categoriesByEvent(db, ids);
  const counts = await confirmedCounts(db, ids);
  const sources = await eventImageSources(db, events);
  return events.map((event) =>
    toAdminEvent(event, categories.get(event.id) ?? [], counts.get(event.id) ?? { m: 0, w: 0 }, sources),
  );
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
  const counts = (await confirmedCounts(db, [eventId])).get(eventId) ?? { m: 0, w: 0 };
  return toAdminEvent(event, categories, counts, await eventImageSources(db, [event]));
}

export async function listAttendees(db: DB, eventId: number): Promise<AdminAttendee[]> {
  const rows = await db
    .selectFrom('assistance')
    .innerJoin('clients', 'clients.id', 'assistance.client_id')
    .select([
      'assistance.id',
      'assistance.client_id',
      'clients.first_name',
      'clients.last_name',
      'clients.email',
      'clients.phone',
      'clients.instagram',
      'clients.gender',
      'assistance.status_id',
      'assistance.contacted',
    ])
    .where('assistance.event_id', '=', eventId)
    .orderBy('assistance.created_at')
    .orderBy('assistance.id')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    client_id: row.client_id,
    client: `${row.first_name} ${row.last_name}`,
    email: row.email,
    phone: row.phone,
    instagram: row.instagram,
    gender: row.gender,
    status_id: row.status_id,
    contacted: row.contacted,
  }));
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
  const prepared = isImageUpload(image) ? await prepareImage(image) : null;
  return app.db.transaction().execute(async (trx) => {
    const now = nowIso();
    const stored = prepared ? await storeImage(trx, 'event', prepared) : null;
    const { id } = await trx
      .insertInto('events')
      .values({ ...eventColumns(fields), image_id: stored?.id ?? null, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    await replaceCategories(trx, id, fields.category ?? '');
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
    const stored = prepared ? await storeImage(trx, 'event', prepared) : null;
    await trx
      .updateTable('events')
      .set({ ...columns, updated_at: nowIso(), ...(stored ? { image_id: stored.id } : {}) })
      .where('id', '=', fields.id)
      .execute();
    // The replaced picture goes with the change: no image is left without its event.
    if (stored && before.image_id !== null) await deleteImage(trx, before.image_id);
    if (fields.category !== undefined) await replaceCategories(trx, fields.id, fields.category);
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
}

function placesFull(gender: number): string {
  if (gender === WOMAN) return 'Ya no hay lugares disponibles para mujeres en este evento';
  return 'Ya no hay lugares disponibles para hombres en este evento';
}

/**
 * Confirms (1 → 2) or un-confirms (2 → 1) an attendee. Confirming counts the confirmed places
 * of that gender inside a transaction that holds the event row (FOR UPDATE on PostgreSQL; on
 * SQLite Kysely runs transactions one at a time on its single connection), so concurrent
 * confirmations can never exceed the limit.
 */
export async function setAttendeeStatus(
  app: FastifyInstance,
  adminId: number,
  assistanceId: number,
  statusId: 1 | 2,
): Promise<void> {
  await app.db.transaction().execute(async (trx) => {
    const attendee = await trx
      .selectFrom('assistance')
      .innerJoin('clients', 'clients.id', 'assistance.client_id')
      .select(['assistance.id', 'assistance.event_id', 'assistance.status_id', 'clients.gender'])
      .where('assistance.id', '=', assistanceId)
      .executeTakeFirst();
    if (!attendee) throw notFound('El registro de asistencia no existe');
    let eventQuery = trx
      .selectFrom('events')
      .select(['id', 'limit_m', 'limit_w'])
      .where('id', '=', attendee.event_id);
    if (app.config.databaseUrl) eventQuery = eventQuery.forUpdate();
    const event = await eventQuery.executeTakeFirstOrThrow();
    if (statusId === ASSISTANCE_STATUS.confirmed && attendee.gender !== 3) {
      const { total } = await trx
        .selectFrom('assistance')
        .innerJoin('clients', 'clients.id', 'assistance.client_id')
        .select((eb) => eb.fn.countAll<number>().as('total'))
        .where('assistance.event_id', '=', attendee.event_id)
        .where('assistance.status_id', '=', ASSISTANCE_STATUS.confirmed)
        .where('clients.gender', '=', attendee.gender)
        .executeTakeFirstOrThrow();
      const limit = attendee.gender === WOMAN ? event.limit_w : event.limit_m;
      if (attendee.status_id !== ASSISTANCE_STATUS.confirmed && Number(total) >= limit) {
        throw conflict(placesFull(attendee.gender));
      }
    }
    if (attendee.status_id === statusId) return;
    await trx.updateTable('assistance').set({ status_id: statusId }).where('id', '=', assistanceId).execute();
    await recordAudit(trx, {
      adminId,
      action: statusId === ASSISTANCE_STATUS.confirmed ? 'assistance.confirm' : 'assistance.unconfirm',
      entity: 'assistance',
      entityId: assistanceId,
      before: { status_id: attendee.status_id },
      after: { status_id: statusId },
    });
  });
}

export async function setAttendeeContacted(db: DB, adminId: number, assistanceId: number, contacted: 0 | 1) {
  await db.transaction().execute(async (trx) => {
    const before = await trx
      .selectFrom('assistance')
      .select(['id', 'contacted'])
      .where('id', '=', assistanceId)
      .executeTakeFirst();
    if (!before) throw notFound('El registro de asistencia no existe');
    await trx.updateTable('assistance').set({ contacted }).where('id', '=', assistanceId).execute();
    await recordAudit(trx, {
      adminId,
      action: 'assistance.contacted',
      entity: 'assistance',
      entityId: assistanceId,
      before: { contacted: before.contacted },
      after: { contacted },
    });
  });
}

/** 'Eliminar lista': removes every sign-up of the event. */
export async function cleanAttendance(db: DB, adminId: number, eventId: number): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const event = await trx.selectFrom('events').select('id').where('id', '=', eventId).executeTakeFirst();
    if (!event) throw notFound('El evento no existe');
    const removed = await trx.selectFrom('assistance').selectAll().where('event_id', '=', eventId).execute();
    await trx.deleteFrom('assistance').where('event_id', '=', eventId).execute();
    await recordAudit(trx, {
      adminId,
      action: 'assistance.clean',
      entity: 'event',
      entityId: eventId,
      before: removed,
      after: [],
    });
    return removed.length;
  });
}

const ASSISTANCE_LABELS: Record<number, string> = { 1: 'Registrado', 2: 'Confirmado' };

/**
 * A cell a spreadsheet would run as a formula (`=HYPERLINK(…)`, `+1+cmd|…`, `@SUM(…)`, or a tab
 * or CR first) is shown as text: a leading apostrophe, as OWASP advises for CSV injection.
 */
export function neutraliseCsvCell(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/**
 * The attendance list as CSV for Excel: UTF-8 with a BOM so accents open correctly, and no cell
 * that a member typed can run as a formula (design.md §13).
 */
export function attendanceCsv(attendees: AdminAttendee[]): string {
  return stringify(
    attendees.map((attendee) => [
      attendee.client,
      attendee.email,
      attendee.phone,
      attendee.instagram,
      genderLabel(attendee.gender),
      ASSISTANCE_LABELS[attendee.status_id] ?? '',
      attendee.contacted ? 'Sí' : 'No',
    ]),
    {
      bom: true,
      header: true,
      cast: { string: neutraliseCsvCell },
      columns: ['Nombre', 'Correo', 'Teléfono', 'Instagram', 'Género', 'Estado', 'Contactado'],
      record_delimiter: 'windows',
    },
  );
}
