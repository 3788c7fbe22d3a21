import { describe, expect, it } from 'vitest';
import { AGE_RANGES, SOUGHT_GENDER } from '../../src/shared/domain/compatibility';
import {
  QUESTION_KEYS,
  QUIZ_QUESTIONS,
  type QuizAnswers,
  questionKey,
  quizAnswersSchema,
} from '../../src/shared/domain/quiz-questions';

function textsOf(key: string): string[] {
  return QUIZ_QUESTIONS.find((question) => question.key === key)!.options.map((option) => option.text);
}

const validAnswers = Object.fromEntries(
  QUIZ_QUESTIONS.map((question) => [question.key, question.options.at(-1)!.text]),
) as QuizAnswers;

describe('QUIZ_QUESTIONS', () => {
  it('has 20 questions numbered 1 to 20 with keys q_1 to q_20', () => {
    expect(QUIZ_QUESTIONS.map((question) => question.id)).toEqual(
      Array.from({ length: 20 }, (_, i) => i + 1),
    );
    expect(QUESTION_KEYS).toEqual(Array.from({ length: 20 }, (_, i) => `q_${i + 1}`));
  });

  it('numbers the options 1 to 73, each once, in order across questions', () => {
    const ids = QUIZ_QUESTIONS.flatMap((question) => question.options.map((option) => option.id));
    expect(ids).toEqual(Array.from({ length: 73 }, (_, i) => i + 1));
  });

  it('has non-empty question and option texts, distinct within each question', () => {
    for (const question of QUIZ_QUESTIONS) {
      expect(question.text.trim()).not.toBe('');
      const texts = question.options.map((option) => option.text);
      expect(new Set(texts).size).toBe(texts.length);
      for (const text of texts) expect(text.trim()).toBe(text);
      expect(texts.length).toBeGreaterThanOrEqual(3);
    }
  });

  it.each([
    ['q_1', ['Hombre', 'Mujer', 'No binario o LGBTQ+']],
    ['q_2', ['30-35', '35-40', '40-45', '45-50']],
    ['q_5', ['Soltera', 'Soltero/a', 'No importa']],
    ['q_6', ['Quiero tener', 'Ya tengo y quiero más']],
    ['q_8', ['Equilibrado']],
    ['q_14', ['Balance: tiempo juntos y tiempo para mí', 'Distancia: necesito mi propio espacio']],
  ])('offers on %s the options the scoring rules name', (key, texts) => {
    expect(textsOf(key)).toEqual(expect.arrayContaining(texts));
  });

  it('lists the same five love languages, in the same order, on q_15 and q_16', () => {
    expect(textsOf('q_15')).toHaveLength(5);
    expect(textsOf('q_16')).toEqual(textsOf('q_15'));
  });

  it('gives every age range and every sought gender a meaning for the scoring', () => {
    expect(Object.keys(AGE_RANGES).sort()).toEqual(textsOf('q_2').sort());
    expect(Object.keys(SOUGHT_GENDER).sort()).toEqual(textsOf('q_1').sort());
    expect(Object.values(SOUGHT_GENDER).sort()).toEqual([1, 2, 3]);
  });
});

describe('questionKey', () => {
  it('names questions 1 to 20', () => {
    expect(questionKey(1)).toBe('q_1');
    expect(questionKey(20)).toBe('q_20');
  });

  it.each([0, 21, 1.5, -1, Number.NaN])('refuses %s', (n) => {
    expect(() => questionKey(n)).toThrow(RangeError);
  });
});

describe('quizAnswersSchema', () => {
  it('accepts one option text per question', () => {
    expect(quizAnswersSchema.parse(validAnswers)).toEqual(validAnswers);
  });

  it.each([
    ['a text that is no option', 7, 'Ir al cine'],
    ["another question's option", 7, 'Equilibrado'],
    ['an option id instead of its text', 7, 26],
    ['nothing', 3, undefined],
    ['an empty text', 20, ''],
  ])('refuses %s, naming the question in Spanish', (_, question, value) => {
    const result = quizAnswersSchema.safeParse({ ...validAnswers, [`q_${question}`]: value });
    expect(result.success).toBe(false);
    expect(result.error?.issues).toEqual([
      expect.objectContaining({
        path: [`q_${question}`],
        message: `Elige una respuesta válida para la pregunta ${question}`,
      }),
    ]);
  });
});
