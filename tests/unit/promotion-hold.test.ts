import { describe, expect, it } from 'vitest';
import { promotionHoldEnd } from '../../src/server/events/attendance/promotion-hold';
import { mexicoLocalToUtc } from '../../src/shared/domain/mexico-time';

/** An instant given as Mexico City wall-clock time. */
const mx = (day: string, hour: string) => mexicoLocalToUtc(day, hour);

const rules = { holdHours: 12, ordinaryHoldMinutes: 30 };
const farStart = mx('2030-01-31', '20:00');

describe('how long a place given from the waiting list is held (docs/design/21-pocket.md)', () => {
  it('holds it for PROMOTION_HOLD_HOURS when that ends in the day', () => {
    expect(promotionHoldEnd(mx('2030-01-10', '09:15'), farStart, rules)).toEqual(mx('2030-01-10', '21:15'));
    expect(promotionHoldEnd(mx('2030-01-10', '09:15'), farStart, { ...rules, holdHours: 3 })).toEqual(
      mx('2030-01-10', '12:15'),
    );
  });

  it('moves an end between 23:00 and midnight to 10:00 the next morning', () => {
    expect(promotionHoldEnd(mx('2030-01-10', '11:00'), farStart, rules)).toEqual(mx('2030-01-11', '10:00'));
    expect(promotionHoldEnd(mx('2030-01-10', '11:59'), farStart, rules)).toEqual(mx('2030-01-11', '10:00'));
  });

  it('moves an end between midnight and 08:00 to 10:00 the same morning', () => {
    expect(promotionHoldEnd(mx('2030-01-10', '12:00'), farStart, rules)).toEqual(mx('2030-01-11', '10:00'));
    expect(promotionHoldEnd(mx('2030-01-10', '19:59'), farStart, rules)).toEqual(mx('2030-01-11', '10:00'));
  });

  it('leaves an end at 08:00 or just before 23:00 where it is', () => {
    expect(promotionHoldEnd(mx('2030-01-10', '20:00'), farStart, rules)).toEqual(mx('2030-01-11', '08:00'));
    expect(promotionHoldEnd(mx('2030-01-10', '10:59'), farStart, rules)).toEqual(mx('2030-01-10', '22:59'));
  });

  it('never holds past two hours before the start', () => {
    const start = mx('2030-01-10', '20:00');
    expect(promotionHoldEnd(mx('2030-01-10', '09:00'), start, rules)).toEqual(mx('2030-01-10', '18:00'));
  });

  it('applies the bound after the night rule: 10:00 the next morning is too late for a breakfast at 11:00', () => {
    const start = mx('2030-01-11', '11:00');
    expect(promotionHoldEnd(mx('2030-01-10', '13:00'), start, rules)).toEqual(mx('2030-01-11', '09:00'));
  });

  it('gives the ordinary hold, never past the start, when the place frees less than two hours before it', () => {
    const start = mx('2030-01-10', '20:00');
    expect(promotionHoldEnd(mx('2030-01-10', '18:45'), start, rules)).toEqual(mx('2030-01-10', '19:15'));
    expect(promotionHoldEnd(mx('2030-01-10', '19:50'), start, rules)).toEqual(start);
  });
});
