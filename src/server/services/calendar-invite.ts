import { MEXICO_TIME_ZONE } from './time';

/**
 * A one-event iCalendar file (RFC 5545). No calendar package is installed and an event needs
 * only a dozen lines, so they are written here: text escaped, long lines folded, times in UTC
 * so that no VTIMEZONE block is needed.
 */
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

export function escapeIcsText(text: string): string {
  return text
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

/** Lines longer than 75 octets continue on the next line after a space, never inside a UTF-8 character. */
export function foldIcsLine(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = Buffer.byteLength(char);
    const limit = parts.length === 0 ? 75 : 74;
    if (octets + size > limit) {
      parts.push(current);
      current = '';
      octets = 0;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

/** The UTC instant of a wall-clock time in Mexico City. */
export function mexicoLocalToUtc(day: string, hour: string): Date {
  const asUtc = new Date(`${day}T${hour}:00Z`);
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: MEXICO_TIME_ZONE,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  }).formatToParts(asUtc);
  const value = (type: string) => Number(parts.find((part) => part.type === type)?.value);
  const shownAsUtc = Date.UTC(
    value('year'),
    value('month') - 1,
    value('day'),
    value('hour'),
    value('minute'),
  );
  return new Date(asUtc.getTime() - (shownAsUtc - asUtc.getTime()));
}

function icsUtc(date: Date): string {
  return `${date.toISOString().slice(0, 19).replace(/[-:]/g, '')}Z`;
}

export function buildCalendarInvite(event: CalendarEvent, now: Date = new Date()): string {
  const start = mexicoLocalToUtc(event.day, event.hour);
  const end = new Date(start.getTime() + event.durationMinutes * 60_000);
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Cita//Eventos//ES',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:${event.uid}`,
    `DTSTAMP:${icsUtc(now)}`,
    `DTSTART:${icsUtc(start)}`,
    `DTEND:${icsUtc(end)}`,
    `SUMMARY:${escapeIcsText(event.summary)}`,
    `DESCRIPTION:${escapeIcsText(event.description)}`,
    `URL:${event.url}`,
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return `${lines.map(foldIcsLine).join('\r\n')}\r\n`;
}
