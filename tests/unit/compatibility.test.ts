import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ageOn,
  type CompatibilityPair,
  computeAllPairsNaive,
  percentOf,
  type ScoringClient,
  scorePair,
} from '../../src/shared/domain/compatibility';
import type { GenderId } from '../../src/shared/domain/genders';
import { QUIZ_QUESTIONS, type QuizAnswers } from '../../src/shared/domain/quiz-questions';

// Every scored answer equal, love languages crossing both ways: the highest score, 21.
const SHARED: QuizAnswers = {
  q_1: 'Hombre',
  q_2: '30-35',
  q_3: 'Una relación seria',
  q_4: 'Divertido/a y ocurrente',
  q_5: 'Soltero/a',
  q_6: 'Quiero tener',
  q_7: 'Una carnita asada con familia y amigos',
  q_8: 'Muy activo, siempre ando haciendo algo',
  q_9: 'Tengo y son parte de la familia',
  q_10: 'Ahorro todo lo que puedo',
  q_11: 'No fumo',
  q_12: 'Solo en reuniones',
  q_13: 'De vez en cuando',
  q_14: 'Cercanía: hacer casi todo juntos',
  q_15: 'Con tiempo de calidad',
  q_16: 'Con tiempo de calidad',
  q_17: 'Un rato al día',
  q_18: 'Regional mexicano',
  q_19: 'Un café y una buena plática',
  q_20: 'Una llamada en la noche',
};
const MAX = 21;

const woman: ScoringClient = { id: 1, gender: 1, age: 31, answers: { ...SHARED, q_1: 'Hombre' } };
const man: ScoringClient = { id: 2, gender: 2, age: 33, answers: { ...SHARED, q_1: 'Mujer' } };

/** The woman/man pair above with some answers changed; scored both ways, which must agree. */
function score(changesA: Partial<QuizAnswers>, changesB: Partial<QuizAnswers> = {}): number {
  const a = { ...woman, answers: { ...woman.answers!, ...changesA } };
  const b = { ...man, answers: { ...man.answers!, ...changesB } };
  const forward = scorePair(a, b);
  expect(scorePair(b, a)).toBe(forward);
  return forward;
}

describe('scorePair: the highest score', () => {
  it('gives 21 points to a pair that agrees on everything: percent capped at 100', () => {
    expect(score({})).toBe(MAX);
    expect(percentOf(MAX)).toBe(100);
  });
});

describe('rule 1: each age in the range the other prefers, else 0', () => {
  it.each([
    ['18-29', 17, false],
    ['18-29', 18, true],
    ['18-29', 29, true],
    ['18-29', 30, false],
    ['30-35', 29, false],
    ['30-35', 30, true],
    ['30-35', 35, true],
    ['30-35', 36, false],
    ['35-40', 34, false],
    ['35-40', 35, true],
    ['35-40', 40, true],
    ['35-40', 41, false],
    ['40-45', 39, false],
    ['40-45', 40, true],
    ['40-45', 45, true],
    ['40-45', 46, false],
    ['45-50', 44, false],
    ['45-50', 45, true],
    ['45-50', 50, true],
    ['45-50', 51, false],
    ['Más de 50', 50, false],
    ['Más de 50', 51, true],
    ['Más de 50', 80, true],
  ] as const)("range '%s' and age %i: fits = %s, checked in both directions", (range, age, fits) => {
    const expected = fits ? MAX : 0;
    // The man's age against the woman's range …
    expect(scorePair({ ...woman, answers: { ...woman.answers!, q_2: range } }, { ...man, age })).toBe(
      expected,
    );
    // … and the woman's age against the man's range.
    expect(scorePair({ ...woman, age }, { ...man, answers: { ...man.answers!, q_2: range } })).toBe(expected);
  });

  it('needs both directions: one age fitting is not enough', () => {
    // She (31) wants 40-45 and he is 44; he wants 40-45 too, which she is not.
    const older = { ...man, age: 44, answers: { ...man.answers!, q_2: '40-45' as const } };
    const wantsOlder = { ...woman, answers: { ...woman.answers!, q_2: '40-45' as const } };
    expect(scorePair(wantsOlder, older)).toBe(0);
    expect(scorePair(older, wantsOlder)).toBe(0);
    // With his range back to 30-35, both fit.
    expect(scorePair(wantsOlder, { ...older, answers: man.answers })).toBe(MAX);
  });

  it.each([
    ['no birthday', { age: null }],
    ['an age that is not a whole number', { age: 31.5 }],
    ['no quiz', { answers: null }],
  ])('scores 0 when one client has %s', (_, change) => {
    expect(scorePair({ ...woman, ...change }, man)).toBe(0);
    expect(scorePair(man, { ...woman, ...change })).toBe(0);
  });

  it('never pairs a client with themselves', () => {
    const seeksOwnGender: ScoringClient = { ...woman, answers: { ...woman.answers!, q_1: 'Mujer' } };
    expect(scorePair(seeksOwnGender, { ...seeksOwnGender })).toBe(0);
  });
});

