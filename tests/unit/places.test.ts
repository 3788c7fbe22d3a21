import { describe, expect, it } from 'vitest';
import { placesAvailable, placesAvailableLabel } from '../../src/shared/domain/places';

describe('places available', () => {
  it('counts every place held, confirmed or not, against the limit', () => {
    expect(placesAvailable({ limit: 10, held: 4, soldOut: false })).toBe(6);
    expect(placesAvailable({ limit: 2, held: 2, soldOut: false })).toBe(0);
  });

  it('never goes below zero when the limit was lowered under the places held', () => {
    expect(placesAvailable({ limit: 1, held: 3, soldOut: false })).toBe(0);
  });

  it('gives none while the event is marked Agotado', () => {
    expect(placesAvailable({ limit: 10, held: 1, soldOut: true })).toBe(0);
  });

  it('says one place in the singular and the rest in the plural', () => {
    expect(placesAvailableLabel(1)).toBe('1 lugar disponible');
    expect(placesAvailableLabel(2)).toBe('2 lugares disponibles');
    expect(placesAvailableLabel(0)).toBe('Sin lugares disponibles');
  });
});
