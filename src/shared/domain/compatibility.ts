import type { GenderId } from './genders';
import { dayInMexicoCity } from './mexico-time';
import type { QuestionKey, QuizAnswers, QuizOptionText } from './quiz-questions';

/** The 409 for a member without quiz answers: the page turns it into an invitation to answer. */
export const QUIZ_NEEDED = 'Responde el cuestionario de compatibilidad para ver a las personas afines a ti';
/** The 409 for a member without a birthday (the age rule cannot be checked). */
export const BIRTHDAY_NEEDED =
  'Agrega tu fecha de nacimiento en tu perfil para ver a las personas afines a ti';

/**
 * Compatibility score of specification §9, for one pair of clients.
 *
 * Interpretations of what the specification leaves open (docs/design/04-domain-rules.md asks for them here):
 * - A client without a quiz or without a birthday (age null) scores 0 with everybody: the age rule
 *   cannot be checked, and the age rule decides whether a pair scores at all.
 * - A client is never paired with themselves (score 0).
 * - "The total is out of 20": the rules below add up to 21 at most (4 + 1 + 16). The score is kept as
 *   the sum of the rules; only the percent is capped at 100 (percentOf).
 * - Gender misfit: as §9 step 2 says, the score "stays at 2" (10 %): the pair is listed, below every
 *   pair that fits both ways. Only the age misfit stops at 0.
 * - The other interpretations are written beside each rule.
 */

export interface ScoringClient {
  id: number;
  gender: GenderId;
  /** Whole years (ageOn); null without a birthday. A value that is not an integer counts as null. */
  age: number | null;
  /** null when the client has not answered the quiz. */
  answers: QuizAnswers | null;
}

/** One listed pair, as `admin/matches` returns it: client_a is the smaller id. */
export interface CompatibilityPair {
  client_a: number;
  client_b: number;
  score: number;
  percent: number;
}

/** Ages above this fit no range: it bounds 'Más de 50' and the engine's age buckets. */
export const MAX_AGE = 150;

/** q_1, "¿A quién te gustaría conocer?": the gender code the person is looking for. */
export const SOUGHT_GENDER: Readonly<Record<QuizOptionText<'q_1'>, GenderId>> = {
  Hombre: 2,
  Mujer: 1,
  'No binario o LGBTQ+': 3,
};

/** q_2, the partner's preferred age range, as inclusive [min, max] whole years. */
export const AGE_RANGES: Readonly<Record<QuizOptionText<'q_2'>, readonly [number, number]>> = {
  // Not in the specification: the younger clients' range, ending where '30-35' ("greater than 29") starts.
  '18-29': [18, 29],
  // "Greater than 29 and up to 35".
  '30-35': [30, 35],
  // "Inclusive": a 35- or 40-year-old fits two ranges, as the specification's bounds overlap.
  '35-40': [35, 40],
  '40-45': [40, 45],
  // "Up to 50"; the lower bound is 45 inclusive, like the ranges before it.
  '45-50': [45, 50],
  // Not in the specification: the older clients' range, starting after '45-50' ends.
  'Más de 50': [51, MAX_AGE],
};

/** Score once both ages fit the other's range (rule 1); a gender misfit stays there. */
export const AGE_FIT_SCORE = 2;
/** Score once both ages fit the other's range and both are the gender the other is looking for. */
export const GENDER_FIT_SCORE = 4;
/** The marital preference, when it fits, adds this and lets the answer rules add theirs. */
export const MARITAL_FIT_POINTS = 1;
/** Percent is score * 100 / POINTS_OUT_OF. */
export const POINTS_OUT_OF = 20;

/**
 * One additive rule (4 to 12 of §9) over the answers of a pair that passed the early stops.
 * `keys` names the questions the rule reads: the engine turns each group of questions into a lookup
 * table, so a rule must read no other question.
 */
export interface AnswerRule {
  readonly keys: readonly QuestionKey[];
  readonly points: (a: QuizAnswers, b: QuizAnswers) => number;
}

