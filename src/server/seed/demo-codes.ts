import type { Transaction } from 'kysely';
import type { Database } from '../platform/db/schema';

/**
 * The demo's offers (docs/design/25-organizers.md): a promo code, 20 % off any night, once per member, for two
 * months; and an early-bird price on the next paid night: the first 10 women and 10 men pay less
 * (fewer when the night has fewer places: a step never promises more places than the event has).
 */
export const DEMO_PROMO_CODE = 'PRIMERAVEZ';

export async function loadDemoCodes(trx: Transaction<Database>, now: Date): Promise<void> {
  const nextPaid = await trx
    .selectFrom('events')
    .select(['id', 'price_w_cents', 'price_m_cents', 'limit_w', 'limit_m'])
    .where('day', '>', now.toISOString().slice(0, 10))
    .where('price_w_cents', '>', 0)
    .where('price_m_cents', '>', 0)
    .orderBy('day')
    .limit(1)
    .executeTakeFirst();
  if (nextPaid) {
    const earlyBird = (cents: number) => Math.round((cents * 0.8) / 1000) * 1000;
    await trx
      .insertInto('event_price_steps')
      .values([
        {
          event_id: nextPaid.id,
          gender: 1,
          position: 0,
          price_cents: earlyBird(nextPaid.price_w_cents),
          until_day: null,
          places: Math.min(10, nextPaid.limit_w),
        },
        {
          event_id: nextPaid.id,
          gender: 2,
          position: 0,
          price_cents: earlyBird(nextPaid.price_m_cents),
          until_day: null,
          places: Math.min(10, nextPaid.limit_m),
        },
      ])
      .execute();
  }
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
