import { ageOnDay as wholeYears } from '../../shared/domain/compatibility';

export function nowIso(): string {
  return new Date().toISOString();
}

/** Whole years between a 'YYYY-MM-DD' birthday and a 'YYYY-MM-DD' day; null without a birthday. */
export function ageOnDay(birthday: string | null, day: string): number | null {
  if (!birthday) return null;
  const age = wholeYears(birthday, day);
  return Number.isNaN(age) ? null : age;
}
