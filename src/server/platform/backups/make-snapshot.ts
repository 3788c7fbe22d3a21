import fs from 'node:fs';
import path from 'node:path';
import type { AppConfig } from '../config';
import type { DB } from '../db/database';
import type { BackupKind } from '../db/schema';
import { sqliteFileIn } from '../db/sqlite-file';
import { decryptFile, encryptToFile, oneTimeKeyPair, type WrittenFile } from './age-files';
import { recordBackup } from './backup-records';
import { environmentSecrets, readSecretsFile, writeSecretsFile } from './environment-secrets';
import {
  createScratchDatabase,
  dumpPostgres,
  onMaintenanceDatabase,
  restorePostgres,
  scratchDatabaseName,
  withPostgresClient,
} from './postgres-tools';
import { applyRetention } from './retention';
import { applyS3Retention, s3PlaceName, uploadSnapshot } from './s3-copies';
import {
  manifestPathFor,
  partialPathFor,
  publishFile,
  snapshotBaseName,
  writeManifest,
} from './snapshot-files';
import { checkedSqliteFigures, copyLiveSqlite, writeSqliteFile } from './sqlite-snapshot';
import { figuresDiffer, postgresTableFigures, rowCountsOf, type TableFigures } from './table-figures';

export interface SnapshotOutcome {
  /** The `backups` row recording it. */
  id: number;
  verified: boolean;
  /** Why it is not verified, in Spanish. */
  reason: string | null;
  /** The encrypted file, when it was kept (verified). */
  file: string | null;
  manifest: string | null;
  destination: string;
  sizeBytes: number | null;
  durationMs: number;
  tables: TableFigures | null;
}

/** Where a snapshot goes and to whom it is encrypted; both are needed for backups to be on. */
export interface BackupTarget {
  dir: string;
  recipient: string;
}

export function backupTargetOf(config: AppConfig): BackupTarget | null {
  const { dir, ageRecipient } = config.backups;
  return dir && ageRecipient ? { dir, recipient: ageRecipient } : null;
}

export const BACKUPS_OFF = 'Los respaldos están apagados: faltan BACKUP_DIR o BACKUP_AGE_RECIPIENT';

/** An encrypted file written and published, and the source's figures at the snapshot's moment. */
interface Written {
  file: string;
  written: WrittenFile;
  source: TableFigures;
}

/**
 * SQLite: an online copy into a private scratch folder, checked and measured there (the copy is
 * the snapshot's moment), encrypted into the destination.
 */
async function writeSqliteSnapshot(
  dataDir: string,
  work: string,
  recipients: string[],
  file: string,
): Promise<Written> {
  const copy = path.join(work, 'copia.sqlite');
  await copyLiveSqlite(sqliteFileIn(dataDir), copy);
  const source = await checkedSqliteFigures(copy);
  const partial = partialPathFor(file);
  const written = await encryptToFile(() => fs.createReadStream(copy), recipients, partial);
  publishFile(partial, file);
  return { file, written, source };
}

/**
 * PostgreSQL: one repeatable-read transaction exports its snapshot; pg_dump reads that snapshot
 * while the same transaction measures every table, so the dump and the figures are one moment.
 */
async function writePostgresSnapshot(
  databaseUrl: string,
  recipients: string[],
  file: string,
): Promise<Written> {
  return withPostgresClient(databaseUrl, async (client) => {
    await client.query('begin isolation level repeatable read read only');
    try {
      const { rows } = await client.query<{ id: string }>('select pg_export_snapshot() as id');
      const dump = dumpPostgres(databaseUrl, rows[0]!.id);
      const partial = partialPathFor(file);
      const [written, source] = await Promise.all([
        encryptToFile(() => dump.output, recipients, partial),
        postgresTableFigures(client, true),
        dump.done,
      ]).catch((error: unknown) => {
        // Nobody reads its output any more: a pg_dump left running would wait on it forever.
        dump.stop();
        throw error;
      });
      publishFile(partial, file);
      return { file, written, source };
    } finally {
      await client.query('commit');
    }
  });
}

/** Restores the encrypted file into a scratch database and measures it the same way. */
async function restoredFigures(
  config: AppConfig,
  work: string,
  file: string,
  identity: string,
): Promise<TableFigures> {
  const plain = await decryptFile(file, [identity]);
  if (!config.databaseUrl) {
    const restored = path.join(work, 'restaurada.sqlite');
    await writeSqliteFile(plain, restored);
    return checkedSqliteFigures(restored);
  }
  // Named in the run's marker first: a run killed from here on leaves a plain copy on the server.
  const scratchDatabase = scratchDatabaseName();
  noteInMarker(work, { scratchDatabase });
  const scratch = await createScratchDatabase(config.databaseUrl, scratchDatabase);
  try {
    await restorePostgres(plain, scratch.url);
    return await withPostgresClient(scratch.url, (client) => postgresTableFigures(client, false));
  } finally {
    await scratch.drop();
  }
}

const WORK_PREFIX = '.respaldo-';
const ATTEMPT_FILE = 'intento.json';

