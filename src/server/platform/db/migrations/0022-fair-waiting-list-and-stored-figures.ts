import type { Kysely } from 'kysely';

// A place given from the waiting list says so on the site (docs/design/21-pocket.md): when it was given.
// Whole-site figures (admin/stats) are computed in the background and kept here, so a request
// only reads them and a restart keeps the last ones (decision 0034).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('assistance').addColumn('promoted_at', 'text').execute();
  await db.schema
    .createTable('stored_figures')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('computed_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('stored_figures').execute();
  await db.schema.alterTable('assistance').dropColumn('promoted_at').execute();
}
