import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { atTime, formatDate, formatDateTime } from '../../../shared/domain/mexico-dates';
import { dayInMexicoCity, hasStarted, mexicoLocalToUtc } from '../../../shared/domain/mexico-time';
import { ASSISTANCE_STATUS, EVENT_STATUS } from '../../../shared/domain/statuses';
import { notifyMember } from '../../notifications/notify-member';
import type { Database } from '../../platform/db/schema';
import { enqueueMail } from '../../platform/mail/mail-jobs';
import { enqueue } from '../../platform/queue/queue';
import { findAttendeeNoticeRow } from './attendee-notice-row';

export const REMINDER_JOB = 'event-reminder';
export const REMINDER_HOURS_BEFORE = 24;

export interface ReminderPayload {
  assistance_id: number;
  /** The event's day and hour when the reminder was planned: a moved event plans a new one. */
  day: string;
  hour: string;
}

/**
 * Plans the reminder of a confirmed attendee for 24 h before the event. The key names the
 * attendee and the event's time, so it is queued once per attendee and time, on any instance.
 * Confirmed less than 24 h before, the confirmation mail is the reminder: nothing is planned.
 */
export async function scheduleReminder(
  db: Kysely<Database>,
  assistanceId: number,
  event: { day: string | null; hour: string | null },
  now = new Date(),
): Promise<boolean> {
  if (!event.day || !event.hour) return false;
  const runAt = new Date(
    mexicoLocalToUtc(event.day, event.hour).getTime() - REMINDER_HOURS_BEFORE * 3_600_000,
  );
  if (runAt.getTime() <= now.getTime()) return false;
  const payload: ReminderPayload = { assistance_id: assistanceId, day: event.day, hour: event.hour };
  return enqueue(db, {
    kind: REMINDER_JOB,
    key: `event-reminder:assistance:${assistanceId}:${event.day}T${event.hour}`,
    payload,
    runAt,
  });
}

/** After an event moves: a reminder for the new time for each confirmed attendee. */
export async function rescheduleReminders(
  db: Kysely<Database>,
  event: { id: number; day: string | null; hour: string | null },
): Promise<void> {
  const confirmed = await db
    .selectFrom('assistance')
    .select('id')
    .where('event_id', '=', event.id)
    .where('status_id', '=', ASSISTANCE_STATUS.confirmed)
    .execute();
  for (const row of confirmed) await scheduleReminder(db, row.id, event);
}

/** 'Mañana' as planned; 'Hoy' (or the day) when the reminder runs late. */
function whichDay(day: string, now = new Date()): string {
  const today = dayInMexicoCity(now);
  if (day === today) return 'Hoy';
  if (day === dayInMexicoCity(new Date(now.getTime() + 24 * 3_600_000))) return 'Mañana';
  const date = formatDate(day, now);
  return date.charAt(0).toUpperCase() + date.slice(1);
}

/**
 * At run time the reminder checks again: no longer confirmed, the event suspended, deleted or
 * already started → nothing; the event moved → a reminder for the new time instead.
 */
export async function remindAttendee(app: FastifyInstance, payload: ReminderPayload): Promise<void> {
  const row = await findAttendeeNoticeRow(app.db, payload.assistance_id);
  if (!row || row.status_id !== ASSISTANCE_STATUS.confirmed) return;
  if (row.event_status_id !== EVENT_STATUS.confirmed && row.event_status_id !== EVENT_STATUS.soldOut) return;
  if (row.day !== payload.day || row.hour !== payload.hour) {
    if (await scheduleReminder(app.db, row.id, row)) app.queue.wake();
    return;
  }
  if (hasStarted(row)) return;
  const where = row.venue ? `${row.venue}${row.address ? `, ${row.address}` : ''}` : '';
  await enqueueMail(app.db, `mail:reminder:assistance:${row.id}:${payload.day}T${payload.hour}`, {
    to: row.email,
    subject: `Mañana: ${row.name}`,
    text: [
      `Hola ${row.first_name}:`,
      '',
      `Te esperamos en «${row.name}» el ${formatDateTime(payload.day, payload.hour)} (hora del centro de México).`,
      ...(where ? [`Lugar: ${where}`] : []),
      'Lleva a la mano el código QR de tu boleto (te lo enviamos al confirmar tu lugar y está en «Mis asistencias»).',
      '',
      `${app.config.publicUrl}/evento/${row.event_id}`,
      '',
      'Cita',
    ].join('\n'),
  });
  await notifyMember(app.db, `reminder:assistance:${row.id}:${payload.day}T${payload.hour}`, {
    clientId: row.client_id,
    kind: 'event_reminder',
    title: `${whichDay(payload.day)}: «${row.name}» ${atTime(payload.hour)}`,
    body: where
      ? `En ${where}. Lleva a la mano tu boleto con su código QR.`
      : 'Lleva a la mano tu boleto con su código QR.',
    url: '/asistencias',
    tag: `event-reminder:${row.id}`,
  });
  app.queue.wake();
}

export function registerReminderJob(app: FastifyInstance): void {
  app.queue.handle<ReminderPayload>(REMINDER_JOB, (payload) => remindAttendee(app, payload));
}
