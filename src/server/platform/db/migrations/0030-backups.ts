import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen in time: this migration never imports application code.
// Backups proved by restoring them (docs/design/24-backups.md, decision 0048): one row per snapshot attempt,
// verified or why not, and the quarantine a restored database starts in.
export async function up(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('backups')
    .addColumn('id', 'integer', (c) =>
      pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement(),
    )
    .addColumn('started_at', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('nightly', 'manual', 'before-upgrade')`))
    .addColumn('engine', 'text', (c) => c.notNull().check(sql`engine in ('sqlite', 'postgres')`))
    .addColumn('file', 'text')
    .addColumn('destination', 'text', (c) => c.notNull())
    .addColumn('size_bytes', 'bigint')
    .addColumn('duration_ms', 'integer', (c) => c.notNull())
    .addColumn('verified', 'integer', (c) => c.notNull().check(sql`verified in (0, 1)`))
    .addColumn('reason', 'text')
    .addColumn('table_counts', 'text')
    .execute();
  await db.schema.createIndex('backups_started').on('backups').column('started_at').execute();
  // At most one row: while it exists the site sends nothing and calls no provider.
  await db.schema
    .createTable('restore_quarantine')
    .addColumn('id', 'integer', (c) => c.primaryKey().check(sql`id = 1`))
    .addColumn('restored_from', 'text', (c) => c.notNull())
    .addColumn('restored_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('restore_quarantine').ifExists().execute();
  await db.schema.dropTable('backups').ifExists().execute();
}
