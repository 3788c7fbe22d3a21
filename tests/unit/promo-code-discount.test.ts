import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { discountCents, normalizePromoCode, PROMO_CODE_PATTERN } from '../../src/shared/domain/promo-codes';

const price = fc.integer({ min: 0, max: 10_000_000 });
const code = fc.oneof(
  fc.record({ percent_off: fc.integer({ min: 1, max: 100 }), amount_off_cents: fc.constant(null) }),
  fc.record({ percent_off: fc.constant(null), amount_off_cents: fc.integer({ min: 1, max: 100_000_000 }) }),
);

describe('what a code takes off a price', () => {
  it('never charges a negative amount nor more than the list price, for any code', () => {
    fc.assert(
      fc.property(price, code, (list, discount) => {
        const charged = list - discountCents(list, discount);
        expect(Number.isInteger(charged)).toBe(true);
        expect(charged).toBeGreaterThanOrEqual(0);
        expect(charged).toBeLessThanOrEqual(list);
      }),
    );
  });

  it('100 % off charges nothing; a percentage rounds to the cent', () => {
    expect(discountCents(35000, { percent_off: 100, amount_off_cents: null })).toBe(35000);
    expect(discountCents(33333, { percent_off: 15, amount_off_cents: null })).toBe(5000);
    expect(discountCents(10000, { percent_off: null, amount_off_cents: 15000 })).toBe(10000);
  });

  it('reads codes in any case', () => {
    expect(normalizePromoCode(' preventa10 ')).toBe('PREVENTA10');
    expect(PROMO_CODE_PATTERN.test('ABC')).toBe(false);
    expect(PROMO_CODE_PATTERN.test('ABC-1')).toBe(false);
  });
});
