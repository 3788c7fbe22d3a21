import type { FastifyInstance } from 'fastify';
import { registerQuizQuestionRoutes } from './quiz-questions-routes';
import { registerClientQuizRoutes } from './quiz-routes';

/** The compatibility quiz: its questions (public) and a member's answers. */
export async function registerCompatibilityRoutes(app: FastifyInstance): Promise<void> {
  await app.register(registerQuizQuestionRoutes);
  await app.register(registerClientQuizRoutes);
}
