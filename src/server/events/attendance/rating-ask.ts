import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { mexicoLocalToUtc } from '../../../shared/domain/mexico-time';
import { notifyMember } from '../../notifications/notify-member';
import type { Database } from '../../platform/db/schema';
import { enqueueMail } from '../../platform/mail/mail-jobs';
import { enqueue } from '../../platform/queue/queue';
import { findAttendeeNoticeRow } from './attendee-notice-row';

export const RATING_ASK_JOB = 'event-rating-ask';
/** The next day at this hour, Mexico City time (docs/design/25-organizers.md): rested, and the night still fresh. */
export const RATING_ASK_HOUR = '12:00';

interface RatingAskPayload {
  assistance_id: number;
}

/** The day after 'YYYY-MM-DD'. */
function nextDay(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

/** When an attendee who came to a night of `day` is asked how it was. */
export function ratingAskAt(day: string): Date {
  return mexicoLocalToUtc(nextDay(day), RATING_ASK_HOUR);
}

/**
 * Planned at her check-in, in its transaction, like the reminders are at confirmation: only a
 * check-in earns the question, and the key asks her once per place however often it is planned.
 */
export async function scheduleRatingAsk(
  db: Kysely<Database>,
  assistanceId: number,
  eventDay: string | null,
): Promise<boolean> {
  if (!eventDay) return false;
  const payload: RatingAskPayload = { assistance_id: assistanceId };
  return enqueue(db, {
    kind: RATING_ASK_JOB,
    key: `event-rating-ask:assistance:${assistanceId}`,
    payload,
    runAt: ratingAskAt(eventDay),
  });
}

/** "¿Cómo estuvo la noche?" by e-mail and push, each with its own key so a retry sends neither twice. */
export async function askForRating(app: FastifyInstance, payload: RatingAskPayload): Promise<void> {
  const row = await findAttendeeNoticeRow(app.db, payload.assistance_id);
  if (!row) return;
  const url = `/valorar/${row.event_id}`;
  await enqueueMail(app.db, `mail:rating-ask:assistance:${row.id}`, {
    to: row.email,
    subject: '¿Cómo estuvo la noche?',
    text: [
      `Hola ${row.first_name}:`,
      '',
      `Gracias por venir a «${row.name}». ¿Cómo estuvo la noche? Califícala de 1 a 5 estrellas y, si quieres, déjanos un comentario: solo lo leen los organizadores.`,
      '',
      `${app.config.publicUrl}${url}`,
      '',
      'Cita',
    ].join('\n'),
  });
  await notifyMember(app.db, `rating-ask:assistance:${row.id}`, {
    clientId: row.client_id,
    kind: 'event_reminder',
    title: '¿Cómo estuvo la noche?',
    body: `Califica «${row.name}» de 1 a 5 estrellas.`,
    url,
    tag: `event-rating-ask:${row.event_id}`,
  });
  app.queue.wake();
}

export function registerRatingAskJob(app: FastifyInstance): void {
  app.queue.handle<RatingAskPayload>(RATING_ASK_JOB, (payload) => askForRating(app, payload));
}
