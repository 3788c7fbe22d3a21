import { describe, expect, it } from 'vitest';
import { formatDay, formatHour, formatPersonFacts, formatPrice } from '../../src/web/lib/format';

describe('formats of section 9', () => {
  it("writes days as 'MMM d. y' in Spanish", () => {
    expect(formatDay('2026-11-28')).toBe('nov 28. 2026');
    expect(formatDay('2027-01-05')).toBe('ene 5. 2027');
    expect(formatDay('2026-09-01')).toBe('sep 1. 2026');
    expect(formatDay('2026-12-31')).toBe('dic 31. 2026');
    expect(formatDay('')).toBe('');
  });

  it("writes hours as 'h:mm a'", () => {
    expect(formatHour('20:00')).toBe('8:00 PM');
    expect(formatHour('08:05')).toBe('8:05 AM');
    expect(formatHour('00:30')).toBe('12:30 AM');
    expect(formatHour('12:00')).toBe('12:00 PM');
    expect(formatHour('23:59')).toBe('11:59 PM');
  });

  it('writes prices in pesos with 2 decimals and the suffix MXN', () => {
    expect(formatPrice(1200)).toBe('$1,200.00 MXN');
    expect(formatPrice(350.5)).toBe('$350.50 MXN');
  });

  it("writes a person's line as age, gender and occupation, leaving out what is missing", () => {
    expect(formatPersonFacts({ age: 34, gender: 1, occupation: 'Arquitecta' })).toBe(
      '34 años · Mujer · Arquitecta',
    );
    expect(formatPersonFacts({ age: null, gender: 3, occupation: '' })).toBe('LGBTQ+');
  });
});