function whenEqual(key: QuestionKey, points: number): AnswerRule {
  return { keys: [key], points: (a, b) => (a[key] === b[key] ? points : 0) };
}

function isPair(x: string, y: string, first: string, second: string): boolean {
  return (x === first && y === second) || (x === second && y === first);
}

// Option texts the rules name, typed so that a quiz change that drops one fails to compile.
const WANTS_CHILDREN: QuizOptionText<'q_6'> = 'Quiero tener';
const HAS_AND_WANTS_MORE: QuizOptionText<'q_6'> = 'Ya tengo y quiero más';
const BALANCED: QuizOptionText<'q_8'> = 'Equilibrado';
const BALANCE: QuizOptionText<'q_14'> = 'Balance: tiempo juntos y tiempo para mí';
const DISTANCE: QuizOptionText<'q_14'> = 'Distancia: necesito mi propio espacio';

export const ANSWER_RULES: readonly AnswerRule[] = [
  // Rule 4, children: equal +2; 'Quiero tener' against 'Ya tengo y quiero más', in either order, +1.
  {
    keys: ['q_6'],
    points: (a, b) =>
      a.q_6 === b.q_6 ? 2 : isPair(a.q_6, b.q_6, WANTS_CHILDREN, HAS_AND_WANTS_MORE) ? 1 : 0,
  },
  // Rule 5.
  whenEqual('q_7', 1),
  // Rule 6: equal +2 (two 'Equilibrado' answers give 2, not 2 + 1); otherwise +1 if either is 'Equilibrado'.
  {
    keys: ['q_8'],
    points: (a, b) => (a.q_8 === b.q_8 ? 2 : a.q_8 === BALANCED || b.q_8 === BALANCED ? 1 : 0),
  },
  // Rule 7, "q_9: +1": the specification names no condition, unlike every other rule, so every pair
  // that reaches the answer rules gets the point, whatever the two answers are.
  { keys: [], points: () => 1 },
  // Rule 8: equal +2, any other combination +1.
  { keys: ['q_10'], points: (a, b) => (a.q_10 === b.q_10 ? 2 : 1) },
  // Rule 9.
  whenEqual('q_11', 1),
  whenEqual('q_12', 1),
  whenEqual('q_13', 1),
  // Rule 10: equal +2; 'Balance' against 'Distancia' (the distance/balance pair), in either order, +1.
  // 'Cercanía' against 'Distancia' is the opposite pairing and scores nothing.
  {
    keys: ['q_14'],
    points: (a, b) => (a.q_14 === b.q_14 ? 2 : isPair(a.q_14, b.q_14, BALANCE, DISTANCE) ? 1 : 0),
  },
  // Rule 11, love languages: how one shows love (q_15) against how the other likes to receive it (q_16),
  // +1 per direction, so 0 to 2. Both questions list the same five texts, so a match is equal text.
  {
    keys: ['q_15', 'q_16'],
    points: (a, b) => (a.q_15 === b.q_16 ? 1 : 0) + (b.q_15 === a.q_16 ? 1 : 0),
  },
  // Rule 12.
  whenEqual('q_18', 1),
];

/**
 * Rule 3, one direction of the marital preference (q_5, "¿Qué estado civil buscas en tu pareja?").
 * 'Soltera' (looking for a single woman) "needs the other to be 'Soltero/a'": the texts are compared as
 * written, so 'Soltera' is not read as a spelling of 'Soltero/a' and two 'Soltera' answers do not fit.
 * "'No importa' always fits": on either side it satisfies the check. 'Soltero/a', 'Divorciado/a' and
 * 'No importa' ask nothing of the other answer.
 */
function maritalSideFits(own: QuizAnswers['q_5'], other: QuizAnswers['q_5']): boolean {
  return own !== 'Soltera' || other === 'Soltero/a' || other === 'No importa';
}

