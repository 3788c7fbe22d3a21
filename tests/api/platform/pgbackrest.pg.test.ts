import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { restoreToTime } from '../../../src/server/platform/backups/pgbackrest';
import { freePort, PrivateCluster } from '../../support/private-postgres';

let cluster: PrivateCluster | undefined;

afterAll(async () => {
  await cluster?.close();
});

describe('PostgreSQL continuous archive with pgBackRest', () => {
  it('archives the WAL and restores to a moment between two sign-ups, finding exactly the first', async () => {
    cluster = await PrivateCluster.start();
    const { setup } = cluster;
    await cluster.query(
      setup.port,
      'create table clients (email text primary key, created_at timestamptz default now())',
    );
    // pgBackRest records a backup's stop time to the second: the sign-ups come after that second.
    const backedUp = Date.now();
    await vi.waitFor(() => expect(Date.now()).toBeGreaterThan(backedUp + 1100), {
      timeout: 3000,
      interval: 50,
    });

    await cluster.query(setup.port, "insert into clients (email) values ('primera@pruebas.mx')");
    const at = new Date();
    await cluster.query(setup.port, "insert into clients (email) values ('segunda@pruebas.mx')");
    // The segment holding both goes to the archive now, as archive_timeout would within 60 s.
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
    // The disk dies: the cluster stops hard and only the repository is left.
    await cluster.stopServer(setup.dataDir);

    const restored = path.join(cluster.root, 'restaurada');
    await restoreToTime(setup, at, restored);
    const port = await freePort();
    await cluster.startRestored(restored, port);
    const rows = await cluster.query<{ email: string }>(port, 'select email from clients order by email');
    expect(rows.map((row) => row.email)).toEqual(['primera@pruebas.mx']);
  }, 120_000);
});
