import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { sql } from 'kysely';
import { createDatabase, type DB } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { migrations as knownMigrations } from '../db/migrations/index';
import { sqliteFileIn } from '../db/sqlite-file';
import { decryptFile } from './age-files';
import { asEnvFile, readSecretsFile } from './environment-secrets';
import { databaseNameOf, onMaintenanceDatabase, restorePostgres, withPostgresClient } from './postgres-tools';
import { enterQuarantine } from './quarantine';
import { checkedSnapshot, partialPathFor, type SnapshotManifest, SnapshotRefused } from './snapshot-files';
import { checkedSqliteFigures, writeSqliteFile } from './sqlite-snapshot';
import { figuresDiffer, postgresTableFigures, type TableFigures } from './table-figures';

/** Where a restore goes: a data folder (SQLite) or a database URL (PostgreSQL). */
export type RestoreTarget = { dataDir: string } | { databaseUrl: string };

export interface RestoreOptions {
  /** `latest`, an encrypted snapshot file or its manifest. */
  reference: string;
  /** Where `latest` is looked for. */
  backupDir: string | undefined;
  /** The operator's age identities (the private key, brought for the restore). */
  identities: string[];
  into: RestoreTarget;
  /** Where the secrets set in the environment at the snapshot's time are written (mode 0600). */
  secretsOut: string;
}

export interface Restored {
  manifest: SnapshotManifest;
  tables: TableFigures;
  /** The env file written with the snapshot's environment secrets, when it had any. */
  secretsWritten: string | null;
}

async function restoreSqlite(plain: Readable, dataDir: string, manifest: SnapshotManifest) {
  const target = sqliteFileIn(dataDir);
  if (fs.existsSync(target)) {
    throw new SnapshotRefused(
      `Ya hay una base en ${target}: se restaura solo en una base nueva (--into otra carpeta)`,
    );
  }
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const partial = partialPathFor(target);
  fs.rmSync(partial, { force: true });
  try {
    await writeSqliteFile(plain, partial);
    const tables = await checkedSqliteFigures(partial);
    const differs = figuresDiffer(manifest.tables, tables);
    if (differs) throw new SnapshotRefused(differs);
    fs.renameSync(partial, target);
    return tables;
  } finally {
    fs.rmSync(partial, { force: true });
  }
}

/** The target database, created when absent; refused when it already holds tables. */
export async function emptyPostgresDatabase(databaseUrl: string): Promise<void> {
  const name = databaseNameOf(databaseUrl);
  await onMaintenanceDatabase(databaseUrl, async (client) => {
    const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (!rowCount) await client.query(`create database "${name.replaceAll('"', '""')}"`);
  });
  const tables = await withPostgresClient(databaseUrl, async (client) => {
    const { rows } = await client.query<{ n: number }>(
      "select count(*)::int as n from pg_tables where schemaname = 'public'",
    );
    return rows[0]?.n ?? 0;
  });
  if (tables > 0) {
    throw new SnapshotRefused(
      `La base ${name} ya tiene tablas: se restaura solo en una base nueva o vacía (--into otra URL)`,
    );
  }
}

/**
 * A restored SQLite folder holds every member's data in clear: the folder 0700, its files 0600,
 * whatever the umask of whoever restored it (used for snapshots and point-in-time alike).
 */
function makeRestoredFolderPrivate(dataDir: string): void {
  fs.chmodSync(dataDir, 0o700);
  for (const entry of fs.readdirSync(dataDir, { withFileTypes: true })) {
    if (entry.isFile()) fs.chmodSync(path.join(dataDir, entry.name), 0o600);
  }
}

/**
 * The migrations the restored database ran that this code does not know: a snapshot of a newer
 * version, which this code would serve wrongly (a column it never heard of, a rule it lacks).
 */
async function migrationsFromTheFuture(db: DB): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`select name from kysely_migration`.execute(db);
  return rows.map((row) => row.name).filter((name) => !Object.hasOwn(knownMigrations, name));
}

/**
 * The ending every restore shares, snapshot or point in time: a database of a newer version is
 * refused and removed; any other is brought to this version's schema and quarantined under
 * `restoredFrom` (what the admins' banner names), and a SQLite folder is made private.
 */
