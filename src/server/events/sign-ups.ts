import type { FastifyInstance } from 'fastify';
import type { AttendedEvent } from '../../shared/contracts/client-events';
import { ASSISTANCE_STATUS, EVENT_STATUS } from '../../shared/domain/statuses';
import type { DB } from '../platform/db/database';
import { conflict, notFound } from '../platform/errors';
import { enqueueMail } from '../platform/mail/mail-jobs';
import type { OutgoingMail } from '../platform/mail/mailer';
import { nowIso, todayInMexico } from '../platform/time';
import { buildCalendarInvite } from './calendar-invite';

export const EVENT_NOT_AVAILABLE = 'El evento no existe o ya no está disponible';
export const EVENT_SOLD_OUT = 'Este evento está agotado';
export const EVENT_NOT_SCHEDULED = 'Este evento todavía no tiene fecha y hora: aún no abre el registro';
export const EVENT_PAST = 'Este evento ya pasó';

/** Events have no end time; the calendar entry blocks this long. */
const EVENT_DURATION_MINUTES = 180;

/** The caller's sign-ups, newest first. */
export async function listClientEvents(db: DB, clientId: number): Promise<AttendedEvent[]> {
  const rows = await db
    .selectFrom('assistance')
    .innerJoin('events', 'events.id', 'assistance.event_id')
    .select([
      'assistance.id',
      'assistance.event_id',
      'events.name',
      'events.day',
      'events.hour',
      'assistance.status_id',
    ])
    .where('assistance.client_id', '=', clientId)
    .where('events.status_id', '!=', EVENT_STATUS.deleted)
    .orderBy('assistance.created_at', 'desc')
    .orderBy('assistance.id', 'desc')
    .execute();
  return rows.map((row) => ({ ...row, day: row.day ?? '', hour: row.hour ?? '' }));
}

/**
 * Signs the client up to an open event once (design.md §4). A repeated sign-up, even a
 * concurrent one, finds the existing row through the unique (event, client) constraint and
 * answers with it: the button may be pressed twice, the person is still registered once.
 */
export async function signUpToEvent(
  app: FastifyInstance,
  clientId: number,
  eventId: number,
): Promise<{ assistanceId: number; created: boolean }> {
  const event = await app.db
    .selectFrom('events')
    .select(['id', 'name', 'description', 'day', 'hour', 'status_id'])
    .where('id', '=', eventId)
    .executeTakeFirst();
  if (!event || (event.status_id !== EVENT_STATUS.confirmed && event.status_id !== EVENT_STATUS.soldOut)) {
    throw notFound(EVENT_NOT_AVAILABLE);
  }
  if (event.status_id === EVENT_STATUS.soldOut) throw conflict(EVENT_SOLD_OUT);
  if (!event.day || !event.hour) throw conflict(EVENT_NOT_SCHEDULED);
  if (event.day < todayInMexico()) throw conflict(EVENT_PAST);
  const scheduled = { ...event, day: event.day, hour: event.hour };

  const inserted = await app.db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('assistance')
      .values({
        event_id: eventId,
        client_id: clientId,
        status_id: ASSISTANCE_STATUS.registered,
        contacted: 0,
        created_at: nowIso(),
      })
      .onConflict((oc) => oc.columns(['event_id', 'client_id']).doNothing())
      .returning('id')
      .executeTakeFirst();
    if (row) {
      const mail = await signUpMail(trx, app.config.publicUrl, clientId, row.id, scheduled);
      await enqueueMail(trx, `mail:sign-up:event:${eventId}:client:${clientId}`, mail);
    }
    return row;
  });
  if (!inserted) {
    const existing = await app.db
      .selectFrom('assistance')
      .select('id')
      .where('event_id', '=', eventId)
      .where('client_id', '=', clientId)
      .executeTakeFirstOrThrow();
    return { assistanceId: existing.id, created: false };
  }
  app.queue.wake();
  return { assistanceId: inserted.id, created: true };
}

async function signUpMail(
  db: DB,
  publicUrl: string,
  clientId: number,
  assistanceId: number,
  event: { id: number; name: string; description: string; day: string; hour: string },
): Promise<OutgoingMail> {
  const client = await db
    .selectFrom('clients')
    .select(['first_name', 'email'])
    .where('id', '=', clientId)
    .executeTakeFirstOrThrow();
  const url = `${publicUrl}/evento/${event.id}`;
  const invite = buildCalendarInvite({
    uid: `asistencia-${assistanceId}@cita.mx`,
    day: event.day,
    hour: event.hour,
    durationMinutes: EVENT_DURATION_MINUTES,
    summary: event.name,
    description: `${event.description}\n\n${url}`.trim(),
    url,
  });
  return {
    to: client.email,
    subject: `Tu registro: ${event.name}`,
    text: [
      `Hola ${client.first_name}:`,
      '',
      `Quedaste registrado/a en «${event.name}», el ${event.day} a las ${event.hour} (hora del centro de México).`,
      'Te contactaremos para confirmar tu lugar. Agrega el evento a tu calendario con el archivo adjunto.',
      '',
      url,
      '',
      'Cita',
    ].join('\n'),
    attachments: [{ filename: 'evento.ics', content: invite, contentType: 'text/calendar; charset=utf-8' }],
  };
}
