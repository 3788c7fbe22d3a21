import type { FastifyInstance } from 'fastify';
import { ADVERTS_MAX_LIMIT, advertsGetBody } from '../../shared/contracts/people';
import { currentAdminId, currentClientId } from '../platform/auth/guards';
import { ok, sendSerialized, zodApp } from '../platform/http/envelope';
import { listPublicAdverts } from './adverts';

/** /personas: published adverts, public data only, paged on the server. */
export async function registerAdvertRoutes(app: FastifyInstance): Promise<void> {
  const api = zodApp(app);

  api.post('/adverts/get', { schema: { body: advertsGetBody } }, async (request, reply) => {
    const offset = request.body?.offset ?? 0;
    const limit = request.body?.limit ?? ADVERTS_MAX_LIMIT;
    const gender = request.body?.gender;
    const viewerId = await currentClientId(request);
    // Faces are clear only for active members and admins (design §10); everyone else is a visitor.
    const visitor = viewerId === null && (await currentAdminId(request)) === null;
    const answer = async () => {
      const { adverts, total } = await listPublicAdverts(app.db, {
        gender,
        offset,
        limit,
        viewerId,
        photoViewer: visitor ? 'visitor' : 'member',
      });
      return JSON.stringify(ok('Anuncios', { adverts, total, offset, limit }));
    };
    // Visitors share one cached answer; a member's list leaves out the people she blocked.
    const json = visitor
      ? await app.readCache.get(`adverts.json:${gender ?? ''}:${offset}:${limit}`, answer)
      : await answer();
    return sendSerialized(reply, json);
  });
}
