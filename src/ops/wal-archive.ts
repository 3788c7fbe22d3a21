import fs from 'node:fs';
import path from 'node:path';
import {
  archiveSettings,
  type PgBackRestSetup,
  pgBackRestConfigText,
} from '../server/platform/backups/pgbackrest';
import { mustRun } from './system-commands';
import type { UndoJournal } from './undo-journal';

/**
 * PostgreSQL's continuous archive for a `--postgres` install with backups (decision 0057): every
 * WAL segment goes through pgBackRest to BACKUP_DIR/pgbackrest, so the database can be brought
 * back to any moment (README, «Respaldos»). pgBackRest runs as `postgres`, beside the cluster.
 */

/** Where the local cluster is, and how to reach it as its owner. */
export interface LocalCluster {
  dataDir: string;
  port: number;
  socketDir: string;
  /** psql as `postgres` on this cluster: one statement, its tuples-only output. */
  psql(statement: string): string;
}

export interface WalArchivePaths {
  /** pgBackRest's configuration: the default path, so the README's bare `pgbackrest` commands read it. */
  configFile: string;
  /** Logs, locks and spool (the Debian package's folder). */
  workDir: string;
  backupDir: string;
}

export const PGBACKREST_PATHS = {
  configFile: '/etc/pgbackrest/pgbackrest.conf',
  workDir: '/var/lib/pgbackrest',
};
export const STANZA = 'cita';

/** WAL is thrown away until a repository is configured: archive_mode needs a restart, the command a reload. */
export const DISCARD_WAL = '/bin/true';

const postgresOwner = () => ({
  uid: Number(mustRun('id', ['-u', 'postgres'], 'Falta el usuario postgres.').trim()),
  gid: Number(mustRun('id', ['-g', 'postgres'], 'Falta el usuario postgres.').trim()),
});

const quoted = (value: string) => `'${value.replaceAll("'", "''")}'`;

/**
 * archive_mode on, which only a restart applies: done on a `--postgres` run whether or not backups
 * are configured yet, so that turning them on later (README step 2) is a reload that never
 * interrupts the site. Until then each segment is "archived" by /bin/true (discarded).
 */
export function ensureArchiveMode(cluster: LocalCluster, restart: () => void, journal: UndoJournal): boolean {
  if (cluster.psql('show archive_mode') === 'on') return false;
  // SHOW says "(disabled)" while archive_mode is off: the configuration files say what is set.
  const previousCommand = cluster.psql(
    "select coalesce((select setting from pg_file_settings where name = 'archive_command' order by seqno desc limit 1), '')",
  );
  cluster.psql("alter system set archive_mode = 'on'");
  if (previousCommand === '') cluster.psql(`alter system set archive_command = ${quoted(DISCARD_WAL)}`);
  journal.record(
    'archive_mode de PostgreSQL',
    () => {
      cluster.psql('alter system reset archive_mode');
      cluster.psql('alter system reset archive_command');
      restart();
    },
    'database',
  );
  restart();
  return true;
}

/**
 * The repository in BACKUP_DIR/pgbackrest, pgBackRest's configuration, archive_command through it
 * (a reload), the stanza checked, and a first full backup when the repository has none.
 */
export function configureWalArchive(
  cluster: LocalCluster,
  paths: WalArchivePaths,
  pgbackrest: (args: string[]) => string,
  journal: UndoJournal,
): void {
  const owner = postgresOwner();
  const repoDir = path.join(paths.backupDir, 'pgbackrest');
  // postgres must go through BACKUP_DIR (cita's, 0750) to its own folder: search, not read.
  const backupDirMode = fs.statSync(paths.backupDir).mode & 0o7777;
  if ((backupDirMode & 0o001) === 0) {
    fs.chmodSync(paths.backupDir, backupDirMode | 0o001);
    journal.record(`permiso de ${paths.backupDir}`, () => fs.chmodSync(paths.backupDir, backupDirMode));
  }
  for (const dir of [repoDir, paths.workDir]) {
    journal.makeDir(dir, 0o700);
    fs.chownSync(dir, owner.uid, owner.gid);
  }
  const setup: PgBackRestSetup = {
    configFile: paths.configFile,
    stanza: STANZA,
    dataDir: cluster.dataDir,
    port: cluster.port,
    socketDir: cluster.socketDir,
    repoDir,
    workDir: paths.workDir,
  };
  journal.writeFile(paths.configFile, pgBackRestConfigText(setup), 0o640);
  fs.chownSync(paths.configFile, 0, owner.gid);
  const settings = archiveSettings(setup);
  const before = {
    archive_command: cluster.psql('show archive_command'),
    archive_timeout: cluster.psql("select setting from pg_settings where name = 'archive_timeout'"),
  };
  if (
    before.archive_command !== settings.archive_command ||
    before.archive_timeout !== settings.archive_timeout
  ) {
    cluster.psql(`alter system set archive_command = ${quoted(settings.archive_command!)}`);
    cluster.psql(`alter system set archive_timeout = ${quoted(settings.archive_timeout!)}`);
    cluster.psql('select pg_reload_conf()');
    journal.record(
      'archive_command de PostgreSQL',
      () => {
        cluster.psql(`alter system set archive_command = ${quoted(before.archive_command)}`);
        cluster.psql(`alter system set archive_timeout = ${quoted(before.archive_timeout)}`);
        cluster.psql('select pg_reload_conf()');
      },
      'database',
    );
  }
  pgbackrest(['stanza-create']);
  pgbackrest(['check']);
  const info = JSON.parse(pgbackrest(['info', '--output=json'])) as Array<{ backup?: unknown[] }>;
  if ((info[0]?.backup ?? []).length === 0) pgbackrest(['backup', '--type=full']);
}