/** Rule 3, checked in both directions. */
export function maritalFits(a: QuizAnswers, b: QuizAnswers): boolean {
  return maritalSideFits(a.q_5, b.q_5) && maritalSideFits(b.q_5, a.q_5);
}

/** Rule 1, one direction: `age` falls in the range `answers` prefers. */
function ageFits(age: number | null, answers: QuizAnswers): boolean {
  if (age === null || !Number.isInteger(age)) return false;
  const [min, max] = AGE_RANGES[answers.q_2];
  return age >= min && age <= max;
}

export function scorePair(a: ScoringClient, b: ScoringClient): number {
  if (a.id === b.id || a.answers === null || b.answers === null) return 0;
  // Rule 1, age fit: both directions, else 0. Passing it gives 2.
  if (!ageFits(a.age, b.answers) || !ageFits(b.age, a.answers)) return 0;
  // Rule 2, gender fit: both directions, else the score stays at 2. Passing it gives 4.
  if (SOUGHT_GENDER[a.answers.q_1] !== b.gender || SOUGHT_GENDER[b.answers.q_1] !== a.gender) {
    return AGE_FIT_SCORE;
  }
  // Rule 3: a marital misfit keeps the 4 and stops there.
  if (!maritalFits(a.answers, b.answers)) return GENDER_FIT_SCORE;
  let score = GENDER_FIT_SCORE + MARITAL_FIT_POINTS;
  for (const rule of ANSWER_RULES) score += rule.points(a.answers, b.answers);
  return score;
}

/** score * 100 / 20, capped at 100. Scores are integers, so the percent is a multiple of 5. */
export function percentOf(score: number): number {
  return Math.min(100, (score * 100) / POINTS_OUT_OF);
}

/**
 * The listing order (docs/design/16-para-ti.md, ties by newest): percent from highest (a 21-point and a 20-point
 * pair are both 100 %), then the pair with the newer client (client_b, the higher id), then the
 * other client, so that every page is deterministic.
 */
export function comparePairs(x: CompatibilityPair, y: CompatibilityPair): number {
  return y.percent - x.percent || y.client_b - x.client_b || y.client_a - x.client_a;
}

/**
 * The specification's computation, as the admin's browser did it: scorePair on every pair of clients,
 * each pair once, pairs scoring 0 left out, sorted by comparePairs. Quadratic; the reference against
 * which the engine (src/server/matching) is tested and measured.
 */
export function computeAllPairsNaive(clients: readonly ScoringClient[]): CompatibilityPair[] {
  const pairs: CompatibilityPair[] = [];
  for (let i = 0; i < clients.length; i++) {
    const a = clients[i]!;
    for (let j = i + 1; j < clients.length; j++) {
      const b = clients[j]!;
      const score = scorePair(a, b);
      if (score > 0) {
        pairs.push({
          client_a: Math.min(a.id, b.id),
          client_b: Math.max(a.id, b.id),
          score,
          percent: percentOf(score),
        });
      }
    }
  }
  return pairs.sort(comparePairs);
}

/** Whole years from a 'YYYY-MM-DD' birthday to a 'YYYY-MM-DD' day; NaN when either is malformed. */
export function ageOnDay(birthday: string, day: string): number {
  const born = /^(\d{4})-(\d{2})-(\d{2})$/.exec(birthday);
  const on = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!born || !on) return Number.NaN;
  const [by, bm, bd] = born.slice(1).map(Number) as [number, number, number];
  const [ty, tm, td] = on.slice(1).map(Number) as [number, number, number];
  return ty - by - (tm < bm || (tm === bm && td < bd) ? 1 : 0);
}

/**
 * Whole years from a 'YYYY-MM-DD' birthday to the calendar day `today` falls on in Mexico City (the
 * site's time zone). Someone born on 29 February turns a year older on 1 March in common years.
 * A malformed birthday gives NaN, which scorePair treats as no birthday.
 */
export function ageOn(birthday: string, today: Date): number {
  return ageOnDay(birthday, dayInMexicoCity(today));
}