/** Who made a work folder and what it was making: enough to record the attempt if it dies. */
interface AttemptMarker {
  pid: number;
  startedAt: string;
  kind: BackupKind;
  engine: 'sqlite' | 'postgres';
  baseName: string;
  /** The PostgreSQL scratch database the verification restores into, once made. */
  scratchDatabase?: string;
}

/**
 * A private folder for the plain copy and the scratch restore, beside the live database (the same
 * disk already holds that data in clear), marked with the process that owns it: removed when the
 * run ends, and by the next run, server start or the unit's ExecStopPost once its owner is dead.
 */
function workFolder(dataDir: string, marker: AttemptMarker): string {
  fs.mkdirSync(dataDir, { recursive: true });
  const work = fs.mkdtempSync(path.join(dataDir, WORK_PREFIX));
  writeMarker(work, marker);
  return work;
}

/**
 * Whole or not at all (a file beside it, renamed over it): a run killed while writing, or a sweep
 * reading at that moment, never meets half a marker.
 */
function writeMarker(work: string, marker: AttemptMarker): void {
  const file = path.join(work, ATTEMPT_FILE);
  fs.writeFileSync(`${file}.nuevo`, JSON.stringify(marker), { mode: 0o600 });
  fs.renameSync(`${file}.nuevo`, file);
}

function noteInMarker(work: string, note: Partial<AttemptMarker>): void {
  const marker = readMarker(work);
  if (marker) writeMarker(work, { ...marker, ...note });
}

/** Only a name this code makes is dropped: the marker is a file anyone with the folder could edit. */
const SCRATCH_DATABASE_NAME = /^cita_verificacion_[0-9a-f]+$/;

