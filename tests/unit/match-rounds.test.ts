import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { planRounds, type Round, type RoundAttendee } from '../../src/server/match-cards/rounds';

/** A night of `women`, `men` and `lgbtq` attendees with distinct ids, shuffled by `seed`. */
function night(women: number, men: number, lgbtq: number, seed: number): RoundAttendee[] {
  const people: RoundAttendee[] = [
    ...Array.from({ length: women }, () => ({ id: 0, gender: 1 })),
    ...Array.from({ length: men }, () => ({ id: 0, gender: 2 })),
    ...Array.from({ length: lgbtq }, () => ({ id: 0, gender: 3 })),
  ];
  let state = seed;
  for (let i = people.length - 1; i > 0; i--) {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    const j = state % (i + 1);
    [people[i], people[j]] = [people[j] as RoundAttendee, people[i] as RoundAttendee];
  }
  return people.map((person, index) => ({ ...person, id: 100 + index * 7 }));
}

const nights = fc.record({
  women: fc.nat({ max: 14 }),
  men: fc.nat({ max: 14 }),
  lgbtq: fc.nat({ max: 9 }),
  seed: fc.nat(),
});

function pairKey(a: number, b: number): string {
  return a < b ? `${a}-${b}` : `${b}-${a}`;
}

function meetings(rounds: Round[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const round of rounds) {
    for (const pair of round.pairs) {
      const key = pairKey(pair.a, pair.b);
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
  }
  return counts;
}

describe('planRounds', () => {
  it('seats everyone once per round: at one table or resting, one pair per table', () => {
    fc.assert(
      fc.property(nights, ({ women, men, lgbtq, seed }) => {
        const people = night(women, men, lgbtq, seed);
        const rounds = planRounds(people);
        rounds.forEach((round, index) => {
          expect(round.round).toBe(index + 1);
          const seen = [...round.pairs.flatMap((pair) => [pair.a, pair.b]), ...round.resting];
          expect(seen.sort()).toEqual(people.map((person) => person.id).sort());
          const tables = round.pairs.map((pair) => pair.table);
          expect(new Set(tables).size).toBe(tables.length);
          const tableCount = Math.min(women, men) + Math.floor(lgbtq / 2);
          for (const table of tables) expect(table >= 1 && table <= tableCount).toBe(true);
        });
      }),
    );
  });

  it('pairs women with men and LGBTQ+ attendees among themselves, every possible pair exactly once', () => {
    fc.assert(
      fc.property(nights, ({ women, men, lgbtq, seed }) => {
        const people = night(women, men, lgbtq, seed);
        const genderOf = new Map(people.map((person) => [person.id, person.gender]));
        const counts = meetings(planRounds(people));
        for (const key of counts.keys()) {
          const [a, b] = key.split('-').map(Number) as [number, number];
          const genders = [genderOf.get(a), genderOf.get(b)].sort();
          expect([
            [1, 2],
            [3, 3],
          ]).toContainEqual(genders);
        }
        for (const count of counts.values()) expect(count).toBe(1);
        const lgbtqPairs = (lgbtq * (lgbtq - 1)) / 2;
        expect(counts.size).toBe(women * men + lgbtqPairs);
      }),
    );
  });

  it('lasts as many rounds as the larger group needs, no more', () => {
    fc.assert(
      fc.property(nights, ({ women, men, lgbtq, seed }) => {
        const crossRounds = women > 0 && men > 0 ? Math.max(women, men) : 0;
        const lgbtqRounds = lgbtq < 2 ? 0 : lgbtq % 2 === 0 ? lgbtq - 1 : lgbtq;
        expect(planRounds(night(women, men, lgbtq, seed))).toHaveLength(Math.max(crossRounds, lgbtqRounds));
      }),
    );
  });

  it('makes people of one gender rest in turn: after every round their rest counts differ by at most one', () => {
    fc.assert(
      fc.property(nights, ({ women, men, lgbtq, seed }) => {
        const people = night(women, men, lgbtq, seed);
        const rests = new Map(people.map((person) => [person.id, 0]));
        for (const round of planRounds(people)) {
          for (const id of round.resting) rests.set(id, (rests.get(id) ?? 0) + 1);
          for (const gender of [1, 2, 3]) {
            const counts = people
              .filter((person) => person.gender === gender)
              .map((person) => rests.get(person.id) ?? 0);
            if (counts.length > 0) expect(Math.max(...counts) - Math.min(...counts)).toBeLessThanOrEqual(1);
          }
        }
      }),
    );
  });

  it('lets nobody rest when women and men are as many and LGBTQ+ attendees are even', () => {
    const rounds = planRounds(night(5, 5, 4, 1));
    expect(rounds).toHaveLength(5);
    expect(rounds.slice(0, 3).every((round) => round.resting.length === 0)).toBe(true);
    // The LGBTQ+ round-robin needs 3 rounds; its four attendees rest in rounds 4 and 5.
    expect(rounds[4]?.resting).toHaveLength(4);
  });

  it('plans nothing for an empty night or a night of one gender', () => {
    expect(planRounds([])).toEqual([]);
    expect(planRounds(night(0, 6, 1, 3))).toEqual([]);
  });
});
