import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { type PgBackRestCaller, pgBackRest, recoveryTargetOptions } from './pgbackrest';
import { SnapshotRefused } from './snapshot-files';

/**
 * `cita restore latest --at TIME` on PostgreSQL (docs/design/30-online-for-real.md, decision 0057):
 * pgBackRest rebuilds the whole cluster as it was at that moment into a scratch folder, a private
 * server started there replays the archived WAL and promotes itself, and the site's database is
 * dumped from it. The live cluster is never touched, so the same command serves a dropped
 * database, a mistaken delete (restore to just before it, into another database) and a lost disk.
 * Runs as root: pgBackRest and the scratch server run as the cluster's owner, `postgres`.
 */

export interface PostgresAtRequest {
  /** pgBackRest's configuration and stanza, with the uid/gid of `postgres`. */
  setup: PgBackRestCaller;
  at: Date;
  /** The database of the site in the archived cluster (DATABASE_URL's). */
  databaseName: string;
  /** Where the custom-format dump of that database is written. */
  dumpFile: string;
}

export interface PostgresAtResult {
  /** The moment the dump is from: `at`, or the archive's last transaction when it ends sooner. */
  restoredTo: Date;
  /** The archive's last transaction, when the archive ends before `at`. */
  archiveEndedSooner: Date | null;
  /** Whether the live cluster answered and pushed its current WAL first (so nothing is left in it). */
  liveFlushed: boolean;
}

/** What PostgreSQL logs when the archive ends before the moment asked (then it stops). */
export const NOT_REACHED = 'recovery ended before configured recovery target was reached';
const LAST_TRANSACTION =
  /last completed transaction was at log time (\d{4}-\d{2}-\d{2} [\d:.]+)([+-]\d{2})(:\d{2})?/g;

/** The PostgreSQL programs of the version that wrote `dataDir` (Debian's layout). */
function binariesFor(dataDir: string): string {
  const version = fs.readFileSync(path.join(dataDir, 'PG_VERSION'), 'utf8').trim();
  return path.join('/usr/lib/postgresql', version, 'bin');
}

/** Runs a program as the cluster's owner and waits for it to exit (pg_ctl's server keeps descriptors). */
async function runAsOwner(setup: PgBackRestCaller, program: string, args: string[]): Promise<number | null> {
  const child = spawn(program, args, {
    ...(setup.uid !== undefined && { uid: setup.uid, gid: setup.gid ?? setup.uid }),
    cwd: '/',
    stdio: 'ignore',
  });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', resolve);
  });
}

/** The scratch server's own settings: only its private socket, no archiving, no hot standby. */
function scratchConfiguration(scratch: string, dataDir: string): string {
  const file = path.join(scratch, 'postgresql.conf');
  fs.writeFileSync(path.join(scratch, 'pg_hba.conf'), 'local all all trust\n');
  fs.writeFileSync(path.join(scratch, 'pg_ident.conf'), '');
  fs.writeFileSync(
    file,
    [
      `data_directory = '${dataDir}'`,
      `hba_file = '${path.join(scratch, 'pg_hba.conf')}'`,
      `ident_file = '${path.join(scratch, 'pg_ident.conf')}'`,
      "listen_addresses = ''",
      `unix_socket_directories = '${scratch}'`,
      'port = 5432',
      // Without hot standby nobody reads a half-replayed database, and lower limits than the
      // original server's do not stop the replay.
      'hot_standby = off',
      'archive_mode = off',
      "log_timezone = 'UTC'",
      '',
    ].join('\n'),
  );
  return file;
}

