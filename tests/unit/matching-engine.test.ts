import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type Random, seededRandom, syntheticAnswers, syntheticClients } from '../../bench/synthetic-clients';
import { CompatibilityEngine, MAX_CLIENT_ID } from '../../src/server/matching/engine';
import {
  type CompatibilityPair,
  computeAllPairsNaive,
  type ScoringClient,
} from '../../src/shared/domain/compatibility';
import type { GenderId } from '../../src/shared/domain/genders';
import type { QuizAnswers } from '../../src/shared/domain/quiz-questions';
import { randomAge, uniformAnswers } from '../support/random-quiz';

function randomGender(random: Random): GenderId {
  return (1 + Math.floor(random() * 3)) as GenderId;
}

/**
 * Clients unlike the benchmark's: every gender and search equally likely, ages piled on the range
 * boundaries, ids sparse, unordered and above the engine's first capacity (1024).
 */
function variedClients(n: number, seed: number): ScoringClient[] {
  const random = seededRandom(seed);
  const ids = new Set<number>();
  while (ids.size < n) ids.add(1 + Math.floor(random() * 4000));
  return [...ids].map((id) => ({
    id,
    gender: randomGender(random),
    age: randomAge(random),
    answers: random() < 0.08 ? null : uniformAnswers(random),
  }));
}

function involving(pairs: CompatibilityPair[], ids: readonly number[]): CompatibilityPair[] {
  const set = new Set(ids);
  return pairs.filter((pair) => set.has(pair.client_a) || set.has(pair.client_b));
}

/** The engine agrees with the specification's computation, in full, page by page and filtered. */
function expectSameAsNaive(engine: CompatibilityEngine, clients: ScoringClient[], random: Random): void {
  const naive = computeAllPairsNaive(clients);
  // Stored pairs score 4 and more; the gender misfits (2) follow them, listed on the fly.
  const stored = naive.filter((pair) => pair.score >= 4).length;
  expect(engine.pairCount).toBe(stored);
  expect(naive.length).toBeGreaterThan(stored);
  expect(engine.page({ limit: Number.POSITIVE_INFINITY })).toEqual({ total: naive.length, pairs: naive });
  for (const [offset, limit] of [
    [0, 50],
    [37, 25],
    [stored - 5, 10],
    [stored, 7],
    [stored + 13, 40],
    [naive.length - 5, 10],
    [naive.length + 3, 10],
    [0, 0],
  ] as const) {
    expect(engine.page({ offset, limit })).toEqual({
      total: naive.length,
      pairs: naive.slice(Math.max(0, offset), Math.max(0, offset) + limit),
    });
  }
  const ids = clients.map((client) => client.id);
  const pick = (count: number) =>
    Array.from({ length: count }, () => ids[Math.floor(random() * ids.length)]!);
  for (const chosen of [pick(1), pick(4), pick(Math.ceil(ids.length / 3)), [...pick(3), 999_999, -4]]) {
    const expected = involving(naive, chosen);
    expect(engine.page({ clientIds: chosen, limit: Number.POSITIVE_INFINITY })).toEqual({
      total: expected.length,
      pairs: expected,
    });
    expect(engine.page({ clientIds: new Set(chosen), offset: 3, limit: 7 })).toEqual({
      total: expected.length,
      pairs: expected.slice(3, 10),
    });
    // A page across the last stored pair of these clients and their first gender misfits.
    const crossing = Math.max(0, expected.filter((pair) => pair.score >= 4).length - 3);
    expect(engine.page({ clientIds: chosen, offset: crossing, limit: 9 })).toEqual({
      total: expected.length,
      pairs: expected.slice(crossing, crossing + 9),
    });
  }
  const someone = pick(1)[0]!;
  expect(engine.pairsFor(someone)).toEqual(involving(naive, [someone]));
  expect(engine.pairTotalOf(someone)).toBe(involving(naive, [someone]).length);
  expect(engine.pairTotalOf(999_999)).toBe(0);
}

// gatherLimit 0 makes every filtered page walk the full listing instead of gathering.
const variants = [
  ['gathering filtered pages', {}],
  ['walking the listing for filtered pages', { gatherLimit: 0 }],
] as const;

describe.each(variants)('CompatibilityEngine, %s', (_, options) => {
  it.each([
    ['benchmark-like clients', syntheticClients(600, 7)],
    ['varied clients', variedClients(500, 11)],
  ])('lists exactly the pairs of computeAllPairsNaive for %s', (_, clients) => {
    const engine = new CompatibilityEngine(options);
    engine.load(clients);
    expect(engine.pairCount).toBeGreaterThan(300);
    expectSameAsNaive(engine, clients, seededRandom(1));
  });

  it('stays identical through re-answers, birthday and gender changes, removals and reactivations', () => {
    const random = seededRandom(23);
    const current = new Map(variedClients(300, 5).map((client) => [client.id, client]));
    const removed: ScoringClient[] = [];
    const engine = new CompatibilityEngine(options);
    engine.load(current.values());
    for (let step = 1; step <= 240; step++) {
      const ids = [...current.keys()];
      const client = current.get(ids[Math.floor(random() * ids.length)]!)!;
      const roll = random();
      let next: ScoringClient | null;
      if (roll < 0.3) next = { ...client, answers: uniformAnswers(random) };
      else if (roll < 0.4) next = { ...client, answers: syntheticAnswers(random, client.gender, 30) };
      else if (roll < 0.5) next = { ...client, age: randomAge(random) };
      else if (roll < 0.6) next = { ...client, gender: randomGender(random) };
      else if (roll < 0.65) next = { ...client, answers: null };
      else if (roll < 0.8) next = null;
      else if (roll < 0.9 && removed.length > 0)
        next = removed.splice(Math.floor(random() * removed.length), 1)[0]!;
      else {
        // A new client, now and then with an id far beyond the current capacity.
        const id = random() < 0.1 ? 20_000 + step : 5000 + step;
        next = { id, gender: randomGender(random), age: randomAge(random), answers: uniformAnswers(random) };
      }
      if (next === null) {
        engine.remove(client.id);
        current.delete(client.id);
        removed.push(client);
      } else {
        engine.upsert(next);
        current.set(next.id, next);
      }
      if (step % 40 === 0) expectSameAsNaive(engine, [...current.values()], random);
    }
  });
});

