import type { FastifyInstance } from 'fastify';
import { registerAdminMatchRoutes } from './admin-match-routes';

/** Matches: mutual pairs, however they were made, and the back office's view of them. */
export async function registerMatchesRoutes(app: FastifyInstance): Promise<void> {
  await app.register(registerAdminMatchRoutes);
}
