import type { FastifyInstance } from 'fastify';
import { registerClientAuthRoutes } from './auth';
import { registerClientEventRoutes } from './events';
import { registerClientInterestRoutes } from './interests';
import { registerClientProfileRoutes } from './profile';
import { registerClientQuizRoutes } from './quiz';

/** The client area: sign-up and log-in, then calls that need a client session. */
export async function registerClientRoutes(app: FastifyInstance): Promise<void> {
  await app.register(registerClientAuthRoutes);
  await app.register(registerClientProfileRoutes);
  await app.register(registerClientEventRoutes);
  await app.register(registerClientQuizRoutes);
  await app.register(registerClientInterestRoutes);
}
