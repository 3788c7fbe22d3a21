import type { Transaction } from 'kysely';
import type { Database } from '../platform/db/schema';

/** The demo's promo code (design.md §25): 20 % off any night, once per member, for two months. */
export const DEMO_PROMO_CODE = 'PRIMERAVEZ';

export async function loadDemoCodes(trx: Transaction<Database>, now: Date): Promise<void> {
  const until = new Date(now.getTime() + 60 * 86_400_000).toISOString().slice(0, 10);
  await trx
    .insertInto('promo_codes')
    .values({
      code: DEMO_PROMO_CODE,
      percent_off: 20,
      amount_off_cents: null,
      genders: null,
      max_uses: 100,
      max_uses_per_member: 1,
      valid_from: null,
      valid_until: until,
      created_at: now.toISOString(),
      updated_at: now.toISOString(),
    })
    .execute();
}
