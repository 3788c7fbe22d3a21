import type { Kysely } from 'kysely';

// Frozen in time: this migration never imports application code.
// A code can be switched off and back on without deleting it (issue 55): 1 on, 0 off.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('promo_codes')
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('promo_codes').dropColumn('active').execute();
}
