import { describe, expect, it } from 'vitest';
import { CATEGORY_IDS, CATEGORY_TITLES } from '../../src/shared/domain/categories';
import { findService, SERVICES } from '../../src/shared/domain/services';

describe('the service catalogue', () => {
  it('has exactly the seven service ids of the specification, each once', () => {
    const ids = SERVICES.map((service) => service.id);
    expect(ids).toEqual([
      'match-making',
      'speed-dating',
      'networking',
      'encuentra-tribu',
      'elite-experience',
      'blind-date',
      'party',
    ]);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual([...CATEGORY_IDS]);
  });

  it('titles each service as its event category', () => {
    for (const service of SERVICES) expect(service.title).toBe(CATEGORY_TITLES[service.id]);
  });

  it('gives every service a subtitle and a long description of several paragraphs', () => {
    for (const service of SERVICES) {
      expect(service.subtitle.length).toBeGreaterThan(20);
      expect(service.paragraphs.length).toBeGreaterThanOrEqual(4);
      expect(service.paragraphs.join(' ').length).toBeGreaterThan(1200);
      for (const paragraph of service.paragraphs) expect(paragraph.length).toBeGreaterThan(100);
    }
  });

  it('never repeats a subtitle or a paragraph between services', () => {
    const subtitles = SERVICES.map((service) => service.subtitle);
    const paragraphs = SERVICES.flatMap((service) => service.paragraphs);
    expect(new Set(subtitles).size).toBe(subtitles.length);
    expect(new Set(paragraphs).size).toBe(paragraphs.length);
  });

  it('finds a service by id and nothing for an unknown id', () => {
    expect(findService('blind-date')?.title).toBe('Blind Date');
    expect(findService('karaoke')).toBeUndefined();
    expect(findService('')).toBeUndefined();
  });
});
