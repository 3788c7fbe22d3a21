import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, Migrator, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import { migrations } from './migrations/index';
import type { Database } from './schema';
import { withStatementCache } from './statement-cache';

// COUNT(*) and BIGINT come back as strings from node-postgres; every count here fits a JS number.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number.parseInt(value, 10));

export type DB = Kysely<Database>;

export interface DatabaseOptions {
  databaseUrl: string | undefined;
  dataDir: string;
  onPoolError?: (error: Error) => void;
}

export function createDatabase(options: DatabaseOptions): DB {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: 10,
      connectionTimeoutMillis: 3_000,
      // A query on a connection whose peer vanished must fail, not hang the request.
      query_timeout: 15_000,
    });
    // An idle connection that drops (database restart, network cut) must not crash the process;
    // the pool replaces it and the next query reports the outage as 503.
    pool.on('error', (error) => options.onPoolError?.(error));
    // The pool listens only to idle clients; a client checked out by a query or a transaction when
    // the link drops emits 'error' with nobody listening, which would kill the process. Its query
    // fails on its own and the pool discards it on release, so logging is all that is left to do.
    pool.on('connect', (client) => client.on('error', (error) => options.onPoolError?.(error)));
    return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  }
  fs.mkdirSync(options.dataDir, { recursive: true });
  const file = new SQLite(path.join(options.dataDir, 'cita.sqlite'));
  file.pragma('journal_mode = WAL');
  file.pragma('synchronous = NORMAL');
  file.pragma('foreign_keys = ON');
  file.pragma('busy_timeout = 5000');
  return new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(file) }) });
}

export async function migrateToLatest(db: DB): Promise<void> {
  // Areas of the product reserve migration numbers and land in any order.
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    allowUnorderedMigrations: true,
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    throw new Error(`La migración ${failed?.migrationName ?? ''} falló`, { cause: error });
  }
}
