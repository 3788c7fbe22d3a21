import { stringify } from 'csv-stringify/sync';
import type { FastifyInstance } from 'fastify';
import type { Transaction, Updateable } from 'kysely';
import {
  type AdminAttendee,
  type AdminEvent,
  AGE_BAND_ORDER,
  ageBandInOrder,
  DEFAULT_DURATION_MINUTES,
  type EventFields,
} from '../../shared/contracts/admin-events';
import { formatCategoryList, parseCategoryList } from '../../shared/domain/categories';
import { DEFAULT_CITY } from '../../shared/domain/cities';
import { genderLabel } from '../../shared/domain/genders';
import { ASSISTANCE_STATUS, ASSISTANCE_STATUS_LABELS, EVENT_STATUS } from '../../shared/domain/statuses';
import { recordAudit } from '../platform/audit';
import type { DB } from '../platform/db/database';
import type { Database, EventRow, EventTable } from '../platform/db/schema';
import { badRequest, conflict, notFound } from '../platform/errors';
import {
  deleteImage,
  type ImageSources,
  isImageUpload,
  prepareImage,
  storeImage,
} from '../platform/images/image-store';
import { nowIso } from '../platform/time';
import { eventImageSources, eventPicture } from './event-images';
import {
  hasStarted,
  limitOf,
  lockEvent,
  MAN,
  NO_PLACES_TAKEN,
  type PlaceCounts,
  placeCounts,
  WOMAN,
} from './places';
import { categoriesByEvent, centsToPesos } from './public-events';
import { rescheduleReminders } from './reminders';
import { cancelAssistance, fillFreePlaces } from './sign-ups';
import { issueTicket } from './tickets';

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
  const counts = await placeCounts(db, ids);
  const sources = await eventImageSources(db, events);
  return events.map((event) =>
    toAdminEvent(event, categories.get(event.id) ?? [], counts.get(event.id) ?? NO_PLACES_TAKEN, sources),
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
  const counts = (await placeCounts(db, [eventId])).get(eventId) ?? NO_PLACES_TAKEN;
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
      'assistance.ticket',
      'assistance.checked_in_at',
    ])
    .where('assistance.event_id', '=', eventId)
    .orderBy('assistance.created_at')
    .orderBy('assistance.id')
    .execute();
  // Same order as waitingPosition: the n-th waiting sign-up of a gender is place n.
  const waitingSoFar = new Map<number, number>();
  return rows.map((row) => {
    let position: number | null = null;
    if (row.status_id === ASSISTANCE_STATUS.waiting) {
      position = (waitingSoFar.get(row.gender) ?? 0) + 1;
      waitingSoFar.set(row.gender, position);
    }
    return {
      id: row.id,
      client_id: row.client_id,
      client: `${row.first_name} ${row.last_name}`,
      email: row.email,
      phone: row.phone,
      instagram: row.instagram,
      gender: row.gender,
      status_id: row.status_id,
      contacted: row.contacted,
      position,
      ticket: row.status_id === ASSISTANCE_STATUS.confirmed ? row.ticket : null,
      checked_in: row.checked_in_at ? 1 : 0,
    };
  });
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
    const after = { ...before, ...columns } as EventRow;
    if (!ageBandInOrder(after)) throw badRequest(AGE_BAND_ORDER);
    const stored = prepared ? await storeImage(trx, 'event', prepared) : null;
    await trx
      .updateTable('events')
      .set({ ...columns, updated_at: nowIso(), ...(stored ? { image_id: stored.id } : {}) })
      .where('id', '=', fields.id)
      .execute();
    // The replaced picture goes with the change: no image is left without its event.
    if (stored && before.image_id !== null) await deleteImage(trx, before.image_id);
    if (fields.category !== undefined) await replaceCategories(trx, fields.id, fields.category);
    // Raised limits or a reopened event give places to the people waiting.
    const locked = await lockEvent(trx, fields.id);
    if (locked) {
      await fillFreePlaces(trx, app.config.publicUrl, locked, WOMAN);
      await fillFreePlaces(trx, app.config.publicUrl, locked, MAN);
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

function placesFull(gender: number): string {
  if (gender === WOMAN) return 'Ya no hay lugares disponibles para mujeres en este evento';
  return 'Ya no hay lugares disponibles para hombres en este evento';
}

export const CONFIRM_ONLY_REGISTERED =
  'Sólo se puede confirmar a una persona registrada (no en lista de espera ni cancelada)';
export const UNCONFIRM_ONLY_CONFIRMED = 'Sólo se puede retirar la confirmación de una persona confirmada';

const STATUS_MESSAGES: Record<1 | 2 | 4, string> = {
  1: 'Confirmación retirada',
  2: 'Asistencia confirmada',
  4: 'Registro cancelado',
};

export function attendeeStatusMessage(statusId: 1 | 2 | 4): string {
  return STATUS_MESSAGES[statusId];
}

/**
 * Confirms (1 → 2), un-confirms (2 → 1) or cancels (→ 4) an attendee. Everything happens under
 * the event row's lock (FOR UPDATE on PostgreSQL; SQLite's BEGIN IMMEDIATE serialises), so
 * concurrent confirmations never exceed the limit and a cancelled place is promoted once.
 * Confirming issues the ticket and e-mails it with its QR code.
 */
export async function setAttendeeStatus(
  app: FastifyInstance,
  adminId: number,
  assistanceId: number,
  statusId: 1 | 2 | 4,
): Promise<void> {
  await app.db.transaction().execute(async (trx) => {
    const found = await trx
      .selectFrom('assistance')
      .select(['id', 'event_id'])
      .where('id', '=', assistanceId)
      .executeTakeFirst();
    if (!found) throw notFound('El registro de asistencia no existe');
    if (statusId === ASSISTANCE_STATUS.cancelled) {
      const { before } = await cancelAssistance(app, trx, found);
      if (before !== ASSISTANCE_STATUS.cancelled) {
        await recordAudit(trx, {
          adminId,
          action: 'assistance.cancel',
          entity: 'assistance',
          entityId: assistanceId,
          before: { status_id: before },
          after: { status_id: statusId },
        });
      }
      return;
    }
    const event = await lockEvent(trx, found.event_id);
    if (!event) throw notFound('El evento no existe');
    const attendee = await trx
      .selectFrom('assistance')
      .innerJoin('clients', 'clients.id', 'assistance.client_id')
      .select(['assistance.status_id', 'clients.gender'])
      .where('assistance.id', '=', assistanceId)
      .executeTakeFirstOrThrow();
    if (attendee.status_id === statusId) return;
    if (statusId === ASSISTANCE_STATUS.confirmed) {
      if (attendee.status_id !== ASSISTANCE_STATUS.registered) throw conflict(CONFIRM_ONLY_REGISTERED);
      if (attendee.gender === WOMAN || attendee.gender === MAN) {
        const { total } = await trx
          .selectFrom('assistance')
          .innerJoin('clients', 'clients.id', 'assistance.client_id')
          .select((eb) => eb.fn.countAll<number>().as('total'))
          .where('assistance.event_id', '=', event.id)
          .where('assistance.status_id', '=', ASSISTANCE_STATUS.confirmed)
          .where('clients.gender', '=', attendee.gender)
          .executeTakeFirstOrThrow();
        if (Number(total) >= limitOf(event, attendee.gender)) throw conflict(placesFull(attendee.gender));
      }
    } else if (attendee.status_id !== ASSISTANCE_STATUS.confirmed) {
      throw conflict(UNCONFIRM_ONLY_CONFIRMED);
    }
    await trx.updateTable('assistance').set({ status_id: statusId }).where('id', '=', assistanceId).execute();
    if (statusId === ASSISTANCE_STATUS.confirmed) await issueTicket(app, trx, assistanceId, event);
    await recordAudit(trx, {
      adminId,
      action: statusId === ASSISTANCE_STATUS.confirmed ? 'assistance.confirm' : 'assistance.unconfirm',
      entity: 'assistance',
      entityId: assistanceId,
      before: { status_id: attendee.status_id },
      after: { status_id: statusId },
    });
  });
  app.queue.wake();
}

export const TICKET_UNKNOWN = 'Este código no corresponde a ningún boleto';
export const TICKET_OTHER_EVENT = 'Este boleto es de otro evento';
export const TICKET_NOT_CONFIRMED = 'Esta persona no tiene su lugar confirmado';
export const ALREADY_CHECKED_IN = 'Ya registró su llegada';

/**
 * Door check-in (design.md §11): the confirmed attendee of this event holding the code is
 * marked as arrived. The conditional update makes a second scan, even a simultaneous one, 409.
 */
export async function checkIn(
  db: DB,
  adminId: number,
  eventId: number,
  code: string,
): Promise<{ assistanceId: number; clientId: number; name: string; gender: number }> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('assistance')
      .innerJoin('clients', 'clients.id', 'assistance.client_id')
      .select([
        'assistance.id',
        'assistance.event_id',
        'assistance.client_id',
        'assistance.status_id',
        'assistance.checked_in_at',
        'clients.first_name',
        'clients.last_name',
        'clients.gender',
      ])
      .where('assistance.ticket', '=', code)
      .executeTakeFirst();
    if (!row) throw notFound(TICKET_UNKNOWN);
    if (row.event_id !== eventId) throw badRequest(TICKET_OTHER_EVENT);
    if (row.status_id !== ASSISTANCE_STATUS.confirmed) throw badRequest(TICKET_NOT_CONFIRMED);
    if (row.checked_in_at) throw conflict(ALREADY_CHECKED_IN);
    const now = nowIso();
    const result = await trx
      .updateTable('assistance')
      .set({ checked_in_at: now })
      .where('id', '=', row.id)
      .where('checked_in_at', 'is', null)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) throw conflict(ALREADY_CHECKED_IN);
    await recordAudit(trx, {
      adminId,
      action: 'assistance.checkin',
      entity: 'assistance',
      entityId: row.id,
      before: { checked_in_at: null },
      after: { checked_in_at: now },
    });
    return {
      assistanceId: row.id,
      clientId: row.client_id,
      name: `${row.first_name} ${row.last_name}`,
      gender: row.gender,
    };
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
      ASSISTANCE_STATUS_LABELS[attendee.status_id] ?? '',
      attendee.position === null ? '' : String(attendee.position),
      attendee.contacted ? 'Sí' : 'No',
      attendee.checked_in ? 'Sí' : 'No',
    ]),
    {
      bom: true,
      header: true,
      cast: { string: neutraliseCsvCell },
      columns: [
        'Nombre',
        'Correo',
        'Teléfono',
        'Instagram',
        'Género',
        'Estado',
        'Lugar en espera',
        'Contactado',
        'Llegó',
      ],
      record_delimiter: 'windows',
    },
  );
}
