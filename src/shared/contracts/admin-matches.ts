import { z } from 'zod';
import { cursorSchema, type Paged, pageSchema, searchSchema } from './admin';
import { idSchema, optionalIdSchema } from './common';
import type { PublicPhoto } from './photos';

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

export interface InterestPair {
  id: number;
  client_a_id: number;
  client_a: string;
  client_b_id: number;
  client_b: string;
  status_id: number;
  mutual: boolean;
  contacted: number;
  /** Each person's main approved photo (card-sized clear URL), or null. */
  client_a_photo: string | null;
  client_b_photo: string | null;
}

export interface QuizPair {
  client_a: number;
  client_a_name: string;
  client_b: number;
  client_b_name: string;
  score: number;
  /** The specification's name for the score of a quiz pairing. */
  answers: number;
  percent: number;
  contacted: number;
}

export interface MatchPerson {
  id: number;
  name: string;
  gender: number;
  age: number | null;
  birthday: string | null;
  email: string;
  phone: string;
  instagram: string;
  description: string;
  /** The main approved photo's card-sized clear URL, or null. */
  photo: string | null;
  /** Every approved photo in order. */
  photos: PublicPhoto[];
}

export interface MatchDetails {
  id: number;
  status_id: number;
  mutual: boolean;
  contacted: number;
  client_a: MatchPerson;
  client_b: MatchPerson;
}

export interface QuizPerson {
  id: number;
  name: string;
  gender: number;
  age: number | null;
  phone: string;
  answers: { question: string; answer: string }[];
}

export interface InterestPairsResponse extends Paged {
  status: 'success';
  message: string;
  matches: InterestPair[];
}

/** Someone the search names who answered the quiz but has no compatible pair. */
export interface UnpairedRespondent {
  client_id: number;
  name: string;
}

export interface QuizPairsResponse extends Paged {
  status: 'success';
  message: string;
  quiz_pairs: QuizPair[];
  /** With a search: the people it names who answered the quiz and have no compatible pair. */
  unpaired: UnpairedRespondent[];
}

export interface MatchDetailsResponse {
  status: 'success';
  message: string;
  match: MatchDetails;
}

export interface QuizPairDetailsResponse {
  status: 'success';
  message: string;
  quiz_pair: { client_a: QuizPerson; client_b: QuizPerson };
}
