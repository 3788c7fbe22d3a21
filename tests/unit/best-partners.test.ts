import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type Random, seededRandom, syntheticAnswers } from '../../bench/synthetic-clients';
import {
  BestPartners,
  type Partner,
  type PartnerCandidate,
} from '../../src/server/compatibility/best-partners';
import {
  computeAllPairsNaive,
  GENDER_FIT_SCORE,
  percentOf,
  scorePair,
} from '../../src/shared/domain/compatibility';
import type { GenderId } from '../../src/shared/domain/genders';
import type { QuizAnswers } from '../../src/shared/domain/quiz-questions';
import { randomAge, uniformAnswers } from '../support/random-quiz';

/** Few genders and searches, so that many people fit each other and the cut at `keep` is reached. */
function randomClient(random: Random, id: number): PartnerCandidate {
  const gender = (random() < 0.45 ? 1 : random() < 0.9 ? 2 : 3) as GenderId;
  const age = randomAge(random);
  return {
    id,
    gender,
    age,
    answers:
      random() < 0.06
        ? null
        : random() < 0.5
          ? uniformAnswers(random)
          : syntheticAnswers(random, gender, age ?? 30),
    listed: random() < 0.8,
  };
}

/** The straightforward definition: score everyone, keep who fits both ways, sort, cut. */
function naiveBest(
  clients: ReadonlyMap<number, PartnerCandidate>,
  blocks: ReadonlySet<string>,
  x: PartnerCandidate,
  keep: number,
): Partner[] {
  const partners: Partner[] = [];
  for (const y of clients.values()) {
    if (!y.listed || y.id === x.id || blocks.has(`${x.id}:${y.id}`) || blocks.has(`${y.id}:${x.id}`))
      continue;
    const score = scorePair(x, y);
    if (score >= GENDER_FIT_SCORE)
      partners.push({ client_id: y.id, score, percent: percentOf(score), age: y.age! });
  }
  return partners.sort((a, b) => b.percent - a.percent || b.client_id - a.client_id).slice(0, keep);
}

function expectExact(
  engine: BestPartners,
  clients: ReadonlyMap<number, PartnerCandidate>,
  blocks: ReadonlySet<string>,
  keep: number,
  askAbout: readonly number[],
): void {
  for (const id of askAbout) {
    const client = clients.get(id);
    const best = engine.bestOf(id);
    // No "Para ti" without a quiz or a birthday.
    if (client === undefined || client.answers === null || client.age === null) {
      expect(best, `client ${id}`).toBeNull();
    } else {
      expect(best, `client ${id}`).toEqual(naiveBest(clients, blocks, client, keep));
    }
  }
}

/** The admin's views against the specification's all-pairs computation: each client's best, the site's. */
function expectAdminExact(
  engine: BestPartners,
  clients: ReadonlyMap<number, PartnerCandidate>,
  keep: number,
  sitePairs: number,
  askAbout: readonly number[],
): void {
  const all = computeAllPairsNaive([...clients.values()]);
  const site = engine.sitePairs(0, sitePairs);
  expect(site.pairs).toEqual(all.slice(0, sitePairs));
  expect(site.total).toBe(Math.min(all.length, sitePairs));
  expect(site.more).toBe(all.length > sitePairs);
  for (const id of askAbout) {
    const client = clients.get(id);
    const pairs = engine.pairsOf(id);
    if (client === undefined || client.answers === null || client.age === null) {
      expect(pairs, `client ${id}`).toBeNull();
    } else {
      const hers = all.filter((pair) => pair.client_a === id || pair.client_b === id);
      expect(pairs, `client ${id}`).toEqual(hers.slice(0, keep));
    }
  }
}

