import type { DB } from '../../platform/db/database';

/**
 * What each code took off one night's places (docs/design/25-organizers.md): uses still held or paid, not the
 * ones released with an expired hold or a cancelled place. Largest discount first.
 */
export async function eventCodeDiscounts(
  db: DB,
  eventId: number,
): Promise<{ code: string; uses: number; discount_cents: number }[]> {
  const rows = await db
    .selectFrom('promo_code_uses')
    .innerJoin('promo_codes', 'promo_codes.id', 'promo_code_uses.code_id')
    .select((eb) => [
      'promo_codes.code',
      eb.fn.countAll<number>().as('uses'),
      eb.fn.sum<number>('promo_code_uses.discount_cents').as('discount_cents'),
    ])
    .where('promo_code_uses.event_id', '=', eventId)
    .where('promo_code_uses.released_at', 'is', null)
    .groupBy('promo_codes.code')
    .execute();
  return rows
    .map((row) => ({ code: row.code, uses: Number(row.uses), discount_cents: Number(row.discount_cents) }))
    .sort((a, b) => b.discount_cents - a.discount_cents || a.code.localeCompare(b.code));
}
