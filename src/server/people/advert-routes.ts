import type { FastifyInstance } from 'fastify';
import { ADVERTS_MAX_LIMIT, advertsGetBody } from '../../shared/contracts/people';
import { ok, zodApp } from '../platform/http/envelope';
import { listPublicAdverts } from './adverts';

/** /personas: published adverts, public data only, paged on the server. */
export async function registerAdvertRoutes(app: FastifyInstance): Promise<void> {
  const api = zodApp(app);

  api.post('/adverts/get', { schema: { body: advertsGetBody } }, async (request) => {
    const offset = request.body?.offset ?? 0;
    const limit = request.body?.limit ?? ADVERTS_MAX_LIMIT;
    const gender = request.body?.gender;
    const { adverts, total } = await app.readCache.get(`adverts:${gender ?? ''}:${offset}:${limit}`, () =>
      listPublicAdverts(app.db, { gender, offset, limit }),
    );
    return ok('Anuncios', { adverts, total, offset, limit });
  });
}
