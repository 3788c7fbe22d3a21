import type { Random } from '../../bench/synthetic-clients';
import { QUIZ_QUESTIONS, type QuizAnswers } from '../../src/shared/domain/quiz-questions';

/** Ages on and around the edges of the quiz's age ranges, and one below them all. */
const BOUNDARY_AGES = [17, 18, 29, 30, 35, 36, 40, 41, 45, 46, 50, 51, 65];

/** Every question answered with an option drawn uniformly. */
export function uniformAnswers(random: Random): QuizAnswers {
  return Object.fromEntries(
    QUIZ_QUESTIONS.map((question) => [
      question.key,
      question.options[Math.floor(random() * question.options.length)]!.text,
    ]),
  ) as QuizAnswers;
}

/** An age piled on the range boundaries (a third of the time), sometimes none. */
export function randomAge(random: Random): number | null {
  const roll = random();
  if (roll < 0.05) return null;
  if (roll < 0.3) return BOUNDARY_AGES[Math.floor(random() * BOUNDARY_AGES.length)]!;
  return 25 + Math.floor(random() * 31);
}
