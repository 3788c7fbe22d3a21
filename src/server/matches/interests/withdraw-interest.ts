import type { FastifyInstance } from 'fastify';
import { publicName } from '../../../shared/domain/people';
import { notFound } from '../../platform/errors';
import { endMutualPair } from '../end-mutual-pair';
import { publishConversationChanged } from '../live/publish-notice';
import { lockPeople } from '../lock-people';

export const INTEREST_NOT_FOUND = 'Este interés no existe';

/**
 * Withdraws the caller's interest, from either list (docs/design/04-domain-rules.md): their row goes,
 * and when the pair was mutual the other person's interest stays as their one-way interest. Only
 * the caller's own rows can be named; anyone else's id is 'not found'.
 */
export async function withdrawInterest(
  app: FastifyInstance,
  clientId: number,
  interestId: number,
): Promise<{ name: string }> {
  const interest = await app.db
    .selectFrom('interests')
    .innerJoin('clients', 'clients.id', 'interests.target_client_id')
    .select(['interests.target_client_id', 'clients.first_name', 'clients.last_name'])
    .where('interests.id', '=', interestId)
    .where('interests.client_id', '=', clientId)
    .executeTakeFirst();
  if (!interest) throw notFound(INTEREST_NOT_FOUND);
  const otherId = interest.target_client_id;
  const closedConversation = await app.db.transaction().execute(async (trx) => {
    await lockPeople(app, trx, [clientId, otherId]);
    const deleted = await trx
      .deleteFrom('interests')
      .where('id', '=', interestId)
      .where('client_id', '=', clientId)
      .executeTakeFirst();
    // A second tap that lost the race finds the row gone: the interest is withdrawn either way.
    if (Number(deleted.numDeletedRows) === 0) return null;
    return endMutualPair(trx, { withdrawnBy: clientId, otherId });
  });
  if (closedConversation !== null) publishConversationChanged(app, closedConversation, [clientId, otherId]);
  return { name: publicName(interest.first_name, interest.last_name) };
}