function isRunning(dataDir: string): boolean {
  const pidFile = path.join(dataDir, 'postmaster.pid');
  if (!fs.existsSync(pidFile)) return false;
  const pid = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]);
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Whether the scratch server has finished replaying and promoted itself (it then takes clients). */
async function promoted(scratch: string): Promise<boolean> {
  const client = new pg.Client({ host: scratch, port: 5432, user: 'postgres', database: 'postgres' });
  try {
    await client.connect();
    const { rows } = await client.query<{ recovering: boolean }>('select pg_is_in_recovery() as recovering');
    return rows[0]?.recovering === false;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** Starts the scratch server and waits until it has promoted itself, or has stopped. */
async function replay(setup: PgBackRestCaller, scratch: string, dataDir: string, logFile: string) {
  const config = scratchConfiguration(scratch, dataDir);
  const code = await runAsOwner(setup, path.join(binariesFor(dataDir), 'pg_ctl'), [
    '-D',
    dataDir,
    '-o',
    `-c config_file=${config}`,
    '-l',
    logFile,
    '-w',
    'start',
  ]);
  if (code !== 0 && !isRunning(dataDir)) return false;
  for (;;) {
    if (await promoted(scratch)) return true;
    if (!isRunning(dataDir)) return false;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The recovery target, out of what pgBackRest wrote: replay everything the archive holds. */
export function replayToTheEnd(dataDir: string): void {
  const autoConf = path.join(dataDir, 'postgresql.auto.conf');
  const kept = fs
    .readFileSync(autoConf, 'utf8')
    .split('\n')
    .filter((line) => !/^\s*recovery_target/.test(line));
  fs.writeFileSync(autoConf, kept.join('\n'));
}

/** The time of the last transaction replayed, as PostgreSQL logs it at the end of recovery. */
export function lastTransaction(log: string): Date | null {
  const found = [...log.matchAll(LAST_TRANSACTION)].at(-1);
  if (!found) return null;
  const [, time = '', hours = '+00', minutes = ':00'] = found;
  const at = new Date(`${time.replace(' ', 'T').slice(0, 23)}${hours}${minutes}`);
  return Number.isNaN(at.getTime()) ? null : at;
}

function logTail(logFile: string): string {
  const text = fs.existsSync(logFile) ? fs.readFileSync(logFile, 'utf8') : '';
  return text.trim().split('\n').slice(-6).join('\n    ');
}

function dumpDatabase(scratch: string, databaseName: string, dumpFile: string): Promise<void> {
  const child = spawn('pg_dump', ['--format=custom', '--no-password', `--file=${dumpFile}`, databaseName], {
    env: { ...process.env, PGHOST: scratch, PGPORT: '5432', PGUSER: 'postgres' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let said = '';
  child.stderr.on('data', (chunk: Buffer) => {
    said += chunk.toString();
  });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code) => {
      if (code === 0) return resolve();
      reject(
        new SnapshotRefused(
          /does not exist|invalid database/.test(said)
            ? `A esa hora la base ${databaseName} no existía en el archivo continuo (¿la hora es posterior a su borrado, o anterior a su creación?): elija otro momento.`
            : `pg_dump no pudo leer la base restaurada: ${said.trim()}`,
        ),
      );
    });
  });
}

/**
 * The site's database as it was at `at`, from the continuous archive, dumped to `dumpFile`. When
 * the live cluster answers, its current WAL is pushed first (`pgbackrest check`), so a restore to
 * "now" misses nothing it had; when the archive ends before `at`, the newest state it holds is
 * dumped and said.
 */
export async function dumpPostgresAt(request: PostgresAtRequest): Promise<PostgresAtResult> {
  const { setup, at } = request;
  const liveFlushed = await pgBackRest(setup, ['check']).then(
    () => true,
    () => false,
  );
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'cita-al-momento-'));
  const dataDir = path.join(scratch, 'datos');
  const logFile = path.join(scratch, 'postgresql.log');
  fs.chmodSync(scratch, 0o700);
  if (setup.uid !== undefined) fs.chownSync(scratch, setup.uid, setup.gid ?? setup.uid);
  try {
    try {
      await pgBackRest(setup, [
        `--pg1-path=${dataDir}`,
        ...recoveryTargetOptions(at),
        // The scratch server must never push its own WAL into the site's archive.
        '--archive-mode=off',
        'restore',
      ]);
    } catch (error) {
      const said = String((error as { stderr?: string }).stderr || (error as Error).message).trim();
      throw new SnapshotRefused(`pgBackRest no pudo restaurar el archivo continuo: ${said}`);
    }
    let archiveEndedSooner: Date | null = null;
    if (!(await replay(setup, scratch, dataDir, logFile))) {
      if (!fs.readFileSync(logFile, 'utf8').includes(NOT_REACHED)) {
        throw new SnapshotRefused(
          `PostgreSQL no pudo reproducir el archivo continuo:\n    ${logTail(logFile)}`,
        );
      }
      // The archive ends before `at` (a dead server's last WAL never reached it): its newest state.
      replayToTheEnd(dataDir);
      if (!(await replay(setup, scratch, dataDir, logFile)))
        throw new SnapshotRefused(
          `PostgreSQL no pudo reproducir el archivo continuo:\n    ${logTail(logFile)}`,
        );
      archiveEndedSooner = lastTransaction(fs.readFileSync(logFile, 'utf8')) ?? at;
    }
    await dumpDatabase(scratch, request.databaseName, request.dumpFile);
    return { restoredTo: archiveEndedSooner ?? at, archiveEndedSooner, liveFlushed };
  } finally {
    if (isRunning(dataDir))
      await runAsOwner(setup, path.join(binariesFor(dataDir), 'pg_ctl'), [
        '-D',
        dataDir,
        '-m',
        'immediate',
        '-w',
        'stop',
      ]);
    fs.rmSync(scratch, { recursive: true, force: true });
  }
}
