import type { FastifyInstance } from 'fastify';
import type { CompatibilityPair } from '../../shared/domain/compatibility';
import { matchesFolded } from '../platform/db/folded-search';

/**
 * Compatibility pairs (each pair once, client_a < client_b, score > 0: gender misfits at 2 last) from this instance's
 * engine, highest percent first; `search` keeps the pairs where either person's name, e-mail or phone contains it (case and accents ignored).
 */
export async function listQuizPairs(
  app: FastifyInstance,
  options: { search?: string | undefined; offset: number; limit: number },
): Promise<{ pairs: CompatibilityPair[]; total: number }> {
  if (!options.search) return app.matching.page({ offset: options.offset, limit: options.limit });
  const named = await app.db
    .selectFrom('clients')
    .select('id')
    .where(matchesFolded('search_text', options.search))
    .execute();
  if (named.length === 0) return { pairs: [], total: 0 };
  return app.matching.page({
    offset: options.offset,
    limit: options.limit,
    clientIds: named.map((client) => client.id),
  });
}
