import { createEvent } from 'ics';
import { mexicoLocalToUtc } from '../../../shared/domain/mexico-time';

/** What the sign-up confirmation's .ics file says about one event. */
export interface CalendarEvent {
  uid: string;
  /** 'YYYY-MM-DD' and 'HH:MM', Mexico City local time. */
  day: string;
  hour: string;
  durationMinutes: number;
  summary: string;
  description: string;
  url: string;
}

/**
 * One VEVENT (RFC 5545; the `ics` package escapes and folds). Times are written in UTC so that
 * no VTIMEZONE block is needed.
 */
export function buildCalendarInvite(event: CalendarEvent): string {
  const { error, value } = createEvent({
    productId: '-//Cita//Eventos//ES',
    method: 'PUBLISH',
    uid: event.uid,
    start: mexicoLocalToUtc(event.day, event.hour).getTime(),
    startInputType: 'utc',
    startOutputType: 'utc',
    duration: { minutes: event.durationMinutes },
    title: event.summary,
    description: event.description,
    url: event.url,
  });
  if (error || !value) throw error ?? new Error('calendar invite not generated');
  return value;
}

/** The .ics of one sign-up (registration and ticket mails): the event's page is its link. */
export function attendanceInvite(
  assistanceId: number,
  event: { name: string; description: string; day: string; hour: string; duration_minutes: number },
  url: string,
): string {
  return buildCalendarInvite({
    uid: `asistencia-${assistanceId}@cita.mx`,
    day: event.day,
    hour: event.hour,
    durationMinutes: event.duration_minutes,
    summary: event.name,
    description: `${event.description}\n\n${url}`.trim(),
    url,
  });
}
