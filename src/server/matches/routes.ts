import type { FastifyInstance } from 'fastify';
import { registerAdminMatchRoutes } from './admin-match-routes';
import { registerMessageRoutes } from './message-routes';

/** Matches: mutual pairs, however they were made, their conversations, and the back office's view of them. */
export async function registerMatchesRoutes(app: FastifyInstance): Promise<void> {
  await app.register(registerAdminMatchRoutes);
  await app.register(registerMessageRoutes);
}
