import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  atTime,
  formatCalendarDate,
  formatDate,
  formatDateTime,
  formatInstant,
  formatTime,
} from '../../src/shared/domain/mexico-dates';
import { dayInMexicoCity, yearInMexicoCity } from '../../src/shared/domain/mexico-time';

// A moment in 2026, Mexico City: the year of "this year" in these examples.
const NOW = new Date('2026-11-25T18:00:00Z');

describe('dates as the site and its e-mails write them (Spanish, Mexico City time)', () => {
  it('writes an event day and hour as weekday, day, month and a 12-hour time', () => {
    expect(formatDateTime('2026-12-12', '08:00', NOW)).toBe('sábado 12 de diciembre, 8:00 a.m.');
    expect(formatDateTime('2026-12-13', '20:30', NOW)).toBe('domingo 13 de diciembre, 8:30 p.m.');
  });

  it('adds the year only when it is not the current one', () => {
    expect(formatDateTime('2027-01-05', '19:30', NOW)).toBe('martes 5 de enero de 2027, 7:30 p.m.');
    expect(formatDate('2030-05-20', NOW)).toBe('lunes 20 de mayo de 2030');
    expect(formatDate('2026-09-01', NOW)).toBe('martes 1 de septiembre');
  });

  it('says noon and midnight as people read them', () => {
    expect(formatTime('12:00')).toBe('12:00 p.m.');
    expect(formatTime('00:30')).toBe('12:30 a.m.');
    expect(formatTime('23:59')).toBe('11:59 p.m.');
    expect(formatTime('08:05')).toBe('8:05 a.m.');
  });

  it('says the hour in a sentence: "a las 8:00 p.m.", but "a la 1:00"', () => {
    expect(atTime('20:00')).toBe('a las 8:00 p.m.');
    expect(atTime('13:30')).toBe('a la 1:30 p.m.');
    expect(atTime('01:00')).toBe('a la 1:00 a.m.');
    expect(atTime('10:00')).toBe('a las 10:00 a.m.');
    expect(atTime('12:00')).toBe('a las 12:00 p.m.');
  });

  it('writes an instant in Mexico City time, whatever the zone of the machine', () => {
    // 02:30 UTC on the 13th is still the evening of the 12th in Mexico City (UTC−6).
    expect(formatInstant('2026-12-13T02:30:00Z', NOW)).toBe('sábado 12 de diciembre, 8:30 p.m.');
    expect(formatInstant(new Date('2026-12-13T14:00:00Z'), NOW)).toBe('domingo 13 de diciembre, 8:00 a.m.');
  });

  it('writes a birthday or a registration day without weekday, with its year', () => {
    expect(formatCalendarDate('1993-08-21')).toBe('21 de agosto de 1993');
    expect(formatCalendarDate('2026-11-01')).toBe('1 de noviembre de 2026');
  });

  it('writes nothing for a missing day or hour', () => {
    expect(formatDate('', NOW)).toBe('');
    expect(formatTime('')).toBe('');
    expect(formatCalendarDate('')).toBe('');
  });
});

describe("Mexico City's year without time-zone data (decision 0054)", () => {
  it('agrees with the calendar day Intl gives for Mexico City at any instant, New Year included', () => {
    const newYears = [2023, 2026, 2031].map((year) => Date.UTC(year, 0, 1, 6));
    fc.assert(
      fc.property(
        fc.oneof(
          fc.integer({ min: Date.UTC(2022, 11, 1), max: Date.UTC(2032, 0, 31) }),
          ...newYears.map((turn) => fc.integer({ min: turn - 3 * 3_600_000, max: turn + 3 * 3_600_000 })),
        ),
        (instant) => {
          const moment = new Date(instant);
          expect(yearInMexicoCity(moment)).toBe(Number(dayInMexicoCity(moment).slice(0, 4)));
        },
      ),
      { numRuns: 2000 },
    );
  });
});