describe('CompatibilityEngine, gender misfits (score 2) listed after the stored pairs', () => {
  // Few ages and ranges, so that many pairs fit by age and pages often cross from stored to misfits.
  const clientArbitrary = fc.record({
    id: fc.integer({ min: 0, max: 3000 }),
    gender: fc.constantFrom<GenderId>(1, 2, 3),
    age: fc.option(fc.constantFrom(29, 30, 33, 35, 40), { freq: 8 }),
    seed: fc.integer(),
  });

  it('pages, filtered or not, equal computeAllPairsNaive (fast-check)', () => {
    fc.assert(
      fc.property(
        fc.array(clientArbitrary, { minLength: 0, maxLength: 40 }),
        fc.nat(200),
        fc.integer({ min: 1, max: 30 }),
        fc.array(fc.nat(39), { maxLength: 4 }),
        fc.boolean(),
        (drawn, offset, limit, picks, gatherAll) => {
          const clients = new Map<number, ScoringClient>();
          for (const { id, gender, age, seed } of drawn) {
            const answers = syntheticAnswers(seededRandom(seed), gender, age ?? 30);
            clients.set(id, { id, gender, age, answers });
          }
          const list = [...clients.values()];
          const naive = computeAllPairsNaive(list);
          const engine = new CompatibilityEngine(gatherAll ? {} : { gatherLimit: 0 });
          engine.load(list);
          const stored = naive.filter((pair) => pair.score >= 4).length;
          for (const from of [offset, Math.max(0, stored - (offset % 7))]) {
            expect(engine.page({ offset: from, limit })).toEqual({
              total: naive.length,
              pairs: naive.slice(from, from + limit),
            });
          }
          const chosen = picks.flatMap((index) => (list[index] ? [list[index].id] : []));
          for (const id of chosen) expect(engine.pairTotalOf(id)).toBe(involving(naive, [id]).length);
          const expected = involving(naive, chosen);
          const storedChosen = expected.filter((pair) => pair.score >= 4).length;
          for (const from of [offset % 20, Math.max(0, storedChosen - (offset % 5))]) {
            expect(engine.page({ clientIds: chosen, offset: from, limit })).toEqual({
              total: expected.length,
              pairs: expected.slice(from, from + limit),
            });
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('CompatibilityEngine, edge cases', () => {
  const [first, ...rest] = syntheticClients(200, 3).filter(
    (client) => client.answers !== null && client.age !== null,
  );

  it('treats a quiz with an answer outside the options as no quiz', () => {
    const stale = { ...first!, answers: { ...first!.answers!, q_7: 'Ir al cine' } as unknown as QuizAnswers };
    const engine = new CompatibilityEngine();
    engine.load([stale, ...rest]);
    expect(engine.pairsFor(stale.id)).toEqual([]);
    expect(engine.clientCount).toBe(rest.length);
    expect(engine.page({ limit: Number.POSITIVE_INFINITY }).pairs).toEqual(
      computeAllPairsNaive([{ ...stale, answers: null }, ...rest]),
    );
  });

  it('keeps the last of repeated ids in load, and load replaces everything', () => {
    const clients = syntheticClients(150, 4);
    const engine = new CompatibilityEngine();
    engine.load(syntheticClients(150, 99));
    engine.load([...clients.map((client) => ({ ...client, answers: null })), ...clients]);
    expect(engine.page({ limit: Number.POSITIVE_INFINITY }).pairs).toEqual(computeAllPairsNaive(clients));
  });

  it('builds up from nothing with upserts alone', () => {
    const clients = syntheticClients(150, 8);
    const engine = new CompatibilityEngine();
    expect(engine.page()).toEqual({ total: 0, pairs: [] });
    for (const client of clients) engine.upsert(client);
    expect(engine.page({ limit: Number.POSITIVE_INFINITY }).pairs).toEqual(computeAllPairsNaive(clients));
    for (const client of clients) engine.remove(client.id);
    expect(engine.pairCount).toBe(0);
    expect(engine.clientCount).toBe(0);
    expect(engine.page()).toEqual({ total: 0, pairs: [] });
  });

  it('ignores the removal of an unknown client and refuses ids that do not fit a key', () => {
    const engine = new CompatibilityEngine();
    engine.remove(12);
    engine.remove(-1);
    for (const id of [-1, 1.5, MAX_CLIENT_ID + 1]) {
      expect(() => engine.upsert({ ...first!, id })).toThrow(RangeError);
    }
    expect(() => engine.load([{ ...first!, id: MAX_CLIENT_ID + 1 }])).toThrow(RangeError);
  });
});
