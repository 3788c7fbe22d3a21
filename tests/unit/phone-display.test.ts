import { describe, expect, it } from 'vitest';
import { formatPhone } from '../../src/shared/domain/phone-display';

describe('formatPhone', () => {
  it('groups a Mexican number as Mexicans write it, however it was stored', () => {
    expect(formatPhone('5512345678')).toBe('55 1234 5678');
    expect(formatPhone('+525512345678')).toBe('55 1234 5678');
    expect(formatPhone('55-1234-5678')).toBe('55 1234 5678');
    expect(formatPhone('9981234567')).toBe('998 123 4567');
  });

  it('shows a foreign number in its international form and leaves what it cannot read as typed', () => {
    expect(formatPhone('+14155552671')).toBe('+1 415 555 2671');
    expect(formatPhone('12345')).toBe('12345');
    expect(formatPhone('')).toBe('');
  });
});
