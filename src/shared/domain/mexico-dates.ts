import { mexicoDayAndHour, yearInMexicoCity } from './mexico-time';

/**
 * How the site and its e-mails write a date to a person, one style everywhere: 'sábado 12 de
 * diciembre, 8:00 a.m.' in Mexico City time, the year added only when it is not the current one.
 *
 * Written by hand rather than with Intl's es-MX patterns: Node and the browsers ship different
 * locale data ('a.m.' or 'a. m.', a comma after the weekday or not), and a server-rendered page
 * must read the same as the island that takes it over. It also keeps date-fns out of the public
 * pages' script.
 */

const WEEKDAYS = ['domingo', 'lunes', 'martes', 'miércoles', 'jueves', 'viernes', 'sábado'];
const MONTHS = [
  'enero',
  'febrero',
  'marzo',
  'abril',
  'mayo',
  'junio',
  'julio',
  'agosto',
  'septiembre',
  'octubre',
  'noviembre',
  'diciembre',
];

function calendarParts(day: string): { year: number; month: number; date: number } | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return null;
  return { year: Number(match[1]), month: Number(match[2]), date: Number(match[3]) };
}

/** 'YYYY-MM-DD' as 'sábado 12 de diciembre' (plus ' de 2027' outside the current year). */
export function formatDate(day: string, now: Date = new Date()): string {
  const parts = calendarParts(day);
  if (!parts) return '';
  const weekday = WEEKDAYS[new Date(Date.UTC(parts.year, parts.month - 1, parts.date)).getUTCDay()];
  const year = parts.year === yearInMexicoCity(now) ? '' : ` de ${parts.year}`;
  return `${weekday} ${parts.date} de ${MONTHS[parts.month - 1]}${year}`;
}

/** 'HH:MM' (24 h) as '8:00 a.m.', '12:30 p.m.'. */
export function formatTime(hour: string): string {
  const match = /^(\d{1,2}):(\d{2})/.exec(hour);
  if (!match) return '';
  const hours = Number(match[1]);
  return `${hours % 12 === 0 ? 12 : hours % 12}:${match[2]} ${hours < 12 ? 'a.m.' : 'p.m.'}`;
}

/** 'HH:MM' as a Spanish sentence says it: 'a las 8:00 p.m.', 'a la 1:30 p.m.'. */
export function atTime(hour: string): string {
  const time = formatTime(hour);
  return time.startsWith('1:') ? `a la ${time}` : `a las ${time}`;
}

/** An event's day and hour (stored in Mexico City wall-clock time): 'sábado 12 de diciembre, 8:00 a.m.'. */
export function formatDateTime(day: string, hour: string, now: Date = new Date()): string {
  return [formatDate(day, now), formatTime(hour)].filter(Boolean).join(', ');
}

/** An instant (a pay deadline, a payment, an audit line) as Mexico City reads it, in the same style. */
export function formatInstant(at: Date | string, now: Date = new Date()): string {
  const { day, hour } = mexicoDayAndHour(typeof at === 'string' ? new Date(at) : at);
  return formatDateTime(day, hour, now);
}

/** A day with no hour that is not an outing, such as a birthday: '21 de agosto de 1993'. */
export function formatCalendarDate(day: string): string {
  const parts = calendarParts(day);
  if (!parts) return '';
  return `${parts.date} de ${MONTHS[parts.month - 1]} de ${parts.year}`;
}
