import { TZDate, tzOffset } from '@date-fns/tz';

/**
 * Mexico City wall-clock time, the one time zone of the site (docs/design/02-api-contract.md): events store their
 * day and hour in it, ages and "today" are counted in it. Every conversion lives here.
 */
export const MEXICO_TIME_ZONE = 'America/Mexico_City';

// Built once, on first use: constructing an Intl formatter costs far more than using one (hot API
// paths ask for today's date on every request), and the first one with a time zone loads the
// zone's data, tens of milliseconds a public page's script should not spend when it loads.
let mexicoCityDay: Intl.DateTimeFormat | undefined;

/** The calendar day `moment` falls on in Mexico City, as 'YYYY-MM-DD'. */
export function dayInMexicoCity(moment: Date = new Date()): string {
  mexicoCityDay ??= new Intl.DateTimeFormat('en-CA', {
    timeZone: MEXICO_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  });
  return mexicoCityDay.format(moment);
}

/** Mexico City's winter offset; a year always turns in winter (no daylight saving then, if ever). */
const NEW_YEAR_OFFSET_MS = -6 * 3_600_000;

/** The year `moment` falls in, in Mexico City: arithmetic alone, no time-zone data to load. */
export function yearInMexicoCity(moment: Date = new Date()): number {
  return new Date(moment.getTime() + NEW_YEAR_OFFSET_MS).getUTCFullYear();
}

function twoDigits(value: number): string {
  return String(value).padStart(2, '0');
}

/** 'YYYY-MM-DD' and 'HH:MM' of an instant, Mexico City wall-clock time (how events store it). */
export function mexicoDayAndHour(at: Date): { day: string; hour: string } {
  const local = new TZDate(at.getTime(), MEXICO_TIME_ZONE);
  return {
    day: `${local.getFullYear()}-${twoDigits(local.getMonth() + 1)}-${twoDigits(local.getDate())}`,
    hour: `${twoDigits(local.getHours())}:${twoDigits(local.getMinutes())}`,
  };
}

/** The UTC instant of a wall-clock time in Mexico City. */
export function mexicoLocalToUtc(day: string, hour: string): Date {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const [hours, minutes] = hour.split(':').map(Number) as [number, number];
  return new Date(new TZDate(year, month - 1, date, hours, minutes, MEXICO_TIME_ZONE).getTime());
}

/** 'YYYY-MM-DD' + 'HH:MM' in Mexico City as ISO 8601 with the offset that applied that day. */
export function mexicoCityDateTime(day: string, hour: string): string {
  const [h = '00', m = '00'] = hour.split(':');
  const local = `${day}T${h.padStart(2, '0')}:${m.padStart(2, '0')}:00`;
  // The offset at noon UTC of that day is the day's offset (Mexico City has no DST since 2022).
  const minutes = tzOffset(MEXICO_TIME_ZONE, new Date(`${day}T12:00:00Z`));
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return `${local}${sign}${twoDigits(Math.floor(abs / 60))}:${twoDigits(abs % 60)}`;
}

/** An instant as ISO 8601 with Mexico City's offset (no milliseconds). */
export function mexicoCityIso(at: Date): string {
  return new TZDate(at.getTime(), MEXICO_TIME_ZONE).toISOString().replace('.000', '');
}

/** A Spanish (Mexico) formatter that shows instants as Mexico City reads them. */
export function mexicoCityFormat(options: Omit<Intl.DateTimeFormatOptions, 'timeZone'>): Intl.DateTimeFormat {
  return new Intl.DateTimeFormat('es-MX', { ...options, timeZone: MEXICO_TIME_ZONE });
}

/** True once the event's day and hour (Mexico City) have come; an undated draft never starts. */
export function hasStarted(event: { day: string | null; hour: string | null }, now = new Date()): boolean {
  if (!event.day || !event.hour) return false;
  return mexicoLocalToUtc(event.day, event.hour).getTime() <= now.getTime();
}

/** True once the event's day and hour plus its duration have passed (Mexico City). */
export function hasEnded(
  event: { day: string | null; hour: string | null; duration_minutes: number },
  now = new Date(),
): boolean {
  if (!event.day || !event.hour) return false;
  return mexicoLocalToUtc(event.day, event.hour).getTime() + event.duration_minutes * 60_000 <= now.getTime();
}
