import type { FastifyInstance } from 'fastify';
import type { Transaction } from 'kysely';
import type { AttendedEvent } from '../../shared/contracts/client-events';
import { ASSISTANCE_STATUS, EVENT_STATUS } from '../../shared/domain/statuses';
import type { DB } from '../platform/db/database';
import type { Database } from '../platform/db/schema';
import { badRequest, conflict, notFound } from '../platform/errors';
import { enqueueMail } from '../platform/mail/mail-jobs';
import type { OutgoingMail } from '../platform/mail/mailer';
import { ageOnDay, nowIso } from '../platform/time';
import { attendanceInvite } from './calendar-invite';
import {
  hasEnded,
  hasFreePlace,
  hasStarted,
  heldPlaces,
  type LockedEvent,
  limitOf,
  lockEvent,
  MAN,
  WOMAN,
  waitingPosition,
} from './places';

export const EVENT_NOT_AVAILABLE = 'El evento no existe o ya no está disponible';
export const EVENT_NOT_SCHEDULED = 'Este evento todavía no tiene fecha y hora: aún no abre el registro';
export const EVENT_PAST = 'Este evento ya pasó';
export const NOT_SIGNED_UP = 'No estás registrado/a en este evento';

type Trx = Transaction<Database>;

/** The caller's sign-ups, newest first, with where each one stands. */
export async function listClientEvents(db: DB, clientId: number): Promise<AttendedEvent[]> {
  const rows = await db
    .selectFrom('assistance')
    .innerJoin('events', 'events.id', 'assistance.event_id')
    .innerJoin('clients', 'clients.id', 'assistance.client_id')
    .select([
      'assistance.id',
      'assistance.event_id',
      'assistance.created_at',
      'assistance.ticket',
      'assistance.checked_in_at',
      'clients.gender',
      'events.name',
      'events.day',
      'events.hour',
      'events.venue',
      'events.address',
      'events.city',
      'events.duration_minutes',
      'assistance.status_id',
    ])
    .where('assistance.client_id', '=', clientId)
    .where('events.status_id', '!=', EVENT_STATUS.deleted)
    .orderBy('assistance.created_at', 'desc')
    .orderBy('assistance.id', 'desc')
    .execute();
  return Promise.all(
    rows.map(async (row) => ({
      id: row.id,
      event_id: row.event_id,
      name: row.name,
      day: row.day ?? '',
      hour: row.hour ?? '',
      status_id: row.status_id,
      position:
        row.status_id === ASSISTANCE_STATUS.waiting ? await waitingPosition(db, row, row.gender) : null,
      ticket: row.status_id === ASSISTANCE_STATUS.confirmed ? row.ticket : null,
      venue: row.venue,
      address: row.address,
      city: row.city,
      duration_minutes: row.duration_minutes,
      past: hasStarted(row),
      ended: hasEnded(row),
      checked_in: row.checked_in_at ? 1 : 0,
    })),
  );
}

/** 'Este evento es para personas de 25 a 40 años' (design.md §11). */
export function ageBandMessage(event: { age_min: number | null; age_max: number | null }): string {
  if (event.age_min !== null && event.age_max !== null) {
    return `Este evento es para personas de ${event.age_min} a ${event.age_max} años`;
  }
  if (event.age_min !== null) return `Este evento es para personas de ${event.age_min} años o más`;
  return `Este evento es para personas de hasta ${event.age_max} años`;
}

function checkAgeBand(event: LockedEvent & { day: string }, birthday: string | null): void {
  if (event.age_min === null && event.age_max === null) return;
  const age = ageOnDay(birthday, event.day);
  if (age === null) {
    throw badRequest(`${ageBandMessage(event)}: agrega tu fecha de nacimiento en tu perfil para registrarte`);
  }
  if ((event.age_min !== null && age < event.age_min) || (event.age_max !== null && age > event.age_max)) {
    throw badRequest(ageBandMessage(event));
  }
}

export interface SignUpResult {
  assistanceId: number;
  created: boolean;
  statusId: number;
  position: number | null;
}

/**
 * Signs the client up (design.md §11): a place (1) while their gender has one, else the waiting
 * list (3). A repeated sign-up answers the existing one; a cancelled member who signs up again
 * re-enters by the same rule, at the end of the queue (docs/decisions/0020). The event row is
 * locked for the whole count-and-write, so concurrent sign-ups never hold more than the limit.
 */
