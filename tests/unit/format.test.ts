import { describe, expect, it } from 'vitest';
import { formatPersonFacts, formatPrice } from '../../src/web/lib/format';

describe('formats of section 9', () => {
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