describe('rule 2: each the gender the other looks for, else the score stays at 2', () => {
  const client = (id: number, gender: GenderId, seeks: QuizAnswers['q_1']): ScoringClient => ({
    id,
    gender,
    age: 32,
    answers: { ...SHARED, q_1: seeks },
  });

  it.each([
    [2, 'Mujer', 1, 'Hombre', MAX],
    [2, 'Hombre', 2, 'Hombre', MAX],
    [1, 'Mujer', 1, 'Mujer', MAX],
    [3, 'No binario o LGBTQ+', 3, 'No binario o LGBTQ+', MAX],
    [3, 'Hombre', 2, 'No binario o LGBTQ+', MAX],
    [2, 'Mujer', 1, 'Mujer', 2],
    [2, 'Hombre', 1, 'Hombre', 2],
    [1, 'Hombre', 1, 'Hombre', 2],
    [3, 'Mujer', 1, 'Hombre', 2],
    [2, 'No binario o LGBTQ+', 1, 'Hombre', 2],
  ] as const)('gender %i seeking %s with gender %i seeking %s: %i', (ga, sa, gb, sb, expected) => {
    const a = client(1, ga, sa);
    const b = client(2, gb, sb);
    expect(scorePair(a, b)).toBe(expected);
    expect(scorePair(b, a)).toBe(expected);
  });
});

describe('rule 3: marital preference (q_5), else the score stays at 4', () => {
  const options = ['Soltera', 'Soltero/a', 'Divorciado/a', 'No importa'] as const;
  const misfits = new Set(['Soltera|Soltera', 'Soltera|Divorciado/a', 'Divorciado/a|Soltera']);
  const cases = options.flatMap((a) =>
    options.map((b) => [a, b, misfits.has(`${a}|${b}`) ? 4 : MAX] as const),
  );

  it.each(cases)("'%s' with '%s': %i", (a, b, expected) => {
    expect(score({ q_5: a }, { q_5: b })).toBe(expected);
  });

  it('stops at 4 whatever the other answers are', () => {
    const elsewhere = { q_6: 'No quiero tener', q_8: 'Equilibrado', q_15: 'Con contacto físico' } as const;
    expect(score({ q_5: 'Soltera', ...elsewhere }, { q_5: 'Divorciado/a' })).toBe(4);
    expect(percentOf(4)).toBe(20);
  });
});

