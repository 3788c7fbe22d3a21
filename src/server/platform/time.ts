import { dayInMexicoCity, ageOnDay as wholeYears } from '../../shared/domain/compatibility';
/** Event days and hours are Mexico City local time (design.md §2). */
export const MEXICO_TIME_ZONE = 'America/Mexico_City';

export function nowIso(): string {
  return new Date().toISOString();
}

/** Today's date in Mexico City as 'YYYY-MM-DD'. */
export function todayInMexico(now: Date = new Date()): string {
  return dayInMexicoCity(now);
}

/** Whole years between a 'YYYY-MM-DD' birthday and a 'YYYY-MM-DD' day; null without a birthday. */
export function ageOnDay(birthday: string | null, day: string): number | null {
  if (!birthday) return null;
  const age = wholeYears(birthday, day);
  return Number.isNaN(age) ? null : age;
}
