import { type Kysely, PostgresAdapter } from 'kysely';

// Every change that can move a client's compatibility pairs (quiz answers, birthday, gender,
// status) appends a row here in the same transaction. Each server instance replays the rows it
// has not seen into its in-memory engine, so several instances stay in step through the database.
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('scoring_changes')
    .addColumn('id', 'integer', (c) =>
      postgres ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement(),
    )
    .addColumn('client_id', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('scoring_changes').ifExists().execute();
}
