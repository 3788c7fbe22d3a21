import type { FastifyInstance } from 'fastify';
import { statsGetBody, statsGetResponseSchema } from '../../shared/contracts/landing';
import { callOptions, ok, zodApp } from '../platform/http/envelope';
import { landingCounters } from './community-stats';

export async function registerStatsRoutes(app: FastifyInstance): Promise<void> {
  // Computed once the instance is ready, so the first visitor does not wait for the counts.
  if (app.config.statsMaxAgeMs > 0) {
    app.addHook('onReady', async () => {
      landingCounters(app).catch((error) => app.log.error({ err: error }, 'landing counters failed'));
    });
  }
  zodApp(app).post('/stats/get', callOptions(statsGetBody, statsGetResponseSchema), async () => {
    const stats = await landingCounters(app);
    return ok('Cifras de la comunidad', { stats });
  });
}
