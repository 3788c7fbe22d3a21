import type { Kysely } from 'kysely';
import type { FiscalData, FiscalProfile } from '../../shared/contracts/invoices';
import type { Database } from '../platform/db/schema';

/** Her fiscal profile: what she last invoiced with, offered again next time. */
export async function saveFiscalProfile(
  db: Kysely<Database>,
  clientId: number,
  fiscal: FiscalData,
): Promise<void> {
  const values = { ...fiscal, updated_at: new Date().toISOString() };
  await db
    .insertInto('fiscal_profiles')
    .values({ client_id: clientId, ...values })
    .onConflict((oc) => oc.column('client_id').doUpdateSet(values))
    .execute();
}

/** client/fiscal-profile/get. */
export async function fiscalProfileOf(db: Kysely<Database>, clientId: number): Promise<FiscalProfile | null> {
  const row = await db
    .selectFrom('fiscal_profiles')
    .select(['rfc', 'name', 'regime', 'zip', 'use', 'email'])
    .where('client_id', '=', clientId)
    .executeTakeFirst();
  return row ?? null;
}
