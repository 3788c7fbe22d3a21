import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { mustRun } from '../../../src/ops/system-commands';
import { UndoJournal } from '../../../src/ops/undo-journal';
import { configureWalArchive, DISCARD_WAL, ensureArchiveMode, STANZA } from '../../../src/ops/wal-archive';
import { PrivateCluster } from '../../support/private-postgres';

let cluster: PrivateCluster | undefined;

afterAll(async () => {
  await cluster?.close();
});

describe('cita setup --postgres with backups: the continuous archive', () => {
  it('turns archiving on for a plain cluster, and the archive brings the database back to a moment', async () => {
    cluster = await PrivateCluster.start({ archived: false });
    const { setup, root } = cluster;
    const { local, restart: restartCluster } = cluster.asLocalCluster();
    let restarts = 0;
    const restart = () => {
      restarts += 1;
      restartCluster();
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

    const at = await cluster.twoSignUpsThenTheDiskDies();
    const fromBackupDir = {
      ...setup,
      configFile: paths.configFile,
      repoDir: path.join(backupDir, 'pgbackrest'),
    };
    expect(await cluster.emailsRestoredTo(fromBackupDir, at)).toEqual(['primera@pruebas.mx']);
  }, 180_000);
});
