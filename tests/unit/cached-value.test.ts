import { describe, expect, it } from 'vitest';
import { CachedValue } from '../../src/server/platform/cached-value';

function counter() {
  let calls = 0;
  let release: (() => void) | undefined;
  const compute = async () => {
    calls += 1;
    const call = calls;
    if (call > 1) await new Promise<void>((resolve) => (release = resolve));
    return call;
  };
  return { compute, calls: () => calls, release: () => release?.() };
}

describe('CachedValue', () => {
  it('computes once, answers the same value until it is older than its maximum age', async () => {
    const source = counter();
    const cached = new CachedValue(60_000, source.compute, () => {});
    const start = Date.now();
    expect((await cached.get(start)).value).toBe(1);
    expect((await cached.get(start + 59_000)).value).toBe(1);
    expect(source.calls()).toBe(1);
  });

  it('past its age answers the last value at once and recomputes once in the background', async () => {
    const source = counter();
    const cached = new CachedValue(60_000, source.compute, () => {});
    const start = Date.now();
    await cached.get(start);
    const late = start + 61_000;
    const [a, b] = await Promise.all([cached.get(late), cached.get(late)]);
    expect([a.value, b.value]).toEqual([1, 1]);
    expect(source.calls()).toBe(2);
    source.release();
    await expect.poll(async () => (await cached.get(Date.now())).value).toBe(2);
  });

  it('with maximum age 0 computes on every read', async () => {
    let calls = 0;
    const cached = new CachedValue(
      0,
      async () => ++calls,
      () => {},
    );
    await cached.get();
    await cached.get();
    expect(calls).toBe(2);
  });
});
