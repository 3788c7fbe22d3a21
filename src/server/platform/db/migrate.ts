import { type Kysely, type Migration, Migrator, sql } from 'kysely';
import { type DB, isSqlite } from './database';
import { migrations as everyMigration } from './migrations/index';
import type { Database } from './schema';

/**
 * Kysely's own table and PostgreSQL lock key: databases migrated by Kysely's Migrator keep their
 * history, and a previous version starting at the same moment (it takes the same advisory lock)
 * still waits for this one.
 */
const MIGRATION_TABLE = 'kysely_migration';
const POSTGRES_LOCK_KEY = 3853314791062309107n;
const LOCK_RETRY_MS = 500;

/** The one connection a run holds, seeing the migration table beside the product's own. */
type Session = Kysely<Database & { kysely_migration: { name: string; timestamp: string } }>;

/** Another start or upgrade holds the migration lock, and this caller chose not to wait. */
export class MigrationsBusyError extends Error {
  constructor() {
    super(
      'otro proceso (una instancia que arranca u otro cita upgrade) está aplicando las migraciones en este momento; espera a que termine y vuelve a intentarlo',
    );
  }
}

/** One migration failed: its transaction was rolled back, the ones before it stay applied. */
export class MigrationFailedError extends Error {
  constructor(
    readonly migrationName: string,
    readonly applied: string[],
    cause: unknown,
  ) {
    const kept = applied.length > 0 ? `; las anteriores quedaron aplicadas (${applied.join(', ')})` : '';
    super(
      `la migración ${migrationName} falló (${(cause as Error)?.message ?? String(cause)}) y se deshizo entera: la base quedó como estaba antes de ella${kept}`,
      { cause },
    );
  }
}

export interface MigrateOptions {
  /** At start an instance waits for the one migrating; `cita upgrade` refuses instead. */
  ifBusy?: 'wait' | 'refuse';
  /** Told once when the lock is held by someone else and this run waits for it. */
  onWait?: () => void;
  /** Tests only (a planted failing migration); the product always runs its own list. */
  migrations?: Record<string, Migration>;
}

function migratorOf(db: DB): Migrator {
  return new Migrator({
    db,
    provider: { getMigrations: async () => everyMigration },
    allowUnorderedMigrations: true,
  });
}

/**
 * The migrations this code knows that the database has not run (readiness, `cita doctor`). Reads
 * only: a database that never migrated answers all of them. One the code does not know (a newer
 * version ran it) is not a gap: old code runs on the new schema during a rolling upgrade.
 */
export async function pendingMigrations(db: DB): Promise<string[]> {
  const known = await migratorOf(db).getMigrations();
  return known.filter((migration) => migration.executedAt === undefined).map((migration) => migration.name);
}

async function executedNames(db: Session): Promise<Set<string>> {
  const rows = await db.selectFrom(MIGRATION_TABLE).select('name').execute();
  return new Set(rows.map((row) => row.name));
}

async function record(db: Session, name: string): Promise<void> {
  await db.insertInto(MIGRATION_TABLE).values({ name, timestamp: new Date().toISOString() }).execute();
}

const createMigrationTable = (db: Session) =>
  db.schema
    .createTable(MIGRATION_TABLE)
    .ifNotExists()
    .addColumn('name', 'varchar(255)', (column) => column.notNull().primaryKey())
    .addColumn('timestamp', 'varchar(255)', (column) => column.notNull())
    .execute();

/**
 * Runs the migrations this code knows and the database has not, in name order (areas reserve
 * numbers and land in any order), under a database-wide lock so two starts or upgrades never
 * migrate together, each migration in its own transaction together with its row in
 * `kysely_migration`: a failing one is undone entirely, the ones before it stay (decision 0049).
 * Names the database has and this code does not (a newer version ran them) are left alone.
 * Answers the names it applied.
 */
