import { z } from 'zod';
import { cursorSchema, pagedSchema, pageSchema, searchSchema } from './admin';
import { idSchema, messageAnswer, optionalIdSchema, successAnswer } from './common';
import { publicPhotoSchema } from './photos';
import { verifiedMarkSchema } from './verification';

/**
 * admin/matches, one call with the specification's shapes and the paged extensions:
 * - `{ admin_id }` → the first page of interest pairs (`matches`, as the specification reads it);
 * - `{ admin_id, tab, search?, page? }` → one page of interest pairs (`matches`) or quiz pairs (`quiz_pairs`);
 * - `{ admin_id, match_id }` → one interest pair with both people's details (`match`);
 * - `{ admin_id, id, contacted }` → marks an interest pair contacted (both rows of a mutual pair);
 * - `{ admin_id, quiz_pair: { client_a, client_b } }` → both clients' answers, age, gender, phone;
 * - `{ admin_id, quiz_contacted: { client_a, client_b, contacted } }` → marks a quiz pair contacted.
 */
const contactedSchema = z.union([z.literal(0), z.literal(1)]);
const pairSchema = z.object({ client_a: idSchema, client_b: idSchema });

export const adminMatchesBody = z
  .object({
    admin_id: optionalIdSchema,
    tab: z.enum(['interests', 'quiz']).optional(),
    search: searchSchema,
    page: pageSchema,
    cursor: cursorSchema,
    match_id: idSchema.optional(),
    id: idSchema.optional(),
    contacted: contactedSchema.optional(),
    quiz_pair: pairSchema.optional(),
    quiz_contacted: pairSchema.extend({ contacted: contactedSchema }).optional(),
  })
  .refine((body) => (body.id === undefined) === (body.contacted === undefined), {
    message: 'Para marcar un interés envía id y contacted',
  })
  .refine(
    (body) =>
      [body.match_id, body.id, body.quiz_pair, body.quiz_contacted].filter((part) => part !== undefined)
        .length <= 1,
    { message: 'Envía solo una de: match_id, id, quiz_pair o quiz_contacted' },
  );
export type AdminMatchesBody = z.input<typeof adminMatchesBody>;

export const interestPairSchema = z.object({
  id: z.number(),
  client_a_id: z.number(),
  client_a: z.string(),
  client_b_id: z.number(),
  client_b: z.string(),
  status_id: z.number(),
  mutual: z.boolean(),
  contacted: z.number(),
  /** Each person's main approved photo (card-sized clear URL), or null. */
  client_a_photo: z.string().nullable(),
  client_b_photo: z.string().nullable(),
  /** 1 mujer, 2 hombre: the badge's «Verificada» or «Verificado en persona». */
  client_a_gender: z.number(),
  client_b_gender: z.number(),
  client_a_verified: verifiedMarkSchema,
  client_b_verified: verifiedMarkSchema,
});
export type InterestPair = z.infer<typeof interestPairSchema>;

export const quizPairSchema = z.object({
  client_a: z.number(),
  client_a_name: z.string(),
  client_b: z.number(),
  client_b_name: z.string(),
  score: z.number(),
  /** The specification's name for the score of a quiz pairing. */
  answers: z.number(),
  percent: z.number(),
  contacted: z.number(),
});
export type QuizPair = z.infer<typeof quizPairSchema>;

export const matchPersonSchema = z.object({
  id: z.number(),
  name: z.string(),
  gender: z.number(),
  age: z.number().nullable(),
  birthday: z.string().nullable(),
  email: z.string(),
  phone: z.string(),
  instagram: z.string(),
  description: z.string(),
  /** The main approved photo's card-sized clear URL, or null. */
  photo: z.string().nullable(),
  /** Every approved photo in order. */
  photos: z.array(publicPhotoSchema),
  verified: verifiedMarkSchema,
});
export type MatchPerson = z.infer<typeof matchPersonSchema>;

export const matchDetailsSchema = z.object({
  id: z.number(),
  status_id: z.number(),
  mutual: z.boolean(),
  contacted: z.number(),
  client_a: matchPersonSchema,
  client_b: matchPersonSchema,
});
export type MatchDetails = z.infer<typeof matchDetailsSchema>;

export const quizPersonSchema = z.object({
  id: z.number(),
  name: z.string(),
  gender: z.number(),
  age: z.number().nullable(),
  phone: z.string(),
  answers: z.array(z.object({ question: z.string(), answer: z.string() })),
});
export type QuizPerson = z.infer<typeof quizPersonSchema>;

export const interestPairsResponseSchema = successAnswer({
  ...pagedSchema.shape,
  matches: z.array(interestPairSchema),
});
export type InterestPairsResponse = z.infer<typeof interestPairsResponseSchema>;

/** A quiz tab search shows the pairs of this many of the people it names (the newest who answered). */
export const QUIZ_SEARCH_CLIENTS = 20;

/** Someone the search names who answered the quiz but has no compatible pair. */
export const unpairedRespondentSchema = z.object({ client_id: z.number(), name: z.string() });
export type UnpairedRespondent = z.infer<typeof unpairedRespondentSchema>;

export const quizPairsResponseSchema = successAnswer({
  ...pagedSchema.shape,
  quiz_pairs: z.array(quizPairSchema),
  /** With a search: the people it names who answered the quiz and have no compatible pair. */
  unpaired: z.array(unpairedRespondentSchema),
  /** With a search: it names more people who answered the quiz than the ones whose pairs are listed. */
  search_limited: z.boolean(),
});
export type QuizPairsResponse = z.infer<typeof quizPairsResponseSchema>;

export const matchDetailsResponseSchema = successAnswer({
  match: matchDetailsSchema,
});
export type MatchDetailsResponse = z.infer<typeof matchDetailsResponseSchema>;

export const quizPairDetailsResponseSchema = successAnswer({
  quiz_pair: z.object({ client_a: quizPersonSchema, client_b: quizPersonSchema }),
});
export type QuizPairDetailsResponse = z.infer<typeof quizPairDetailsResponseSchema>;

/** One quiz respondent of the plain call: who, and her answers by question key. */
export const quizRespondentSchema = z
  .object({ client_id: z.number(), name: z.string(), gender: z.number(), age: z.number().nullable() })
  .catchall(z.string());

/**
 * The specification's plain `admin/matches {admin_id}`: the first page of interest pairs and the
 * first ADMIN_PAGE_SIZE quiz respondents, with their totals (docs/design/17-million.md).
 */
export const plainMatchesAnswer = interestPairsResponseSchema.extend({
  quiz: z.array(quizRespondentSchema),
  quiz_total: z.number(),
  quiz_total_estimated: z.boolean(),
});

/** admin/matches answers by what the body asks; the richer shapes are tried first. */
export const adminMatchesAnswer = z.union([
  plainMatchesAnswer,
  interestPairsResponseSchema,
  quizPairsResponseSchema,
  matchDetailsResponseSchema,
  quizPairDetailsResponseSchema,
  messageAnswer,
]);

export type AdminMatchesAnswer = z.infer<typeof adminMatchesAnswer>;

export function isInterestPairs(answer: AdminMatchesAnswer): answer is InterestPairsResponse {
  return 'matches' in answer;
}

export function isQuizPairs(answer: AdminMatchesAnswer): answer is QuizPairsResponse {
  return 'quiz_pairs' in answer;
}

export function isMatchDetails(answer: AdminMatchesAnswer): answer is MatchDetailsResponse {
  return 'match' in answer;
}

export function isQuizPairDetails(answer: AdminMatchesAnswer): answer is QuizPairDetailsResponse {
  return 'quiz_pair' in answer;
}
