import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { dumpPostgresAt } from '../../../src/server/platform/backups/postgres-point-in-time';
import {
  createScratchDatabase,
  withPostgresClient,
} from '../../../src/server/platform/backups/postgres-tools';
import { quarantineOf } from '../../../src/server/platform/backups/quarantine';
import { restorePostgresDumpFile } from '../../../src/server/platform/backups/restore-snapshot';
import { createDatabase } from '../../../src/server/platform/db/database';
import { migrateToLatest } from '../../../src/server/platform/db/migrate';
import { PrivateCluster } from '../../support/private-postgres';

/**
 * `cita restore latest --at` on PostgreSQL (decision 0057): the site's database rebuilt from
 * pgBackRest's archive at a moment, in a scratch server, dumped, and loaded into a fresh database.
 */
let cluster: PrivateCluster | undefined;
const scratchDatabases: { drop: () => Promise<void> }[] = [];

afterAll(async () => {
  await cluster?.close();
  for (const database of scratchDatabases) await database.drop();
});

async function addAdmin(url: string, email: string): Promise<void> {
  await withPostgresClient(url, (client) =>
    client.query(
      "insert into admins (name, email, password_hash, date_creation) values ('Simulacro', $1, 'x', '2026-11-28')",
      [email],
    ),
  );
}

const emailsIn = (url: string) =>
  withPostgresClient(url, async (client) =>
    (await client.query<{ email: string }>('select email from admins order by email')).rows.map(
      (row) => row.email,
    ),
  );

async function loadInto(dumpFile: string, restoredFrom: string) {
  const target = await createScratchDatabase(process.env.DATABASE_URL!);
  scratchDatabases.push(target);
  const tables = await restorePostgresDumpFile(dumpFile, target.url, restoredFrom);
  return { url: target.url, tables };
}

describe('cita restore latest --at on PostgreSQL', () => {
  it('brings the database back to the moment before a mistaken delete, and a dead server’s newest archived state with a warning', async () => {
    cluster = await PrivateCluster.start();
    const { setup, root } = cluster;
    const site = `postgres://postgres@${encodeURIComponent(root)}:${setup.port}/sitio`;
    await cluster.query(setup.port, 'create database sitio');
    const db = createDatabase({ databaseUrl: site, dataDir: root });
    await migrateToLatest(db);
    await db.destroy();
    // pgBackRest records a backup's stop time to the second: the writes come after that second.
    const backedUp = Date.now();
    await vi.waitFor(() => expect(Date.now()).toBeGreaterThan(backedUp + 1100), {
      timeout: 3000,
      interval: 50,
    });
    await addAdmin(site, 'antes@ejemplo.mx');
    const beforeMistake = new Date();
    await vi.waitFor(() => expect(Date.now()).toBeGreaterThan(beforeMistake.getTime() + 20), { interval: 5 });
    // A mistaken delete, then the database dropped altogether.
    await withPostgresClient(site, (client) => client.query('delete from admins'));
    await cluster.query(setup.port, 'drop database sitio with (force)');

    // Both are in the archive too; the moment before them brings the database back, with no WAL
    // switch by hand: the live server's current WAL is pushed first.
    const work = fs.mkdtempSync(path.join(root, 'volcado-'));
    const atDrop = await dumpPostgresAt({
      setup,
      at: beforeMistake,
      databaseName: 'sitio',
      dumpFile: path.join(work, 'antes.dump'),
    });
    expect(atDrop).toMatchObject({ restoredTo: beforeMistake, archiveEndedSooner: null, liveFlushed: true });
    const back = await loadInto(path.join(work, 'antes.dump'), 'archivo continuo');
    expect(await emailsIn(back.url)).toEqual(['antes@ejemplo.mx']);
    expect(back.tables.admins?.rows).toBe(1);
    const restored = createDatabase({ databaseUrl: back.url, dataDir: root });
    expect(await quarantineOf(restored)).not.toBeNull();
    await restored.destroy();

    // After the drop, the database is not in the archive at all: said, not an empty restore.
    await expect(
      dumpPostgresAt({
        setup,
        at: new Date(),
        databaseName: 'sitio',
        dumpFile: path.join(work, 'despues.dump'),
      }),
    ).rejects.toThrow(/no existía en el archivo continuo/);

    // A server that dies: what it archived comes back, and the moment asked beyond it is said.
    await cluster.query(setup.port, 'create database sitio2');
    const second = site.replace('/sitio', '/sitio2');
    const db2 = createDatabase({ databaseUrl: second, dataDir: root });
    await migrateToLatest(db2);
    await db2.destroy();
    await addAdmin(second, 'archivada@ejemplo.mx');
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
    cluster.killServer(setup.dataDir);
    const asked = new Date(Date.now() + 60_000);
    const dead = await dumpPostgresAt({
      setup,
      at: asked,
      databaseName: 'sitio2',
      dumpFile: path.join(work, 'caida.dump'),
    });
    expect(dead.liveFlushed).toBe(false);
    expect(dead.archiveEndedSooner).not.toBeNull();
    expect(dead.archiveEndedSooner!.getTime()).toBeLessThan(asked.getTime());
    expect(dead.restoredTo).toEqual(dead.archiveEndedSooner);
    const fromDead = await loadInto(path.join(work, 'caida.dump'), 'archivo continuo');
    expect(await emailsIn(fromDead.url)).toEqual(['archivada@ejemplo.mx']);
    // The scratch servers are gone and pushed nothing of their own into the archive.
    expect(fs.readdirSync(os.tmpdir()).filter((name) => name.startsWith('cita-al-momento-'))).toEqual([]);
    const archived = fs.readdirSync(setup.repoDir, { recursive: true }).map(String);
    expect(archived.filter((name) => /^archive\/.*\/[0-9A-F]{8}\.history$/.test(name))).toEqual([]);
  }, 240_000);
});
