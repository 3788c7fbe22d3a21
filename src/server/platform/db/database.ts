import fs from 'node:fs';
import SQLite from 'better-sqlite3';
import {
  CompiledQuery,
  type DatabaseConnection,
  type Driver,
  Kysely,
  PostgresDialect,
  SqliteAdapter,
  SqliteDialect,
  SqliteDriver,
  sql,
} from 'kysely';
import pg from 'pg';
import type { Database } from './schema';
import { sqliteFileIn } from './sqlite-file';
import { withStatementCache } from './statement-cache';

// COUNT(*) and BIGINT come back as strings from node-postgres; every count here fits a JS number.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number.parseInt(value, 10));

export type DB = Kysely<Database>;

/** For the few query shapes whose best form differs between the engines (each says why). */
export function isSqlite(db: Kysely<Database>): boolean {
  return db.getExecutor().adapter instanceof SqliteAdapter;
}

export interface DatabaseOptions {
  databaseUrl: string | undefined;
  dataDir: string;
  onPoolError?: (error: Error) => void;
}

/** How long a SQLite write waits for another process's write lock before failing (503). */
export const SQLITE_BUSY_TIMEOUT_MS = 5_000;

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
  const file = new SQLite(sqliteFileIn(options.dataDir));
  file.pragma('journal_mode = WAL');
  file.pragma('synchronous = NORMAL');
  file.pragma('foreign_keys = ON');
  file.pragma(`busy_timeout = ${SQLITE_BUSY_TIMEOUT_MS}`);
  return new Kysely<Database>({
    dialect: new ImmediateSqliteDialect({ database: withStatementCache(file) }),
  });
}

/**
 * Kysely opens SQLite transactions with a plain (deferred) BEGIN. In WAL mode a deferred
 * transaction that has read and then writes cannot wait for another process's write lock: SQLite
 * answers SQLITE_BUSY at once, ignoring the busy timeout. BEGIN IMMEDIATE takes the write lock
 * up front, where the busy timeout applies. Inside one process this costs nothing: Kysely runs
 * everything on the one connection, one transaction at a time.
 */
class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}

class ImmediateSqliteDialect extends SqliteDialect {
  readonly #config: ConstructorParameters<typeof SqliteDialect>[0];

  constructor(config: ConstructorParameters<typeof SqliteDialect>[0]) {
    super(config);
    this.#config = config;
  }

  override createDriver(): Driver {
    return new ImmediateSqliteDriver(this.#config);
  }
}

/** The server could not reach its PostgreSQL database within the configured wait. */
export class DatabaseUnreachableError extends Error {}

/** host:port of a PostgreSQL URL, for log lines (never the password). */
function describeDatabaseUrl(databaseUrl: string): string {
  try {
    const url = new URL(databaseUrl);
    return `${url.hostname || 'localhost'}:${url.port || '5432'}`;
  } catch {
    return 'una dirección DATABASE_URL no válida';
  }
}

function reasonOf(error: unknown): string {
  const { code, message } = (error ?? {}) as { code?: string; message?: string };
  return code ?? message ?? String(error);
}

/**
 * Waits until PostgreSQL answers, trying again every second for at most `timeoutMs`: a server
 * started with its database (a restart, a container starting alongside) must not die on the first
 * refused connection, nor wait forever for one that never comes.
 */
export async function waitForPostgres(
  db: DB,
  options: { databaseUrl: string; timeoutMs: number; log: (message: string) => void },
): Promise<void> {
  const target = describeDatabaseUrl(options.databaseUrl);
  const deadline = Date.now() + options.timeoutMs;
  for (let attempt = 1; ; attempt++) {
    try {
      await sql`select 1`.execute(db);
      return;
    } catch (error) {
      const reason = reasonOf(error);
      const remaining = deadline - Date.now();
      if (remaining <= 0) {
        throw new DatabaseUnreachableError(
          `no se puede conectar a PostgreSQL en ${target} (${reason}); se dejó de intentar tras ${attempt} intentos en ${Math.round(options.timeoutMs / 1000)} s`,
        );
      }
      options.log(
        `no se puede conectar a PostgreSQL en ${target} (${reason}); nuevo intento en 1 s (quedan ${Math.ceil(remaining / 1000)} s)`,
      );
      await new Promise((resolve) => setTimeout(resolve, Math.min(1_000, remaining)));
    }
  }
}
