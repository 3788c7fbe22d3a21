import type { FastifyInstance } from 'fastify';
import { currentClientId } from '../../platform/auth/guards';
import { orderedPair } from './conversation-pair';

/** The largest id PostgreSQL's integer column holds: anything else names nobody. */
const MAX_ID = 2_147_483_647;

/**
 * GET /mensajes/con/{clientId}: the address "Mensaje" used before each mutual pair carried its
 * conversation's id; links to it (bookmarks, a shared screen) still work. The server answers a
 * redirect to her conversation with that person, to /mensajes when she has none she may see,
 * and to /ingresar for a visitor. It tells nothing about pairs that are not hers.
 */
export async function registerConversationWithRedirect(app: FastifyInstance): Promise<void> {
  app.get<{ Params: { clientId: string } }>('/mensajes/con/:clientId', async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    const clientId = await currentClientId(request);
    if (clientId === null) return reply.redirect('/ingresar', 302);
    const otherId = Number(request.params.clientId);
    const valid = Number.isSafeInteger(otherId) && otherId > 0 && otherId <= MAX_ID && otherId !== clientId;
    const side = valid
      ? await app.db
          .selectFrom('conversations')
          .innerJoin('conversation_sides as mine', 'mine.conversation_id', 'conversations.id')
          .select('conversations.id')
          .where('conversations.pair_key', '=', orderedPair(clientId, otherId).pair_key)
          .where('mine.client_id', '=', clientId)
          .where('mine.hidden', '=', 0)
          .executeTakeFirst()
      : undefined;
    return reply.redirect(side ? `/mensajes/${side.id}` : '/mensajes', 302);
  });
}