export async function migrateToLatest(db: DB, options: MigrateOptions = {}): Promise<string[]> {
  const known = options.migrations ?? everyMigration;
  const applied: string[] = [];
  const applyPending = async (session: Session, inTransaction: MigrationTransaction) => {
    await createMigrationTable(session);
    const done = await executedNames(session);
    for (const name of Object.keys(known).sort()) {
      if (done.has(name)) continue;
      try {
        await inTransaction(session, async (trx) => {
          await known[name]!.up(trx);
          await record(trx, name);
        });
      } catch (error) {
        throw new MigrationFailedError(name, applied, error);
      }
      applied.push(name);
    }
  };
  if (isSqlite(db)) await underSqliteLock(db, options, applyPending);
  else await underPostgresLock(db, options, applyPending);
  return applied;
}

type MigrationTransaction = (session: Session, body: (trx: Session) => Promise<void>) => Promise<void>;

type LockedRun = (session: Session, inTransaction: MigrationTransaction) => Promise<void>;

async function waitOrRefuse(options: MigrateOptions, toldAlready: boolean): Promise<void> {
  if (options.ifBusy === 'refuse') throw new MigrationsBusyError();
  if (!toldAlready) options.onWait?.();
  await new Promise((resolve) => setTimeout(resolve, LOCK_RETRY_MS));
}

/**
 * PostgreSQL: a session-level advisory lock on one connection for the whole run (released with
 * the connection if the process dies), each migration in its own transaction on it, so a long
 * migration does not keep the tables of the earlier ones locked while the old version serves.
 * The lock is tried, not waited on in the server, because node-postgres abandons any query after
 * 15 s (`query_timeout`).
 */
async function underPostgresLock(db: DB, options: MigrateOptions, run: LockedRun): Promise<void> {
  await db.connection().execute(async (connection) => {
    const session: Session = connection.withTables();
    for (let attempt = 0; ; attempt++) {
      const { rows } = await sql<{
        locked: boolean;
      }>`select pg_try_advisory_lock(${sql.lit(POSTGRES_LOCK_KEY)}) as locked`.execute(session);
      if (rows[0]?.locked) break;
      await waitOrRefuse(options, attempt > 0);
    }
    try {
      await run(session, (connection, body) => connection.transaction().execute(body));
    } finally {
      await sql`select pg_advisory_unlock(${sql.lit(POSTGRES_LOCK_KEY)})`.execute(session);
    }
  });
}

function isBusy(error: unknown): boolean {
  return (error as { code?: string })?.code === 'SQLITE_BUSY';
}

/**
 * SQLite: the database's write lock (BEGIN IMMEDIATE, which waits the busy timeout for an
 * ordinary write to finish) held for the whole run, each migration inside its own savepoint: a
 * failing one is rolled back to its savepoint and the ones before it are committed. SQLite runs
 * DDL inside transactions, although Kysely's Migrator runs SQLite migrations without one.
 */
async function underSqliteLock(db: DB, options: MigrateOptions, run: LockedRun): Promise<void> {
  await db.connection().execute(async (connection) => {
    const session: Session = connection.withTables();
    for (let attempt = 0; ; attempt++) {
      try {
        await sql`begin immediate`.execute(session);
        break;
      } catch (error) {
        if (!isBusy(error)) throw error;
        await waitOrRefuse(options, attempt > 0);
      }
    }
    let failure: unknown;
    try {
      await run(session, async (connection, body) => {
        await sql`savepoint migration`.execute(connection);
        try {
          await body(connection);
        } catch (error) {
          await sql`rollback to migration`.execute(connection);
          throw error;
        } finally {
          await sql`release migration`.execute(connection);
        }
      });
    } catch (error) {
      failure = error;
    }
    // A failed migration was undone by its savepoint: what ran before it is kept, as on PostgreSQL.
    if (failure instanceof MigrationFailedError || failure === undefined) {
      await sql`commit`.execute(session);
    } else {
      await sql`rollback`.execute(session);
    }
    if (failure !== undefined) throw failure;
  });
}