export async function signUpToEvent(
  app: FastifyInstance,
  clientId: number,
  eventId: number,
): Promise<SignUpResult> {
  const result = await app.db.transaction().execute(async (trx) => {
    const event = await lockEvent(trx, eventId);
    if (!event || (event.status_id !== EVENT_STATUS.confirmed && event.status_id !== EVENT_STATUS.soldOut)) {
      throw notFound(EVENT_NOT_AVAILABLE);
    }
    if (!event.day || !event.hour) throw conflict(EVENT_NOT_SCHEDULED);
    const scheduled = { ...event, day: event.day, hour: event.hour };
    if (hasStarted(scheduled)) throw conflict(EVENT_PAST);
    const client = await trx
      .selectFrom('clients')
      .select(['gender', 'birthday', 'first_name', 'email'])
      .where('id', '=', clientId)
      .executeTakeFirstOrThrow();
    const existing = await trx
      .selectFrom('assistance')
      .select(['id', 'event_id', 'status_id', 'created_at'])
      .where('event_id', '=', eventId)
      .where('client_id', '=', clientId)
      .executeTakeFirst();
    if (existing && existing.status_id !== ASSISTANCE_STATUS.cancelled) {
      const position =
        existing.status_id === ASSISTANCE_STATUS.waiting
          ? await waitingPosition(trx, existing, client.gender)
          : null;
      return { assistanceId: existing.id, created: false, statusId: existing.status_id, position };
    }
    checkAgeBand(scheduled, client.birthday);
    const statusId = (await hasFreePlace(trx, event, client.gender))
      ? ASSISTANCE_STATUS.registered
      : ASSISTANCE_STATUS.waiting;
    const createdAt = nowIso();
    let assistanceId: number;
    if (existing) {
      await trx
        .updateTable('assistance')
        .set({ status_id: statusId, created_at: createdAt, contacted: 0, ticket: null, checked_in_at: null })
        .where('id', '=', existing.id)
        .execute();
      assistanceId = existing.id;
    } else {
      const row = await trx
        .insertInto('assistance')
        .values({
          event_id: eventId,
          client_id: clientId,
          status_id: statusId,
          contacted: 0,
          created_at: createdAt,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      assistanceId = row.id;
    }
    const assistance = { id: assistanceId, event_id: eventId, created_at: createdAt };
    const position =
      statusId === ASSISTANCE_STATUS.waiting ? await waitingPosition(trx, assistance, client.gender) : null;
    await enqueueMail(
      trx,
      `mail:sign-up:assistance:${assistanceId}:${createdAt}`,
      signUpMail(app.config.publicUrl, client, assistanceId, scheduled, position),
    );
    return { assistanceId, created: true, statusId, position };
  });
  if (result.created) app.queue.wake();
  return result;
}

function signUpMail(
  publicUrl: string,
  client: { first_name: string; email: string },
  assistanceId: number,
  event: LockedEvent & { day: string; hour: string },
  position: number | null,
): OutgoingMail {
  const url = `${publicUrl}/evento/${event.id}`;
  const where = event.venue ? ` en ${event.venue}${event.address ? ` (${event.address})` : ''}` : '';
  if (position !== null) {
    return {
      to: client.email,
      subject: `Lista de espera: ${event.name}`,
      text: [
        `Hola ${client.first_name}:`,
        '',
        `Los lugares de «${event.name}» (${event.day}, ${event.hour}) están ocupados: quedaste en la lista de espera, lugar ${position}.`,
        'Si se libera un lugar te avisaremos por correo.',
        '',
        url,
        '',
        'Cita',
      ].join('\n'),
    };
  }
  const invite = attendanceInvite(assistanceId, event, url);
  return {
    to: client.email,
    subject: `Tu registro: ${event.name}`,
    text: [
      `Hola ${client.first_name}:`,
      '',
      `Quedaste registrado/a en «${event.name}», el ${event.day} a las ${event.hour} (hora del centro de México)${where}.`,
      'Te contactaremos para confirmar tu lugar y el pago. Agrega el evento a tu calendario con el archivo adjunto.',
      '',
      url,
      '',
      'Cita',
    ].join('\n'),
    attachments: [{ filename: 'evento.ics', content: invite, contentType: 'text/calendar; charset=utf-8' }],
  };
}

/**
 * Gives the places of this gender that are free to the first people waiting (3 → 1), each
 * e-mailed "Se liberó un lugar" in the same transaction. An Agotado event hands out none.
 */
export async function fillFreePlaces(
  trx: Trx,
  publicUrl: string,
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
    .select(['assistance.id', 'assistance.created_at', 'clients.first_name', 'clients.email'])
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
      .set({ status_id: ASSISTANCE_STATUS.registered })
      .where('id', '=', person.id)
      .execute();
    const url = `${publicUrl}/evento/${event.id}`;
    await enqueueMail(trx, `mail:place-freed:assistance:${person.id}:${person.created_at}`, {
      to: person.email,
      subject: `Se liberó un lugar: ${event.name}`,
      text: [
        `Hola ${person.first_name}:`,
        '',
        `Se liberó un lugar en «${event.name}» (${event.day}, ${event.hour}) y ya es tuyo: dejaste la lista de espera.`,
        'Te contactaremos para confirmar tu lugar y el pago.',
        '',
        url,
        '',
        'Cita',
      ].join('\n'),
    });
  }
  return next.map((person) => person.id);
}

/**
 * Cancels a sign-up (status 4) and gives its place to the first person waiting of that gender.
 * Used by the member (client/events/cancel) and by an admin on their behalf. Cancelling twice
 * changes nothing. Answers the status before the change.
 */
export async function cancelAssistance(
  app: FastifyInstance,
  trx: Trx,
  assistance: { id: number; event_id: number },
): Promise<{ before: number; gender: number }> {
  const event = await lockEvent(trx, assistance.event_id);
  if (!event) throw notFound(EVENT_NOT_AVAILABLE);
  // Read again under the event lock: a concurrent cancel or confirm may have changed it.
  const row = await trx
    .selectFrom('assistance')
    .innerJoin('clients', 'clients.id', 'assistance.client_id')
    .select(['assistance.status_id', 'clients.gender'])
    .where('assistance.id', '=', assistance.id)
    .executeTakeFirstOrThrow();
  if (row.status_id === ASSISTANCE_STATUS.cancelled) return { before: row.status_id, gender: row.gender };
  if (hasStarted(event)) throw conflict(EVENT_PAST);
  await trx
    .updateTable('assistance')
    .set({ status_id: ASSISTANCE_STATUS.cancelled, checked_in_at: null })
    .where('id', '=', assistance.id)
    .execute();
  await fillFreePlaces(trx, app.config.publicUrl, event, row.gender);
  return { before: row.status_id, gender: row.gender };
}

export async function cancelOwnSignUp(
  app: FastifyInstance,
  clientId: number,
  eventId: number,
): Promise<{ assistanceId: number; changed: boolean }> {
  const result = await app.db.transaction().execute(async (trx) => {
    const assistance = await trx
      .selectFrom('assistance')
      .select(['id', 'event_id'])
      .where('event_id', '=', eventId)
      .where('client_id', '=', clientId)
      .executeTakeFirst();
    if (!assistance) throw notFound(NOT_SIGNED_UP);
    const { before } = await cancelAssistance(app, trx, assistance);
    return { assistanceId: assistance.id, changed: before !== ASSISTANCE_STATUS.cancelled };
  });
  if (result.changed) app.queue.wake();
  return result;
}

/**
 * An erased account leaves every event: its rows go, and the places it held go to the people
 * waiting (the events are locked first, in id order, as a sign-up or cancel would).
 */
export async function leaveAllEvents(trx: Trx, publicUrl: string, clientId: number): Promise<void> {
  const held = await trx
    .selectFrom('assistance')
    .innerJoin('clients', 'clients.id', 'assistance.client_id')
    .select(['assistance.event_id', 'clients.gender'])
    .where('assistance.client_id', '=', clientId)
    .where('assistance.status_id', 'in', [ASSISTANCE_STATUS.registered, ASSISTANCE_STATUS.confirmed])
    .orderBy('assistance.event_id')
    .execute();
  const freed: [LockedEvent, number][] = [];
  for (const row of held) {
    const event = await lockEvent(trx, row.event_id);
    if (event) freed.push([event, row.gender]);
  }
  await trx.deleteFrom('assistance').where('client_id', '=', clientId).execute();
  for (const [event, gender] of freed) await fillFreePlaces(trx, publicUrl, event, gender);
}
