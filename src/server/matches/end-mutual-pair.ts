import type { Transaction } from 'kysely';
import { INTEREST_STATUS } from '../../shared/domain/statuses';
import type { Database } from '../platform/db/schema';

/**
 * Ends a mutual pair when one of the two withdrew her interest (her row is already gone): the
 * other person's interest stays, as a one-way interest. Under the caller's locks.
 */
export async function endMutualPair(
  trx: Transaction<Database>,
  pair: { withdrawnBy: number; otherId: number },
): Promise<void> {
  await trx
    .updateTable('interests')
    .set({ status_id: INTEREST_STATUS.oneWay })
    .where('client_id', '=', pair.otherId)
    .where('target_client_id', '=', pair.withdrawnBy)
    .execute();
}
