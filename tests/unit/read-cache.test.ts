import { describe, expect, it } from 'vitest';
import { ReadCache } from '../../src/server/platform/db/read-cache';

describe('ReadCache', () => {
  it('answers from memory until invalidated', async () => {
    const cache = new ReadCache(60_000, new Set(['events']));
    let loads = 0;
    const load = async () => ++loads;
    expect(await cache.get('a', load)).toBe(1);
    expect(await cache.get('a', load)).toBe(1);
    expect(await cache.get('b', load)).toBe(2);
    cache.invalidate();
    expect(await cache.get('a', load)).toBe(3);
  });

  it('does not keep an answer whose load overlapped a write', async () => {
    const cache = new ReadCache(60_000, new Set(['events']));
    let release: () => void = () => undefined;
    const slow = cache.get(
      'a',
      () =>
        new Promise<string>((resolve) => {
          release = () => resolve('before the write');
        }),
    );
    cache.invalidate();
    release();
    expect(await slow).toBe('before the write');
    expect(await cache.get('a', async () => 'after the write')).toBe('after the write');
  });

  it('keeps nothing when its lifetime is zero', async () => {
    const cache = new ReadCache(0, new Set());
    let loads = 0;
    await cache.get('a', async () => ++loads);
    expect(await cache.get('a', async () => ++loads)).toBe(2);
  });
});
