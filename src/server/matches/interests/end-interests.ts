import type { Transaction } from 'kysely';
import type { Database } from '../../platform/db/schema';

/** Every interest between two people ends, both directions and mutual included (a block). */
export async function endInterestsBetween(
  trx: Transaction<Database>,
  clientId: number,
  otherId: number,
): Promise<void> {
  await trx
    .deleteFrom('interests')
    .where((eb) =>
      eb.or([
        eb.and([eb('client_id', '=', clientId), eb('target_client_id', '=', otherId)]),
        eb.and([eb('client_id', '=', otherId), eb('target_client_id', '=', clientId)]),
      ]),
    )
    .execute();
}
