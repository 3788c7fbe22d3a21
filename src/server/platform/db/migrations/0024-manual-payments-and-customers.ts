import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen in time: this migration never imports application code.
// Confirming by hand (docs/design/22-places-and-money.md): a payment recorded by hand can be voided (status 'void', kept
// with the time it was voided), and a SPEI checkout's Customer at the provider is recorded so that
// erasure can delete it there. No way down: a voided payment has no status to go back to.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('payments').addColumn('customer_id', 'text').execute();
  await db.schema.alterTable('payments').addColumn('voided_at', 'text').execute();
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`alter table payments drop constraint payments_status_check`.execute(db);
    await sql`alter table payments add constraint payments_status_check check (status in ('pending', 'paid', 'refunded', 'failed', 'manual', 'void'))`.execute(
      db,
    );
    return;
  }
  // SQLite cannot change a check constraint: the table is made again from its own definition
  // (which includes every column added since), its rows copied, its indexes made again.
  const table = await sql<{
    sql: string;
  }>`select sql from sqlite_master where type = 'table' and name = 'payments'`.execute(db);
  const indexes = await sql<{
    sql: string;
  }>`select sql from sqlite_master where type = 'index' and tbl_name = 'payments' and sql is not null`.execute(
    db,
  );
  const definition = table.rows[0]!.sql;
  const widened = definition
    .replace(/'manual'\)/, "'manual', 'void')")
    .replace(/^create table "?payments"?/i, 'create table "payments_next"');
  if (widened === definition || !widened.includes("'void'")) {
    throw new Error('0024: the payments table does not have the expected status check');
  }
  await sql.raw(widened).execute(db);
  await sql`insert into payments_next select * from payments`.execute(db);
  await sql`drop table payments`.execute(db);
  await sql`alter table payments_next rename to payments`.execute(db);
  for (const index of indexes.rows) await sql.raw(index.sql).execute(db);
}
