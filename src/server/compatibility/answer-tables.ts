import {
  ANSWER_RULES,
  type AnswerRule,
  MARITAL_FIT_POINTS,
  maritalFits,
} from '../../shared/domain/compatibility';
import { QUIZ_QUESTIONS, type QuestionKey, type QuizAnswers } from '../../shared/domain/quiz-questions';

/**
 * Rules 3 to 12 of §9 as three lookup tables. A client's answers to the scored questions are packed into
 * three small integer codes, one per group below (mixed radix over the options' positions); what a pair
 * gets from a group is then one read, table[codeA * size + codeB]. The tables are filled by running the
 * rules of compatibility.ts over every combination, so the engine cannot drift from scorePair.
 */
const GROUPS: readonly (readonly QuestionKey[])[] = [
  // The marital gate (rule 3) and the keyless rule (q_9) live in the first table.
  ['q_5', 'q_15', 'q_16'],
  ['q_6', 'q_7', 'q_8', 'q_10'],
  ['q_11', 'q_12', 'q_13', 'q_14', 'q_18'],
];

/** First-table entry of a pair whose marital preferences do not fit: rule 3 stops the score. */
export const MARITAL_MISFIT = 255;

/** Codes must fit a byte: the engine stores them in Uint8Arrays. */
const MAX_GROUP_SIZE = 256;

const optionTexts = new Map<QuestionKey, readonly string[]>(
  QUIZ_QUESTIONS.map((question) => [question.key, question.options.map((option) => option.text)]),
);
const optionIndexes = new Map<QuestionKey, Map<string, number>>(
  QUIZ_QUESTIONS.map((question) => [
    question.key,
    new Map(question.options.map((option, index) => [option.text, index])),
  ]),
);

function textsOf(key: QuestionKey): readonly string[] {
  return optionTexts.get(key)!;
}

const groupSizes = GROUPS.map((group) => group.reduce((size, key) => size * textsOf(key).length, 1));

const rulesByGroup: AnswerRule[][] = GROUPS.map(() => []);
for (const rule of ANSWER_RULES) {
  // A rule joins the first group holding every question it reads; a keyless rule joins the first group.
  const group = GROUPS.findIndex((keys) => rule.keys.every((key) => keys.includes(key)));
  if (group < 0) throw new Error(`No answer table holds the questions ${rule.keys.join(', ')}`);
  rulesByGroup[group]!.push(rule);
}
if (!GROUPS[0]!.includes('q_5')) throw new Error('The first answer table must hold q_5 (rule 3)');
if (groupSizes.some((size) => size > MAX_GROUP_SIZE)) throw new Error('An answer table code exceeds a byte');

/** A full answer set whose group questions take the options a code stands for (others: first option). */
function answersOfCode(group: readonly QuestionKey[], code: number): QuizAnswers {
  const answers: Record<string, string> = {};
  for (const question of QUIZ_QUESTIONS) answers[question.key] = question.options[0].text;
  let rest = code;
  for (let i = group.length - 1; i >= 0; i--) {
    const texts = textsOf(group[i]!);
    answers[group[i]!] = texts[rest % texts.length]!;
    rest = Math.floor(rest / texts.length);
  }
  return answers as QuizAnswers;
}

function buildTable(groupIndex: number): Uint8Array {
  const group = GROUPS[groupIndex]!;
  const size = groupSizes[groupIndex]!;
  const rules = rulesByGroup[groupIndex]!;
  const answers = Array.from({ length: size }, (_, code) => answersOfCode(group, code));
  const table = new Uint8Array(size * size);
  for (let x = 0; x < size; x++) {
    for (let y = 0; y < size; y++) {
      const a = answers[x]!;
      const b = answers[y]!;
      if (groupIndex === 0 && !maritalFits(a, b)) {
        table[x * size + y] = MARITAL_MISFIT;
        continue;
      }
      let points = groupIndex === 0 ? MARITAL_FIT_POINTS : 0;
      for (const rule of rules) points += rule.points(a, b);
      table[x * size + y] = points;
    }
  }
  return table;
}

export const TABLE_SIZES = groupSizes as [number, number, number];
export const TABLES = [buildTable(0), buildTable(1), buildTable(2)] as const;

/** The most a pair can get from rules 3 to 12: the groups read disjoint questions, so maxima add up. */
export const MAX_ANSWER_POINTS = TABLES.reduce(
  (sum, table) =>
    sum + table.reduce((max, value) => (value !== MARITAL_MISFIT && value > max ? value : max), 0),
  0,
);

/** The three codes of a full answer set, or null when an answer is not one of its question's options. */
export function encodeAnswers(answers: QuizAnswers): [number, number, number] | null {
  const codes: number[] = [];
  for (const group of GROUPS) {
    let code = 0;
    for (const key of group) {
      const index = optionIndexes.get(key)!.get(answers[key]);
      if (index === undefined) return null;
      code = code * textsOf(key).length + index;
    }
    codes.push(code);
  }
  return codes as [number, number, number];
}
