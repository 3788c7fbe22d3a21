import { parsePhoneNumberFromString } from 'libphonenumber-js/min';

/**
 * A phone as a person reads it: a Mexican number grouped as Mexicans write it ('55 1234 5678'),
 * another country's in its international form; what libphonenumber cannot read is shown as typed.
 * Links (tel:, wa.me) keep the stored digits.
 */
export function formatPhone(phone: string): string {
  const parsed = parsePhoneNumberFromString(phone.trim(), 'MX');
  if (!parsed?.isValid()) return phone.trim();
  return parsed.country === 'MX' ? parsed.formatNational() : parsed.formatInternational();
}
