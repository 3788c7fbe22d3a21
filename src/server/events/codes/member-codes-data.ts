import type { Transaction } from 'kysely';
import { ASSISTANCE_STATUS } from '../../../shared/domain/statuses';
import type { DB } from '../../platform/db/database';
import type { Database } from '../../platform/db/schema';

/** The codes her places held, for her export. */
export function memberCodeUses(db: DB, clientId: number) {
  return db
    .selectFrom('promo_code_uses')
    .innerJoin('promo_codes', 'promo_codes.id', 'promo_code_uses.code_id')
    .select([
      'promo_codes.code',
      'promo_code_uses.event_id',
      'promo_code_uses.list_price_cents',
      'promo_code_uses.discount_cents',
      'promo_code_uses.created_at',
      'promo_code_uses.released_at',
    ])
    .where('promo_code_uses.client_id', '=', clientId)
    .orderBy('promo_code_uses.id')
    .execute();
}

/**
 * Erasure: her uses stay in each code's figures without her (no member, no sign-up; the uses of
 * places she had not paid are released with them), and her wrong codes go. Her personal codes
 * lose their owner: still personal, they are then usable by nobody, and a use one had stays in
 * the figures of the night it discounted.
 */
export async function eraseMemberCodes(trx: Transaction<Database>, clientId: number): Promise<void> {
  const now = new Date().toISOString();
  const unpaid = trx
    .selectFrom('assistance')
    .select('id')
    .where('client_id', '=', clientId)
    .where('status_id', '!=', ASSISTANCE_STATUS.confirmed);
  await trx
    .updateTable('promo_code_uses')
    .set({ released_at: now })
    .where('released_at', 'is', null)
    .where('assistance_id', 'in', unpaid)
    .execute();
  const hers = trx.selectFrom('assistance').select('id').where('client_id', '=', clientId);
  await trx
    .updateTable('promo_code_uses')
    .set({ client_id: null, assistance_id: null })
    .where((eb) => eb.or([eb('client_id', '=', clientId), eb('assistance_id', 'in', hers)]))
    .execute();
  await trx.deleteFrom('promo_code_attempts').where('client_id', '=', clientId).execute();
  await trx.updateTable('promo_codes').set({ client_id: null }).where('client_id', '=', clientId).execute();
}
