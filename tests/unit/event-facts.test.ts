import { describe, expect, it } from 'vitest';
import { formatAgeBand, formatDuration, formatPlace, mapsUrl } from '../../src/web/lib/event-facts';

describe('event facts in Spanish', () => {
  it('says durations as people do', () => {
    expect(formatDuration(120)).toBe('2 horas');
    expect(formatDuration(60)).toBe('1 hora');
    expect(formatDuration(90)).toBe('1 hora y 30 minutos');
    expect(formatDuration(45)).toBe('45 minutos');
  });

  it('says the age band, open at either end', () => {
    expect(formatAgeBand(25, 40)).toBe('De 25 a 40 años');
    expect(formatAgeBand(35, null)).toBe('Desde 35 años');
    expect(formatAgeBand(null, 30)).toBe('Hasta 30 años');
    expect(formatAgeBand(null, null)).toBe('');
  });

  it('names the venue and the city with its accents', () => {
    expect(formatPlace('Terraza Luna', 'queretaro')).toBe('Terraza Luna · Querétaro');
    expect(formatPlace('', 'merida')).toBe('Mérida');
  });

  it('links to an ordinary Google Maps search of venue, address and city', () => {
    const url = new URL(mapsUrl({ venue: 'Bar Ñandú', address: 'Av. Juárez 12, Centro', city: 'leon' }));
    expect(url.origin + url.pathname).toBe('https://www.google.com/maps/search/');
    expect(url.searchParams.get('api')).toBe('1');
    expect(url.searchParams.get('query')).toBe('Bar Ñandú, Av. Juárez 12, Centro, León');
  });
});