describe('rules 4 to 12: answer points', () => {
  type Case = readonly [string, Partial<QuizAnswers>, Partial<QuizAnswers>, number];
  // Each case changes the answers of the 21-point pair; the last column is the points lost.
  const cases: Case[] = [
    ['q_6 equal: +2', { q_6: 'Todavía no lo sé' }, { q_6: 'Todavía no lo sé' }, 0],
    [
      'q_6 Quiero tener / Ya tengo y quiero más: +1',
      { q_6: 'Quiero tener' },
      { q_6: 'Ya tengo y quiero más' },
      1,
    ],
    [
      'q_6 Ya tengo y quiero más / Quiero tener: +1',
      { q_6: 'Ya tengo y quiero más' },
      { q_6: 'Quiero tener' },
      1,
    ],
    ['q_6 otherwise: 0', { q_6: 'Quiero tener' }, { q_6: 'No quiero tener' }, 2],
    [
      'q_6 Ya tengo y no quiero más / Ya tengo y quiero más: 0',
      { q_6: 'Ya tengo y no quiero más' },
      { q_6: 'Ya tengo y quiero más' },
      2,
    ],
    ['q_7 different: 0', { q_7: 'Salir a bailar o de fiesta' }, {}, 1],
    ['q_8 both Equilibrado: +2', { q_8: 'Equilibrado' }, { q_8: 'Equilibrado' }, 0],
    ['q_8 Equilibrado on one side: +1', { q_8: 'Equilibrado' }, {}, 1],
    ['q_8 Equilibrado on the other side: +1', {}, { q_8: 'Equilibrado' }, 1],
    ['q_8 different, neither Equilibrado: 0', { q_8: 'Tranquilo, me gusta ir sin prisas' }, {}, 2],
    ['q_9 different: still +1', { q_9: 'Prefiero no tener' }, { q_9: 'Me encantan, pero no tengo' }, 0],
    ['q_10 different: +1', { q_10: 'Vivo el momento' }, {}, 1],
    ['q_11 different: 0', { q_11: 'Sí, fumo' }, {}, 1],
    ['q_12 different: 0', { q_12: 'No tomo' }, {}, 1],
    ['q_13 different: 0', { q_13: 'Casi diario' }, {}, 1],
    ['q_11, q_12, q_13 all different: 0', { q_11: 'Sí, fumo', q_12: 'No tomo', q_13: 'Casi diario' }, {}, 3],
    [
      'q_14 Balance / Distancia: +1',
      { q_14: 'Balance: tiempo juntos y tiempo para mí' },
      { q_14: 'Distancia: necesito mi propio espacio' },
      1,
    ],
    [
      'q_14 Distancia / Balance: +1',
      { q_14: 'Distancia: necesito mi propio espacio' },
      { q_14: 'Balance: tiempo juntos y tiempo para mí' },
      1,
    ],
    ['q_14 Cercanía / Distancia: 0', {}, { q_14: 'Distancia: necesito mi propio espacio' }, 2],
    ['q_14 Cercanía / Balance: 0', {}, { q_14: 'Balance: tiempo juntos y tiempo para mí' }, 2],
    [
      'love languages, each shows what the other likes to receive, different ones: +2',
      { q_15: 'Con regalos y detalles', q_16: 'Con actos de servicio' },
      { q_15: 'Con actos de servicio', q_16: 'Con regalos y detalles' },
      0,
    ],
    [
      'love languages, only the first shows what the second likes to receive: +1',
      { q_15: 'Con regalos y detalles', q_16: 'Con actos de servicio' },
      { q_15: 'Con contacto físico', q_16: 'Con regalos y detalles' },
      1,
    ],
    [
      'love languages, only the second shows what the first likes to receive: +1',
      { q_16: 'Con actos de servicio' },
      { q_15: 'Con actos de servicio', q_16: 'Con palabras de afirmación' },
      1,
    ],
    [
      'love languages, equal q_15 and equal q_16 but crossing neither way: 0',
      { q_15: 'Con regalos y detalles', q_16: 'Con contacto físico' },
      { q_15: 'Con regalos y detalles', q_16: 'Con contacto físico' },
      2,
    ],
    ['q_18 different: 0', {}, { q_18: 'Rock y alternativo' }, 1],
    [
      'unscored questions do not count',
      { q_3: 'Empezar como amigos', q_17: 'Casi nada' },
      { q_20: 'Mensajes todo el día' },
      0,
    ],
  ];

  it.each(cases)('%s', (_, changesA, changesB, lost) => {
    expect(score(changesA, changesB)).toBe(MAX - lost);
  });

  it('scores 7 at least once the marital preference fits (4 + 1 + q_9 + q_10)', () => {
    const opposite: Partial<QuizAnswers> = {
      q_6: 'No quiero tener',
      q_7: 'Salir a bailar o de fiesta',
      q_8: 'Tranquilo, me gusta ir sin prisas',
      q_9: 'Prefiero no tener',
      q_10: 'Vivo el momento',
      q_11: 'Sí, fumo',
      q_12: 'No tomo',
      q_13: 'Casi nunca',
      q_14: 'Distancia: necesito mi propio espacio',
      q_15: 'Con contacto físico',
      q_16: 'Con palabras de afirmación',
      q_18: 'Rock y alternativo',
    };
    expect(score(opposite)).toBe(7);
  });
});

