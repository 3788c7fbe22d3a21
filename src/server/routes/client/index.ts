import type { FastifyInstance } from 'fastify';
import { registerClientAccountRoutes } from './account';
import { registerClientAdvertRoutes } from './advert';
import { registerClientAuthRoutes } from './auth';
import { registerClientEventRoutes } from './events';
import { registerClientInterestRoutes } from './interests';
import { registerPasswordResetRoutes } from './password-reset';
import { registerClientProfileRoutes } from './profile';
import { registerClientQuizRoutes } from './quiz';

/** The client area: sign-up and log-in, then calls that need a client session. */
export async function registerClientRoutes(app: FastifyInstance): Promise<void> {
  await app.register(registerClientAuthRoutes);
  await app.register(registerClientProfileRoutes);
  await app.register(registerClientEventRoutes);
  await app.register(registerClientQuizRoutes);
  await app.register(registerClientInterestRoutes);
  await app.register(registerPasswordResetRoutes);
  await app.register(registerClientAccountRoutes);
  await app.register(registerClientAdvertRoutes);
}