describe('BestPartners', () => {
  it('keeps exactly the best partners of the straightforward computation, through every kind of change', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 2 ** 30 }),
        fc.integer({ min: 1, max: 12 }),
        // Few site pairs reach the cut and shorten the kept start often; 5 000 is every pair here.
        fc.oneof(fc.integer({ min: 1, max: 12 }), fc.constant(5000)),
        (seed, keep, sitePairs) => {
          const random = seededRandom(seed);
          const clients = new Map<number, PartnerCandidate>();
          // Sparse ids, some above the first capacity (1024).
          while (clients.size < 140) {
            const id = 1 + Math.floor(random() * 3000);
            clients.set(id, randomClient(random, id));
          }
          const blocks = new Set<string>();
          const ids = () => [...clients.keys()];
          const anyone = () => ids()[Math.floor(random() * clients.size)]!;
          for (let i = 0; i < 15; i++) blocks.add(`${anyone()}:${anyone()}`);
          const engine = new BestPartners({ keep, sitePairs });
          engine.load(
            clients.values(),
            [...blocks].map((key) => key.split(':').map(Number) as [number, number]),
          );
          expectExact(engine, clients, blocks, keep, ids());
          expectAdminExact(engine, clients, keep, sitePairs, ids());

          for (let step = 0; step < 40; step++) {
            const id = anyone();
            const client = clients.get(id)!;
            const roll = random();
            if (roll < 0.25) {
              const next = { ...client, answers: uniformAnswers(random) };
              clients.set(id, next);
              engine.upsert(next);
            } else if (roll < 0.4) {
              const next = { ...client, listed: !client.listed };
              clients.set(id, next);
              engine.upsert(next);
            } else if (roll < 0.5) {
              const next = { ...client, age: randomAge(random) };
              clients.set(id, next);
              engine.upsert(next);
            } else if (roll < 0.6) {
              // Deactivated or erased.
              clients.delete(id);
              engine.remove(id);
            } else if (roll < 0.7) {
              // Someone new, with an id above everyone's.
              const newcomer = randomClient(random, 3000 + step);
              clients.set(newcomer.id, newcomer);
              engine.upsert(newcomer);
            } else {
              const other = anyone();
              const key = `${id}:${other}`;
              if (blocks.has(key)) blocks.delete(key);
              else blocks.add(key);
              const withId = [...blocks]
                .map((pair) => pair.split(':').map(Number) as [number, number])
                .filter(([a, b]) => a === id || b === id)
                .map(([a, b]) => (a === id ? b : a));
              engine.setBlocks(id, withId);
            }
            // Lists asked for and kept before the change must have moved with it.
            expectExact(engine, clients, blocks, keep, ids().slice(0, 30));
            expectAdminExact(engine, clients, keep, sitePairs, ids().slice(0, 10));
          }
          expectExact(engine, clients, blocks, keep, ids());
          expectAdminExact(engine, clients, keep, sitePairs, ids());
        },
      ),
      { numRuns: 25 },
    );
    // Scores every pair of 140 people after each of 40 changes, 25 times: seconds, not milliseconds.
  }, 60_000);

  it('orders by percent, then the newest, and answers nothing for someone without a quiz', () => {
    const random = seededRandom(5);
    const woman: PartnerCandidate = {
      id: 10,
      gender: 1,
      age: 30,
      answers: { ...uniformAnswers(random), q_1: 'Hombre', q_2: '30-35', q_5: 'No importa' },
      listed: true,
    };
    const man = (id: number, answers: Partial<QuizAnswers>): PartnerCandidate => ({
      id,
      gender: 2,
      age: 32,
      answers: { ...woman.answers!, q_1: 'Mujer', q_2: '30-35', ...answers },
      listed: true,
    });
    const engine = new BestPartners();
    engine.load(
      [
        woman,
        man(11, {}),
        man(12, {}),
        man(13, {
          q_7:
            woman.answers!.q_7 === 'Quedarme en casa viendo series'
              ? 'Salir a bailar o de fiesta'
              : 'Quedarme en casa viendo series',
        }),
        { ...man(14, {}), listed: false },
        { id: 15, gender: 1, age: 30, answers: null, listed: true },
      ],
      [],
    );
    const best = engine.bestOf(10)!;
    expect(best.map((partner) => partner.client_id)).toEqual([12, 11, 13]);
    expect(best[0]!.percent).toBeGreaterThan(best[2]!.percent);
    expect(engine.bestOf(15)).toBeNull();
    expect(engine.bestOf(99)).toBeNull();
  });
});