async function dropScratchDatabase(config: AppConfig, name: string | undefined): Promise<void> {
  if (!config.databaseUrl || !name || !SCRATCH_DATABASE_NAME.test(name)) return;
  await onMaintenanceDatabase(config.databaseUrl, async (client) => {
    await client.query(`drop database if exists ${name} with (force)`);
  });
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // Alive, but another user's: not ours to judge dead.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** No snapshot takes a day: a marker that old names a dead run whose process id was reused. */
const LONGEST_RUN_MS = 24 * 60 * 60_000;

function isRunning(marker: AttemptMarker, endingOwn: boolean): boolean {
  if (marker.pid === process.pid) return !endingOwn;
  return isAlive(marker.pid) && Date.now() - Date.parse(marker.startedAt) < LONGEST_RUN_MS;
}

/** Another process' run between making its folder and marking it, a moment ago. */
function isBeingMarked(work: string): boolean {
  try {
    return Date.now() - fs.statSync(work).mtimeMs < 60_000;
  } catch {
    return false;
  }
}

function readMarker(work: string): AttemptMarker | null {
  try {
    return JSON.parse(fs.readFileSync(path.join(work, ATTEMPT_FILE), 'utf8')) as AttemptMarker;
  } catch {
    return null;
  }
}

/** What a killed run is recorded as: the operator reads it in the e-mail and `cita doctor`. */
export const INTERRUPTED_REASON =
  'El respaldo se interrumpió: el proceso terminó sin acabarlo (kill, apagado, falta de memoria o tiempo agotado)';

/**
 * Removes the work folders of runs that died (kill -9, a stopped unit) and records each one as a
 * failed attempt, with the encrypted files it left half-written. Answers the attempts recorded,
 * so that the caller tells the admins. `own` also ends this process' runs (a signal stopping it).
 */
export async function recordAbandonedAttempts(
  db: DB,
  config: AppConfig,
  options: { own?: boolean } = {},
): Promise<{ id: number; reason: string }[]> {
  if (!fs.existsSync(config.dataDir)) return [];
  const recorded: { id: number; reason: string }[] = [];
  for (const name of fs.readdirSync(config.dataDir)) {
    if (!name.startsWith(WORK_PREFIX)) continue;
    const work = path.join(config.dataDir, name);
    const marker = readMarker(work);
    if (marker ? isRunning(marker, options.own === true) : isBeingMarked(work)) continue;
    fs.rmSync(work, { recursive: true, force: true });
    // Without a marker (killed before writing it) there is nothing to record, only the copy to remove.
    if (!marker) continue;
    await dropScratchDatabase(config, marker.scratchDatabase);
    const dir = config.backups.dir;
    // A manifest means it was verified before the run died: that snapshot stays.
    if (dir && fs.existsSync(dir) && !fs.existsSync(manifestPathFor(dir, marker.baseName))) {
      for (const left of fs.readdirSync(dir)) {
        if (left.includes(marker.baseName)) fs.rmSync(path.join(dir, left), { force: true });
      }
    }
    const id = await recordBackup(db, {
      startedAt: marker.startedAt,
      kind: marker.kind,
      engine: marker.engine,
      file: null,
      destination: dir ?? '',
      sizeBytes: null,
      durationMs: Math.max(0, Date.now() - Date.parse(marker.startedAt)),
      verified: false,
      reason: INTERRUPTED_REASON,
      tableCounts: null,
    });
    recorded.push({ id, reason: INTERRUPTED_REASON });
  }
  return recorded;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * Makes a snapshot and proves it by restoring it (docs/design/24-backups.md): written encrypted to the
 * operator's key under a temporary name, flushed, renamed; restored into a scratch database,
 * integrity-checked, every table's rows and content hash compared with the source's at the
 * snapshot's moment; only then the manifest is written, last. The attempt is recorded either way;
 * a snapshot that failed its verification is deleted, never left to be restored.
 */
export async function makeVerifiedSnapshot(
  db: DB,
  config: AppConfig,
  kind: BackupKind,
): Promise<SnapshotOutcome> {
  const target = backupTargetOf(config);
  if (!target) throw new Error(BACKUPS_OFF);
  const started = new Date();
  const engine = config.databaseUrl ? 'postgres' : 'sqlite';
  const baseName = snapshotBaseName(started);
  const file = path.join(target.dir, `${baseName}.${engine === 'postgres' ? 'pgdump' : 'sqlite'}.age`);
  const work = workFolder(config.dataDir, {
    pid: process.pid,
    startedAt: started.toISOString(),
    kind,
    engine,
    baseName,
  });
  let written: Written | null = null;
  let reason: string | null = null;
  let manifest: string | null = null;
  const secretsFile = path.join(target.dir, `${baseName}.secrets.age`);
  let secretsWritten: WrittenFile | null = null;
  try {
    try {
      fs.mkdirSync(target.dir, { recursive: true, mode: 0o700 });
    } catch (error) {
      // The operator reads this in an e-mail: say which folder, in Spanish, with the system's code.
      throw new Error(
        `no se puede crear la carpeta de BACKUP_DIR ${target.dir} (${(error as NodeJS.ErrnoException).code ?? messageOf(error)})`,
      );
    }
    const oneTime = await oneTimeKeyPair();
    const recipients = [target.recipient, oneTime.recipient];
    written = config.databaseUrl
      ? await writePostgresSnapshot(config.databaseUrl, recipients, file)
      : await writeSqliteSnapshot(config.dataDir, work, recipients, file);
    reason = figuresDiffer(written.source, await restoredFigures(config, work, file, oneTime.identity));
    const secrets = environmentSecrets(config);
    if (!reason && Object.keys(secrets).length > 0) {
      secretsWritten = await writeSecretsFile(secrets, recipients, secretsFile);
      const readBack = await readSecretsFile(secretsFile, [oneTime.identity]);
      if (JSON.stringify(readBack) !== JSON.stringify(secrets))
        reason = 'Las claves del entorno no se leen iguales en el respaldo';
    }
    if (!reason) {
      manifest = writeManifest(target.dir, baseName, {
        format: 'cita-respaldo-1',
        engine,
        kind,
        created_at: started.toISOString(),
        database: { file: path.basename(file), ...written.written },
        ...(secretsWritten && { secrets: { file: path.basename(secretsFile), ...secretsWritten } }),
        tables: written.source,
      });
      // The copy in S3 belongs to the snapshot: one that did not get there is not a complete backup.
      if (config.backups.s3) {
        await uploadSnapshot(
          config.backups.s3,
          secretsWritten ? [file, secretsFile] : [file],
          manifest,
        ).catch((error: unknown) => {
          throw new Error(`no se pudo copiar a ${s3PlaceName(config.backups.s3!)}: ${messageOf(error)}`);
        });
      }
    }
  } catch (error) {
    reason = `El respaldo falló: ${messageOf(error)}`;
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
  // Where the folder could not be made there is nothing to clean (and nothing to remove under it).
  if (reason && fs.existsSync(target.dir)) {
    const leftovers = [file, secretsFile, manifestPathFor(target.dir, baseName)];
    for (const leftover of leftovers.flatMap((name) => [name, partialPathFor(name)]))
      fs.rmSync(leftover, { force: true });
  }
  const verified = reason === null;
  const outcome = {
    verified,
    reason,
    file: verified ? file : null,
    manifest,
    destination: config.backups.s3 ? `${target.dir} y ${s3PlaceName(config.backups.s3)}` : target.dir,
    sizeBytes: written?.written.size ?? null,
    durationMs: Date.now() - started.getTime(),
    tables: written?.source ?? null,
  };
  const id = await recordBackup(db, {
    startedAt: started.toISOString(),
    kind,
    engine,
    file: verified ? path.basename(file) : null,
    destination: outcome.destination,
    sizeBytes: outcome.sizeBytes,
    durationMs: outcome.durationMs,
    verified,
    reason,
    tableCounts: outcome.tables ? rowCountsOf(outcome.tables) : null,
  });
  return { id, ...outcome };
}

/** The retention rule applied to the folder and, when set, to the S3 copy; answers what went. */
export async function applyRetentionEverywhere(config: AppConfig, now = new Date()): Promise<string[]> {
  const deleted = config.backups.dir ? applyRetention(config.backups.dir, now) : [];
  if (config.backups.s3) deleted.push(...(await applyS3Retention(config.backups.s3, now)));
  return deleted;
}
