import type { Kysely } from 'kysely';

// Log-in attempts per key (e-mail or address) in fixed one-minute windows, kept in the database so
// that several server instances on one PostgreSQL share the same budget.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('login_throttle')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('window_start', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('login_throttle').ifExists().execute();
}
