import { format, parse } from 'date-fns';
import { es } from 'date-fns/locale/es';
import { genderLabel } from '../../shared/domain/genders';

/** 'YYYY-MM-DD' as the specification's 'MMM d. y' in Spanish, e.g. 'nov 28. 2026'. */
export function formatDay(day: string): string {
  if (!day) return '';
  return format(parse(day, 'yyyy-MM-dd', new Date()), 'MMM d. y', { locale: es });
}

/** 'HH:MM' (24 h) as the specification's 'h:mm a', e.g. '8:00 PM'. */
export function formatHour(hour: string): string {
  if (!hour) return '';
  return format(parse(hour, 'HH:mm', new Date()), 'h:mm a', { locale: es });
}

const pesos = new Intl.NumberFormat('es-MX', {
  style: 'currency',
  currency: 'MXN',
  currencyDisplay: 'narrowSymbol',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** Mexican pesos with 2 decimals and the suffix MXN, e.g. '$1,200.00 MXN'. */
export function formatPrice(amount: number): string {
  return `${pesos.format(amount)} MXN`;
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
