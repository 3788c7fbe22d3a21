import { PostgresAdapter, sql, type Transaction } from 'kysely';
import type { DB } from './database';
import type { Database } from './schema';

/**
 * Runs `read` with PostgreSQL's parallel workers off. A page of a few dozen rows found by walking
 * an index newest-first is estimated costly enough to parallelise, and starting the workers takes
 * longer than the walk: 84 → 26 ms for the interest pairs of a common first name at 1 000 000
 * clients (decision 0054). SQLite has no such workers.
 */
export async function serially<T>(db: DB, read: (db: DB | Transaction<Database>) => Promise<T>): Promise<T> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return read(db);
  return db.transaction().execute(async (trx) => {
    await sql`set local max_parallel_workers_per_gather = 0`.execute(trx);
    return read(trx);
  });
}