export async function finishRestore(into: RestoreTarget, restoredFrom: string): Promise<void> {
  const db = createDatabase(
    'dataDir' in into
      ? { databaseUrl: undefined, dataDir: into.dataDir }
      : { databaseUrl: into.databaseUrl, dataDir: path.resolve('.') },
  );
  let newer: string[];
  try {
    newer = await migrationsFromTheFuture(db);
    if (newer.length === 0) {
      await migrateToLatest(db);
      await enterQuarantine(db, restoredFrom);
    }
  } finally {
    await db.destroy();
  }
  if (newer.length > 0) {
    await undoRestore(into);
    throw new SnapshotRefused(
      `Este respaldo es de una versión de Cita más nueva que este código: su base tiene migraciones que este código no conoce (${newer.join(', ')}). No se restaura: actualice este checkout a esa versión o una más nueva (git pull) y vuelva a correr cita restore.`,
    );
  }
  if ('dataDir' in into) makeRestoredFolderPrivate(into.dataDir);
}

/** What a restore into `into` leaves when refused after writing: nothing, as before it. */
async function undoRestore(into: RestoreTarget): Promise<void> {
  if ('dataDir' in into) {
    for (const suffix of ['', '-wal', '-shm'])
      fs.rmSync(`${sqliteFileIn(into.dataDir)}${suffix}`, { force: true });
    return;
  }
  await withPostgresClient(into.databaseUrl, (client) =>
    client.query('drop schema public cascade; create schema public'),
  );
}

async function restoreIntoPostgres(plain: Readable, databaseUrl: string, manifest: SnapshotManifest) {
  await emptyPostgresDatabase(databaseUrl);
  // One transaction: a failed restore leaves the database as empty as it was.
  await restorePostgres(plain, databaseUrl);
  const tables = await withPostgresClient(databaseUrl, (client) => postgresTableFigures(client, false));
  const differs = figuresDiffer(manifest.tables, tables);
  if (differs) {
    await withPostgresClient(databaseUrl, (client) =>
      client.query('drop schema public cascade; create schema public'),
    );
    throw new SnapshotRefused(differs);
  }
  return tables;
}

/**
 * A plain custom-format dump (the point-in-time restore's, decision 0057) into a fresh database,
 * in one transaction, then the ending every restore shares; its figures as restored.
 */
export async function restorePostgresDumpFile(
  dumpFile: string,
  databaseUrl: string,
  restoredFrom: string,
): Promise<TableFigures> {
  await emptyPostgresDatabase(databaseUrl);
  await restorePostgres(fs.createReadStream(dumpFile), databaseUrl);
  const tables = await withPostgresClient(databaseUrl, (client) => postgresTableFigures(client, false));
  await finishRestore({ databaseUrl }, restoredFrom);
  return tables;
}

/**
 * `cita restore`: refuses a snapshot whose file is not exactly the one its manifest describes,
 * restores it into a fresh database, proves every table came back (rows and content hash), brings
 * the schema up to this version and leaves the database quarantined until `--activate`.
 */
export async function restoreSnapshot(options: RestoreOptions): Promise<Restored> {
  const { manifest, databaseFile, secretsFile } = await checkedSnapshot(options.reference, options.backupDir);
  const plain = await decryptFile(databaseFile, options.identities);
  if ((manifest.engine === 'sqlite') !== 'dataDir' in options.into) {
    plain.destroy();
    throw new SnapshotRefused(
      manifest.engine === 'sqlite'
        ? 'Este respaldo es de SQLite: se restaura en una carpeta, no en PostgreSQL (por ejemplo --into /srv/cita-restaurada)'
        : 'Este respaldo es de PostgreSQL: se restaura en una base PostgreSQL (--into postgres://…)',
    );
  }
  const tables =
    'dataDir' in options.into
      ? await restoreSqlite(plain, options.into.dataDir, manifest)
      : await restoreIntoPostgres(plain, options.into.databaseUrl, manifest);
  await finishRestore(options.into, manifest.database.file);
  let secretsWritten: string | null = null;
  if (secretsFile) {
    const secrets = await readSecretsFile(secretsFile, options.identities);
    fs.writeFileSync(options.secretsOut, asEnvFile(secrets), { mode: 0o600 });
    // An older file by that name kept its own mode: these are secrets.
    fs.chmodSync(options.secretsOut, 0o600);
    secretsWritten = options.secretsOut;
  }
  return { manifest, tables, secretsWritten };
}
