import type { FastifyInstance } from 'fastify';
import { QUIZ_SEARCH_CLIENTS, type UnpairedRespondent } from '../../shared/contracts/admin-matches';
import { type CompatibilityPair, comparePairs } from '../../shared/domain/compatibility';
import { CLIENT_STATUS } from '../../shared/domain/statuses';
import { matchesFolded } from '../platform/db/folded-search';

interface QuizPairList {
  pairs: CompatibilityPair[];
  total: number;
  /** Without a search: the site has more pairs than the ones offered. */
  more: boolean;
  /** With a search: the people it names who answered the quiz and have no compatible pair. */
  unpaired: UnpairedRespondent[];
  /** With a search: it names more people who answered the quiz than the ones whose pairs are shown. */
  search_limited: boolean;
}

/**
 * The quiz tab's pairs (each pair once, client_a < client_b; gender misfits at 10 % last), in the
 * order of comparePairs, from this instance's engine (docs/design/16-para-ti.md, decision 0028). Without a search:
 * the site's best pairs. With one (name, e-mail or phone, case and accents ignored): the best pairs of
 * each of the newest QUIZ_SEARCH_CLIENTS people it names, together.
 */
export async function listQuizPairs(
  app: FastifyInstance,
  options: { search?: string | undefined; offset: number; limit: number },
): Promise<QuizPairList> {
  const { search, offset, limit } = options;
  if (!search) {
    const { pairs, total, more } = await app.partners.sitePairs(offset, limit);
    return { pairs, total, more, unpaired: [], search_limited: false };
  }
  const named = await app.db
    .selectFrom('clients')
    .innerJoin('quiz_answers', 'quiz_answers.client_id', 'clients.id')
    .select(['clients.id', 'clients.first_name', 'clients.last_name'])
    .where(matchesFolded('clients.search_text', search))
    .where('clients.status_id', '=', CLIENT_STATUS.active)
    .orderBy('clients.id', 'desc')
    .limit(QUIZ_SEARCH_CLIENTS + 1)
    .execute();
  const shown = named.slice(0, QUIZ_SEARCH_CLIENTS);
  const lists = await app.partners.pairsOf(shown.map((client) => client.id));
  const unique = new Map<string, CompatibilityPair>();
  for (const pairs of lists.values())
    for (const pair of pairs ?? []) unique.set(`${pair.client_a}:${pair.client_b}`, pair);
  const pairs = [...unique.values()].sort(comparePairs);
  return {
    pairs: pairs.slice(offset, offset + limit),
    total: pairs.length,
    more: false,
    unpaired: shown
      .filter((client) => (lists.get(client.id)?.length ?? 0) === 0)
      .map((client) => ({ client_id: client.id, name: `${client.first_name} ${client.last_name}` })),
    search_limited: named.length > shown.length,
  };
}
