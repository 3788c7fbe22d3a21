import { describe, expect, it } from 'vitest';
import {
  COUNTER_CAPS,
  COUNTER_LABELS,
  counterValue,
  randomCounterStart,
} from '../../src/shared/domain/landing';

describe('landing counters', () => {
  it('keeps the caps of specification §9', () => {
    expect(COUNTER_CAPS).toEqual({ people: 5000, dates: 200, meets: 20000, matches: 3000 });
    expect(Object.keys(COUNTER_LABELS).sort()).toEqual(Object.keys(COUNTER_CAPS).sort());
  });

  it('starts between 100 and 150, both included', () => {
    expect(randomCounterStart(() => 0)).toBe(100);
    expect(randomCounterStart(() => 0.999999)).toBe(150);
    for (let draw = 0; draw < 200; draw++) {
      const start = randomCounterStart();
      expect(Number.isInteger(start)).toBe(true);
      expect(start).toBeGreaterThanOrEqual(100);
      expect(start).toBeLessThanOrEqual(150);
    }
  });

  it('adds one every 250 ms', () => {
    expect(counterValue(120, 5000, 0)).toBe(120);
    expect(counterValue(120, 5000, 249)).toBe(120);
    expect(counterValue(120, 5000, 250)).toBe(121);
    expect(counterValue(120, 5000, 2500)).toBe(130);
  });

  it('stops at its target', () => {
    expect(counterValue(120, 200, 250 * 80)).toBe(200);
    expect(counterValue(120, 200, 250 * 10_000)).toBe(200);
  });
});
