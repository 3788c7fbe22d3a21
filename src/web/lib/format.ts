import { genderLabel } from '../../shared/domain/genders';
import { formatCents } from '../../shared/domain/money';

// Written by hand rather than with date-fns: these two formats are all the public pages need,
// and the library would add about 11 KB (gzip) to the landing's JavaScript.
const MONTHS = ['ene', 'feb', 'mar', 'abr', 'may', 'jun', 'jul', 'ago', 'sep', 'oct', 'nov', 'dic'];

/** 'YYYY-MM-DD' as the specification's 'MMM d. y' in Spanish, e.g. 'nov 28. 2026'. */
export function formatDay(day: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  const month = match ? MONTHS[Number(match[2]) - 1] : undefined;
  if (!match || !month) return '';
  return `${month} ${Number(match[3])}. ${match[1]}`;
}

/** 'HH:MM' (24 h) as the specification's 'h:mm a', e.g. '8:00 PM'. */
export function formatHour(hour: string): string {
  const match = /^(\d{1,2}):(\d{2})/.exec(hour);
  if (!match) return '';
  const hours = Number(match[1]);
  return `${hours % 12 === 0 ? 12 : hours % 12}:${match[2]} ${hours < 12 ? 'AM' : 'PM'}`;
}

/** Mexican pesos with 2 decimals and the suffix MXN, e.g. '$1,200.00 MXN'. */
export function formatPrice(amount: number): string {
  return formatCents(Math.round(amount * 100));
}

/** A person's card line, e.g. '34 años · Mujer · Arquitecta'; missing parts are left out. */
export function formatPersonFacts(person: {
  age: number | null;
  gender: number;
  occupation: string;
}): string {
  return [person.age === null ? '' : `${person.age} años`, genderLabel(person.gender), person.occupation]
    .filter(Boolean)
    .join(' · ');
}
