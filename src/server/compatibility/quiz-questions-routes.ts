import type { FastifyInstance } from 'fastify';
import { emptyBody } from '../../shared/contracts/auth';
import type { QuizQuestionPayload } from '../../shared/contracts/quiz';
import { quizzQuestionsResponseSchema } from '../../shared/contracts/quiz';
import { QUIZ_QUESTIONS } from '../../shared/domain/quiz-questions';
import { callOptions, ok, zodApp } from '../platform/http/envelope';

const QUESTIONS: QuizQuestionPayload[] = QUIZ_QUESTIONS.map((question) => ({
  id: question.id,
  text: question.text,
  options: question.options.map((option) => ({ id: option.id, text: option.text })),
}));

export async function registerQuizQuestionRoutes(app: FastifyInstance): Promise<void> {
  zodApp(app).post('/quizz/questions', callOptions(emptyBody, quizzQuestionsResponseSchema), async () =>
    ok('Preguntas del quiz', { questions: QUESTIONS }),
  );
}
