import type { FastifyInstance } from 'fastify';
import { ADVERTS_MAX_LIMIT, advertsGetBody } from '../../shared/contracts/people';
import { ok, sendSerialized, zodApp } from '../platform/http/envelope';
import { listPublicAdverts } from './adverts';

/** /personas: published adverts, public data only, paged on the server. */
export async function registerAdvertRoutes(app: FastifyInstance): Promise<void> {
  const api = zodApp(app);

  api.post('/adverts/get', { schema: { body: advertsGetBody } }, async (request, reply) => {
    const offset = request.body?.offset ?? 0;
    const limit = request.body?.limit ?? ADVERTS_MAX_LIMIT;
    const gender = request.body?.gender;
    const json = await app.readCache.get(`adverts.json:${gender ?? ''}:${offset}:${limit}`, async () => {
      const { adverts, total } = await listPublicAdverts(app.db, { gender, offset, limit });
      return JSON.stringify(ok('Anuncios', { adverts, total, offset, limit }));
    });
    return sendSerialized(reply, json);
  });
}
