import { execFile } from 'node:child_process';
import fs from 'node:fs';
import { promisify } from 'node:util';

/**
 * PostgreSQL's continuous archive with pgBackRest (Debian package `pgbackrest`; docs/design/24-backups.md,
 * decision 0048): every WAL segment is pushed by `archive_command` to the repository (a folder,
 * and/or S3), a full backup is the base, and a restore replays the WAL to a moment. pgBackRest
 * runs on the database server as its owner (postgres), beside PostgreSQL, not inside Cita.
 */

/** How one PostgreSQL cluster is archived: its stanza, data folder and the repository. */
export interface PgBackRestSetup {
  /** The config file pgBackRest reads (written by `writePgBackRestConfig`). */
  configFile: string;
  stanza: string;
  /** The cluster's data folder (pg1-path). */
  dataDir: string;
  port: number;
  /** Where the server's Unix socket lives. */
  socketDir: string;
  /** The repository folder (repo1-path). */
  repoDir: string;
  /** Folder for pgBackRest's logs, locks and spool. */
  workDir: string;
  /** The operating-system user that owns the cluster; pgBackRest runs as it. */
  uid?: number;
  gid?: number;
}

/** pgBackRest's own configuration for the setup. */
export function pgBackRestConfigText(setup: PgBackRestSetup): string {
  return [
    '[global]',
    `repo1-path=${setup.repoDir}`,
    // Two full backups kept, with the WAL that joins them: the point-in-time window.
    'repo1-retention-full=2',
    `log-path=${setup.workDir}`,
    `lock-path=${setup.workDir}`,
    `spool-path=${setup.workDir}`,
    'log-level-console=warn',
    'log-level-file=info',
    // A backup starts at once (a checkpoint now), not at the next scheduled one.
    'start-fast=y',
    '',
    `[${setup.stanza}]`,
    `pg1-path=${setup.dataDir}`,
    `pg1-port=${setup.port}`,
    `pg1-socket-path=${setup.socketDir}`,
    '',
  ].join('\n');
}

export function writePgBackRestConfig(setup: PgBackRestSetup): void {
  fs.writeFileSync(setup.configFile, pgBackRestConfigText(setup), { mode: 0o640 });
  if (setup.uid !== undefined) fs.chownSync(setup.configFile, setup.uid, setup.gid ?? setup.uid);
}

/**
 * The PostgreSQL settings that archive every WAL segment through pgBackRest; with
 * archive_timeout a quiet site still ships its last writes within about 30 s, inside the 60 s
 * that docs/design/30-online-for-real.md promises once the push itself is counted.
 */
export function archiveSettings(setup: PgBackRestSetup): Record<string, string> {
  return {
    wal_level: 'replica',
    archive_mode: 'on',
    archive_command: `pgbackrest --config=${setup.configFile} --stanza=${setup.stanza} archive-push %p`,
    archive_timeout: '30',
  };
}

const execute = promisify(execFile);

/** What running pgBackRest needs: its configuration, the stanza and the user it runs as. */
export type PgBackRestCaller = Pick<PgBackRestSetup, 'configFile' | 'stanza' | 'uid' | 'gid'>;

export async function pgBackRest(setup: PgBackRestCaller, args: string[]): Promise<string> {
  const { stdout } = await execute(
    'pgbackrest',
    [`--config=${setup.configFile}`, `--stanza=${setup.stanza}`, ...args],
    { ...(setup.uid !== undefined && { uid: setup.uid, gid: setup.gid ?? setup.uid }) },
  );
  return stdout;
}

/** Creates the stanza in the repository and checks that archiving works. */
export async function createStanza(setup: PgBackRestSetup): Promise<void> {
  await pgBackRest(setup, ['stanza-create']);
  await pgBackRest(setup, ['check']);
}

/** A full backup: the base the WAL is replayed on. */
export async function fullBackup(setup: PgBackRestSetup): Promise<void> {
  await pgBackRest(setup, ['backup', '--type=full']);
}

/** pgBackRest's options for a restore to `at` that promotes itself there. */
export function recoveryTargetOptions(at: Date): string[] {
  // pgBackRest passes the target to recovery_target_time, which reads the offset.
  return [
    '--type=time',
    `--target=${at.toISOString().replace('T', ' ').replace('Z', '+00')}`,
    '--target-action=promote',
  ];
}

/**
 * Restores the cluster into `targetDataDir` (empty or absent) as it was at `at`: the newest
 * backup before it, then the archived WAL replayed up to that moment; the restored server
 * promotes itself when it reaches it.
 */
export async function restoreToTime(setup: PgBackRestSetup, at: Date, targetDataDir: string): Promise<void> {
  fs.mkdirSync(targetDataDir, { recursive: true, mode: 0o700 });
  if (setup.uid !== undefined) fs.chownSync(targetDataDir, setup.uid, setup.gid ?? setup.uid);
  await pgBackRest(setup, [`--pg1-path=${targetDataDir}`, ...recoveryTargetOptions(at), 'restore']);
}

/** Restores the cluster into `targetDataDir` with every write the archive holds (a dead disk). */
export async function restoreLatest(setup: PgBackRestSetup, targetDataDir: string): Promise<void> {
  fs.mkdirSync(targetDataDir, { recursive: true, mode: 0o700 });
  if (setup.uid !== undefined) fs.chownSync(targetDataDir, setup.uid, setup.gid ?? setup.uid);
  await pgBackRest(setup, [`--pg1-path=${targetDataDir}`, '--type=default', 'restore']);
}
