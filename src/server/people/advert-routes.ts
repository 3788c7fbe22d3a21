import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import {
  COMPATIBLE_PAGE_SIZE,
  compatibleGetAnswer,
  compatibleGetBody,
} from '../../shared/contracts/compatible';
import { ADVERTS_MAX_LIMIT, advertsGetBody, advertsGetResponseSchema } from '../../shared/contracts/people';
import { carriesSession, currentAdminId, currentClientId, requireClient } from '../platform/auth/guards';
import { CachedBody, sendJson } from '../platform/http/cached-body';
import { callOptions, JSON_TYPE, ok, zodApp } from '../platform/http/envelope';
import { frontAnswerOptions } from '../platform/http/front-answers';
import { listPublicAdverts } from './adverts';
import { listCompatiblePeople } from './compatible-people';

/** Where the answer every visitor shares for this page of adverts is kept. */
function visitorsKey(body: z.infer<typeof advertsGetBody>): string {
  return `adverts.json:${body?.gender ?? ''}:${body?.verified ? 'v' : ''}:${body?.offset ?? 0}:${body?.before_id ?? ''}:${body?.limit ?? ADVERTS_MAX_LIMIT}`;
}

/** /personas: published adverts, public data only, paged on the server; a member's "Para ti". */
export async function registerAdvertRoutes(app: FastifyInstance): Promise<void> {
  const api = zodApp(app);
  const keptList = (body: z.infer<typeof advertsGetBody>) =>
    app.readCache.peek<CachedBody>(visitorsKey(body));

  api.post(
    '/adverts/get',
    callOptions(
      advertsGetBody,
      advertsGetResponseSchema,
      frontAnswerOptions({
        sharedBy: (request) => !carriesSession(request.headers.cookie),
        kept: keptList,
      }),
    ),
    async (request, reply) => {
      const offset = request.body?.offset ?? 0;
      const limit = request.body?.limit ?? ADVERTS_MAX_LIMIT;
      const gender = request.body?.gender;
      const beforeId = request.body?.before_id;
      const viewerId = await currentClientId(request);
      // Faces are clear only for active members and admins (docs/design/10-photos.md); everyone else is a visitor.
      const visitor = viewerId === null && (await currentAdminId(request)) === null;
      const answer = async () => {
        const { adverts, ...paging } = await listPublicAdverts(app.db, {
          gender,
          onlyVerified: request.body?.verified === true,
          offset,
          limit,
          beforeId,
          viewerId,
          photoViewer: visitor ? 'visitor' : 'member',
        });
        return ok('Anuncios', { adverts, ...paging, offset, limit });
      };
      // A member's list leaves out the people she blocked; visitors share one answer, serialised
      // and compressed once while it is cached.
      if (!visitor) return sendJson(request, reply, await answer());
      const body = await app.readCache.get(
        visitorsKey(request.body),
        async () => new CachedBody(JSON.stringify(await answer()), JSON_TYPE),
      );
      return body.send(request, reply);
    },
  );

  api.post(
    '/client/compatible/get',
    callOptions(compatibleGetBody, compatibleGetAnswer, { preHandler: requireClient }),
    async (request) => {
      const page = request.body?.page ?? 1;
      const { people, total } = await listCompatiblePeople(app, request.clientId, {
        page,
        ageMin: request.body?.age_min,
        ageMax: request.body?.age_max,
        onlyVerified: request.body?.verified === true,
      });
      return ok('Personas afines a ti', { people, total, page, page_size: COMPATIBLE_PAGE_SIZE });
    },
  );
}
