import { z } from 'zod';
import { quizAnswersSchema } from '../domain/quiz-questions';
import { optionalIdSchema } from './common';

export const quizzAnswersInput = quizAnswersSchema.extend({ client_id: optionalIdSchema });

export const quizzAddBody = z.object({
  quizz: quizzAnswersInput,
});
export type QuizzAddBody = z.input<typeof quizzAddBody>;

export interface QuizQuestionPayload {
  id: number;
  text: string;
  options: { id: number; text: string }[];
}

export interface QuizzQuestionsResponse {
  status: 'success';
  message: string;
  questions: QuizQuestionPayload[];
}
