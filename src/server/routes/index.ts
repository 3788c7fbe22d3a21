import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { registerAdminRoutes } from './admin/index';
import { registerClientRoutes } from './client/index';
import { registerEventRoutes } from './events/events';
import { registerPublicRoutes } from './public/index';

/** Every /api route, by area; each area's index registers its own files. */
export async function registerApiRoutes(app: FastifyInstance): Promise<void> {
  app.get('/health', async (_request, reply) => {
    try {
      await sql`select 1`.execute(app.db);
      return { status: 'success', message: 'Servicio disponible' };
    } catch (error) {
      app.log.error({ err: error }, 'health check failed');
      return reply.code(503).send({ status: 'danger', message: 'La base de datos no responde' });
    }
  });
  // The API described from the same zod schemas that validate it (design.md §5).
  app.get('/openapi.json', async () => app.swagger());
  await app.register(registerPublicRoutes);
  await app.register(registerEventRoutes);
  await app.register(registerClientRoutes);
  await app.register(registerAdminRoutes);
}
