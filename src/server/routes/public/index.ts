import type { FastifyInstance } from 'fastify';
import { registerAdvertRoutes } from './adverts';
import { registerQuizQuestionRoutes } from './quiz';
import { registerStatsRoutes } from './stats';

/** Calls anyone may make without a session (besides the event calls and the two log-ins). */
export async function registerPublicRoutes(app: FastifyInstance): Promise<void> {
  await app.register(registerStatsRoutes);
  await app.register(registerQuizQuestionRoutes);
  await app.register(registerAdvertRoutes);
}
