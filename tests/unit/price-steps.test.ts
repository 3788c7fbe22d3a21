import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type PriceStep, priceNow } from '../../src/shared/domain/price-steps';
import { discountCents } from '../../src/shared/domain/promo-codes';

const step = fc.record({
  price_cents: fc.integer({ min: 0, max: 100_000 }),
  until_day: fc.option(fc.constantFrom('2026-12-01', '2026-12-05', '2026-12-10'), { nil: null }),
  places: fc.option(fc.integer({ min: 1, max: 20 }), { nil: null }),
});
const steps = fc
  .array(step, { maxLength: 4 })
  .map((list): PriceStep[] => list.map((item, position) => ({ ...item, position })));
const code = fc.oneof(
  fc.record({ percent_off: fc.integer({ min: 1, max: 100 }), amount_off_cents: fc.constant(null) }),
  fc.record({ percent_off: fc.constant(null), amount_off_cents: fc.integer({ min: 1, max: 200_000 }) }),
);

describe('early-bird steps', () => {
  it('never sell more places at a step than it has, however many sign up on whichever day', () => {
    fc.assert(
      fc.property(
        steps,
        fc.array(fc.constantFrom('2026-11-30', '2026-12-03', '2026-12-07', '2026-12-12'), { maxLength: 60 }),
        (list, days) => {
          const sold = new Map<number, number>();
          for (const today of [...days].sort()) {
            const now = priceNow(45_000, list, sold, today);
            if (now.step) sold.set(now.step.position, (sold.get(now.step.position) ?? 0) + 1);
          }
          for (const item of list) {
            if (item.places !== null) expect(sold.get(item.position) ?? 0).toBeLessThanOrEqual(item.places);
          }
        },
      ),
    );
  });

  it('with any code and step, the amount charged is never negative nor above the list price', () => {
    fc.assert(
      fc.property(steps, fc.integer({ min: 0, max: 100_000 }), code, (list, list_price, discount) => {
        const now = priceNow(list_price, list, new Map(), '2026-12-01');
        const charged = now.price_cents - discountCents(now.price_cents, discount);
        expect(charged).toBeGreaterThanOrEqual(0);
        expect(charged).toBeLessThanOrEqual(list_price);
      }),
    );
  });

  it('says how many places are left at the current step', () => {
    const list: PriceStep[] = [{ position: 0, price_cents: 35_000, until_day: '2026-12-05', places: 10 }];
    expect(priceNow(45_000, list, new Map([[0, 4]]), '2026-12-01')).toMatchObject({
      price_cents: 35_000,
      places_left: 6,
    });
    expect(priceNow(45_000, list, new Map([[0, 4]]), '2026-12-06')).toMatchObject({
      price_cents: 45_000,
      step: null,
    });
  });
});
