import { genderLabel } from '../../shared/domain/genders';
import { formatCents } from '../../shared/domain/money';

// Dates: shared/domain/mexico-dates, one style for the site and the e-mails.

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
