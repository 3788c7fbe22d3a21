import { AGE_RANGES, type ScoringClient } from '../src/shared/domain/compatibility';
import type { GenderId } from '../src/shared/domain/genders';
import { QUIZ_QUESTIONS, type QuizAnswers } from '../src/shared/domain/quiz-questions';

/**
 * Seeded synthetic clients for the matching benchmark: the same seed gives the same clients on every
 * machine. The distributions aim at a plausible Mexican singles site, not at any real data: genders
 * about 48 % women, 48 % men, 4 % LGBTQ+; ages 18 to 65 peaking in the early thirties; mostly
 * heterosexual searches; partner age ranges near one's own age (men a bit younger, women a bit older);
 * other answers skewed towards the first options; 5 % without a quiz and 2 % without a birthday.
 */

export type Random = () => number;

/** mulberry32: a small, fast, well-mixed 32-bit generator. */
export function seededRandom(seed: number): Random {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

function pick<T>(random: Random, items: readonly T[], weights: readonly number[]): T {
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  let roll = random() * total;
  for (let i = 0; i < items.length; i++) {
    roll -= weights[i]!;
    if (roll < 0) return items[i]!;
  }
  return items[items.length - 1]!;
}

const MIN_AGE = 18;
const MAX_SYNTHETIC_AGE = 65;
const AGES = Array.from({ length: MAX_SYNTHETIC_AGE - MIN_AGE + 1 }, (_, i) => MIN_AGE + i);
const AGE_WEIGHTS = AGES.map((age) => Math.exp(-(((age - 32) / 10) ** 2) / 2) + 0.1);

const RANGE_TEXTS = Object.keys(AGE_RANGES) as QuizAnswers['q_2'][];

const SOUGHT_WEIGHTS: Record<GenderId, readonly number[]> = {
  // Options of q_1: Hombre, Mujer, No binario o LGBTQ+.
  1: [0.9, 0.08, 0.02],
  2: [0.07, 0.92, 0.01],
  3: [0.15, 0.15, 0.7],
};

const LOVE_LANGUAGE_WEIGHTS = [0.22, 0.3, 0.1, 0.16, 0.22];

function preferredRange(random: Random, gender: GenderId, age: number): QuizAnswers['q_2'] {
  const own = RANGE_TEXTS.flatMap((text, index) => {
    const [min, max] = AGE_RANGES[text];
    return age >= min && age <= max ? [index] : [];
  });
  const ownIndex = own[Math.floor(random() * own.length)] ?? (age < 30 ? 0 : RANGE_TEXTS.length - 1);
  const roll = random();
  if (roll < 0.55) return RANGE_TEXTS[ownIndex]!;
  if (roll < 0.85) {
    // Men lean younger, women older; LGBTQ+ either way.
    const step = gender === 2 ? -1 : gender === 1 ? 1 : random() < 0.5 ? -1 : 1;
    return RANGE_TEXTS[Math.min(RANGE_TEXTS.length - 1, Math.max(0, ownIndex + step))]!;
  }
  return RANGE_TEXTS[Math.floor(random() * RANGE_TEXTS.length)]!;
}

/** A full answer set for someone of this gender and age. */
export function syntheticAnswers(random: Random, gender: GenderId, age: number): QuizAnswers {
  const answers: Record<string, string> = {};
  for (const question of QUIZ_QUESTIONS) {
    const texts = question.options.map((option) => option.text);
    let weights: readonly number[] = texts.map((_, index) => 1 / (index + 1));
    if (question.key === 'q_1') weights = SOUGHT_WEIGHTS[gender];
    if (question.key === 'q_15' || question.key === 'q_16') weights = LOVE_LANGUAGE_WEIGHTS;
    if (question.key === 'q_5') {
      // Options: Soltera, Soltero/a, Divorciado/a, No importa; 'Soltera' mostly from those seeking a woman.
      weights = answers.q_1 === 'Mujer' ? [0.45, 0.2, 0.1, 0.25] : [0.03, 0.57, 0.1, 0.3];
    }
    answers[question.key] =
      question.key === 'q_2' ? preferredRange(random, gender, age) : pick(random, texts, weights);
  }
  return answers as QuizAnswers;
}

/** Clients with ids 1 … n. */
export function syntheticClients(n: number, seed: number): ScoringClient[] {
  const random = seededRandom(seed);
  const clients: ScoringClient[] = [];
  for (let id = 1; id <= n; id++) {
    const roll = random();
    const gender: GenderId = roll < 0.48 ? 1 : roll < 0.96 ? 2 : 3;
    const age = pick(random, AGES, AGE_WEIGHTS);
    const answered = random() >= 0.05;
    const hasBirthday = random() >= 0.02;
    clients.push({
      id,
      gender,
      age: hasBirthday ? age : null,
      answers: answered ? syntheticAnswers(random, gender, age) : null,
    });
  }
  return clients;
}
