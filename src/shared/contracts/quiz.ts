import { z } from 'zod';
import { quizAnswersSchema } from '../domain/quiz-questions';
import { optionalIdSchema, successAnswer } from './common';

export const quizzAnswersInput = quizAnswersSchema.extend({ client_id: optionalIdSchema });

export const quizzAddBody = z.object({
  quizz: quizzAnswersInput,
});
export type QuizzAddBody = z.input<typeof quizzAddBody>;

export const quizQuestionPayloadSchema = z.object({
  id: z.number(),
  text: z.string(),
  options: z.array(z.object({ id: z.number(), text: z.string() })),
});
export type QuizQuestionPayload = z.infer<typeof quizQuestionPayloadSchema>;

export const quizzQuestionsResponseSchema = successAnswer({
  questions: z.array(quizQuestionPayloadSchema),
});
export type QuizzQuestionsResponse = z.infer<typeof quizzQuestionsResponseSchema>;
