import type { FastifyInstance } from 'fastify';
import { ADVERTS_MAX_LIMIT, advertsGetBody } from '../../shared/contracts/people';
import { currentClientId } from '../platform/auth/guards';
import { ok, zodApp } from '../platform/http/envelope';
import { listPublicAdverts } from './adverts';

/** /personas: published adverts, public data only, paged on the server. */
export async function registerAdvertRoutes(app: FastifyInstance): Promise<void> {
  const api = zodApp(app);

  api.post('/adverts/get', { schema: { body: advertsGetBody } }, async (request) => {
    const offset = request.body?.offset ?? 0;
    const limit = request.body?.limit ?? ADVERTS_MAX_LIMIT;
    const { adverts, total } = await listPublicAdverts(app.db, {
      gender: request.body?.gender,
      offset,
      limit,
      viewerId: await currentClientId(request),
    });
    return ok('Anuncios', { adverts, total, offset, limit });
  });
}
