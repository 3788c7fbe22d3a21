import type { FastifyInstance } from 'fastify';
import { statsGetBody } from '../../shared/contracts/landing';
import { ok, zodApp } from '../platform/http/envelope';
import { landingCounterTargets } from './community-stats';

export async function registerStatsRoutes(app: FastifyInstance): Promise<void> {
  zodApp(app).post('/stats/get', { schema: { body: statsGetBody } }, async () => {
    const stats = await landingCounterTargets(app.db);
    return ok('Cifras de la comunidad', { stats });
  });
}