describe('percentOf', () => {
  it.each([
    [0, 0],
    [4, 20],
    [7, 35],
    [19, 95],
    [20, 100],
    [21, 100],
  ])('score %i is %i %%', (points, percent) => {
    expect(percentOf(points)).toBe(percent);
  });
});

const answersArbitrary: fc.Arbitrary<QuizAnswers> = fc.record(
  Object.fromEntries(
    QUIZ_QUESTIONS.map((question) => [question.key, fc.constantFrom(...question.options.map((o) => o.text))]),
  ),
) as unknown as fc.Arbitrary<QuizAnswers>;

const clientArbitrary = (id: number): fc.Arbitrary<ScoringClient> =>
  fc.record({
    id: fc.constant(id),
    gender: fc.constantFrom<GenderId>(1, 2, 3),
    age: fc.option(fc.integer({ min: 16, max: 70 }), { freq: 10 }),
    answers: fc.option(answersArbitrary, { freq: 10 }),
  });

describe('scorePair: properties', () => {
  it('is symmetric and scores 0, 2 or between 4 and 21', () => {
    fc.assert(
      fc.property(clientArbitrary(1), clientArbitrary(2), (a, b) => {
        const points = scorePair(a, b);
        expect(scorePair(b, a)).toBe(points);
        expect(points === 0 || points === 2 || (points >= 4 && points <= MAX)).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('computeAllPairsNaive', () => {
  it('lists each pair once with the smaller id first, leaves out 0, lists gender misfits last', () => {
    const seeksWomen = { ...SHARED, q_1: 'Mujer' as const };
    const clients: ScoringClient[] = [
      { id: 9, gender: 2, age: 33, answers: seeksWomen },
      { id: 4, gender: 1, age: 31, answers: { ...SHARED, q_7: 'Salir a bailar o de fiesta' } },
      { id: 7, gender: 1, age: 30, answers: SHARED },
      { id: 5, gender: 2, age: 34, answers: seeksWomen },
      { id: 6, gender: 2, age: 34, answers: null },
      { id: 8, gender: 1, age: 29, answers: SHARED },
    ];
    const expected: CompatibilityPair[] = [
      // Within a percent, the pair with the newer client first (21 and 20 are both 100 %).
      { client_a: 7, client_b: 9, score: 21, percent: 100 },
      { client_a: 4, client_b: 9, score: 20, percent: 100 },
      { client_a: 5, client_b: 7, score: 21, percent: 100 },
      { client_a: 4, client_b: 5, score: 20, percent: 100 },
      // Two women seeking men, two men seeking women: their ages fit, so they stay at 2.
      { client_a: 5, client_b: 9, score: 2, percent: 10 },
      { client_a: 4, client_b: 7, score: 2, percent: 10 },
    ];
    expect(computeAllPairsNaive(clients)).toEqual(expected);
  });
});

describe('ageOn', () => {
  it.each([
    ['1990-05-10', '2024-05-09T18:00:00Z', 33],
    ['1990-05-10', '2024-05-10T18:00:00Z', 34],
    // 23:00 on 9 May in Mexico City is already 10 May in UTC: the day of Mexico City counts.
    ['1990-05-10', '2024-05-10T05:00:00Z', 33],
    ['2000-02-29', '2023-02-28T18:00:00Z', 22],
    ['2000-02-29', '2023-03-01T18:00:00Z', 23],
    ['2000-02-29', '2024-02-29T18:00:00Z', 24],
    ['2006-12-31', '2024-12-31T18:00:00Z', 18],
  ])('someone born on %s is, on %s, %i', (birthday, today, age) => {
    expect(ageOn(birthday, new Date(today))).toBe(age);
  });

  it('gives NaN for a malformed birthday, which scores like no birthday', () => {
    const age = ageOn('10/05/1990', new Date('2024-05-10T18:00:00Z'));
    expect(age).toBeNaN();
    expect(scorePair({ ...woman, age }, man)).toBe(0);
  });
});
