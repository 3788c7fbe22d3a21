import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { mustRun } from '../../../src/ops/system-commands';
import { UndoJournal } from '../../../src/ops/undo-journal';
import {
  configureWalArchive,
  DISCARD_WAL,
  ensureArchiveMode,
  type LocalCluster,
  STANZA,
} from '../../../src/ops/wal-archive';
import { restoreToTime } from '../../../src/server/platform/backups/pgbackrest';
import { freePort, PrivateCluster } from '../../support/private-postgres';

let cluster: PrivateCluster | undefined;

afterAll(async () => {
  await cluster?.close();
});

const PG_BIN = path.join('/usr/lib/postgresql', fs.readdirSync('/usr/lib/postgresql').sort().at(-1)!, 'bin');

describe('cita setup --postgres with backups: the continuous archive', () => {
  it('turns archiving on for a plain cluster, and the archive brings the database back to a moment', async () => {
    cluster = await PrivateCluster.start({ archived: false });
    const { setup, root } = cluster;
    const local: LocalCluster = {
      dataDir: setup.dataDir,
      port: setup.port,
      socketDir: setup.socketDir,
      psql: (statement) =>
        mustRun(
          'psql',
          ['-h', root, '-p', String(setup.port), '-U', 'postgres', '-tAc', statement],
          '',
        ).trim(),
    };
    // What `systemctl restart postgresql` does on the server: pg_ctl restart, waiting for it.
    let restarts = 0;
    const restart = () => {
      restarts += 1;
      const result = spawnSync(
        'runuser',
        ['-u', 'postgres', '--', path.join(PG_BIN, 'pg_ctl'), '-D', setup.dataDir, '-w', 'restart'],
        { stdio: 'ignore' },
      );
      expect(result.status).toBe(0);
    };
    // BACKUP_DIR as the README makes it: not the postgres user's, closed to others.
    const backupDir = path.join(root, 'respaldos');
    fs.mkdirSync(backupDir, { mode: 0o750 });
    const paths = {
      configFile: path.join(root, 'pgbackrest-setup.conf'),
      workDir: path.join(root, 'work'),
      backupDir,
    };
    const pgbackrest = (args: string[]) =>
      mustRun(
        'runuser',
        ['-u', 'postgres', '--', 'pgbackrest', `--config=${paths.configFile}`, `--stanza=${STANZA}`, ...args],
        '',
      );
    const journal = new UndoJournal();

    // Step 1 (--postgres, no backups yet): archive_mode on, the WAL thrown away, one restart.
    expect(local.psql('show archive_mode')).toBe('off');
    expect(ensureArchiveMode(local, restart, journal)).toBe(true);
    expect(local.psql('show archive_mode')).toBe('on');
    expect(local.psql('show archive_command')).toBe(DISCARD_WAL);
    expect(ensureArchiveMode(local, restart, journal)).toBe(false);
    // Step 2 (backups configured): a reload, no restart.
    configureWalArchive(local, paths, pgbackrest, journal);
    expect(restarts).toBe(1);
    expect(local.psql('show archive_command')).toContain('archive-push');
    expect(JSON.parse(pgbackrest(['info', '--output=json']))[0].backup).toHaveLength(1);
    // A second run changes nothing and makes no second full backup.
    configureWalArchive(local, paths, pgbackrest, journal);
    expect(JSON.parse(pgbackrest(['info', '--output=json']))[0].backup).toHaveLength(1);

    await cluster.query(setup.port, 'create table clients (email text primary key)');
    // pgBackRest records a backup's stop time to the second: the sign-ups come after that second.
    const backedUp = Date.now();
    await vi.waitFor(() => expect(Date.now()).toBeGreaterThan(backedUp + 1100), {
      timeout: 3000,
      interval: 50,
    });
    await cluster.query(setup.port, "insert into clients (email) values ('primera@pruebas.mx')");
    const at = new Date();
    await cluster.query(setup.port, "insert into clients (email) values ('segunda@pruebas.mx')");
    const [{ segment }] = (await cluster.query<{ segment: string }>(
      setup.port,
      'select pg_walfile_name(pg_switch_wal()) as segment',
    )) as [{ segment: string }];
    await vi.waitFor(
      async () => {
        const [archiver] = await cluster!.query<{ last: string | null }>(
          setup.port,
          'select last_archived_wal as last from pg_stat_archiver',
        );
        expect((archiver?.last ?? '') >= segment).toBe(true);
      },
      { timeout: 20_000, interval: 200 },
    );
    await cluster.stopServer(setup.dataDir);
    const restored = path.join(root, 'restaurada');
    const owner = {
      uid: Number(mustRun('id', ['-u', 'postgres'], '')),
      gid: Number(mustRun('id', ['-g', 'postgres'], '')),
    };
    await restoreToTime(
      { ...setup, configFile: paths.configFile, repoDir: path.join(backupDir, 'pgbackrest'), ...owner },
      at,
      restored,
    );
    const port = await freePort();
    await cluster.startRestored(restored, port);
    const rows = await cluster.query<{ email: string }>(port, 'select email from clients order by email');
    expect(rows.map((row) => row.email)).toEqual(['primera@pruebas.mx']);
  }, 180_000);
});
