import type { Transaction } from 'kysely';
import { INTEREST_STATUS } from '../../shared/domain/statuses';
import type { Database } from '../platform/db/schema';
import { closeConversation } from './conversations/conversation-pair';

/**
 * Ends a mutual pair when one of the two withdrew her interest (her row is already gone): the
 * other person's interest stays, as a one-way interest, and their conversation closes. Under the
 * caller's locks. Answers the conversation's id when one closed (tell them live after the commit).
 */
export async function endMutualPair(
  trx: Transaction<Database>,
  pair: { withdrawnBy: number; otherId: number },
): Promise<number | null> {
  await trx
    .updateTable('interests')
    .set({ status_id: INTEREST_STATUS.oneWay })
    .where('client_id', '=', pair.otherId)
    .where('target_client_id', '=', pair.withdrawnBy)
    .execute();
  return closeConversation(trx, pair.withdrawnBy, pair.otherId, 'ended');
}
