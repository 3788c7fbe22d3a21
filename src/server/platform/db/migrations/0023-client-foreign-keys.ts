import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen in time: this migration never imports application code.

// Every column that names a member points at clients.id, so the personal-data registry finds it
// by its foreign key (docs/decisions/0032). scoring_changes.client_id (0006) was the one without.
// Clients are never deleted (erasure keeps a tombstone row), so the key has no ON DELETE action.
export async function up(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`alter table scoring_changes add constraint scoring_changes_client_id_fkey
      foreign key (client_id) references clients (id)`.execute(db);
    return;
  }
  await rebuildScoringChanges(db, true);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`alter table scoring_changes drop constraint scoring_changes_client_id_fkey`.execute(db);
    return;
  }
  await rebuildScoringChanges(db, false);
}

/**
 * SQLite cannot add a foreign key to a table: it is rebuilt with the same rows and ids, and the
 * AUTOINCREMENT counter carried over so that no id is ever handed out twice (each instance's
 * engine reads the changes after the last id it saw).
 */
async function rebuildScoringChanges(db: Kysely<any>, withForeignKey: boolean): Promise<void> {
  await db.schema
    .createTable('scoring_changes_rebuilt')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('client_id', 'integer', (c) =>
      withForeignKey ? c.notNull().references('clients.id') : c.notNull(),
    )
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await sql`insert into scoring_changes_rebuilt (id, client_id, created_at)
    select id, client_id, created_at from scoring_changes`.execute(db);
  await sql`delete from sqlite_sequence where name = 'scoring_changes_rebuilt'`.execute(db);
  await sql`insert into sqlite_sequence (name, seq)
    select 'scoring_changes_rebuilt', seq from sqlite_sequence where name = 'scoring_changes'`.execute(db);
  await db.schema.dropTable('scoring_changes').execute();
  await db.schema.alterTable('scoring_changes_rebuilt').renameTo('scoring_changes').execute();
}
