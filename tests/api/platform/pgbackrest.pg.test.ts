import { execFile, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, describe, expect, it, vi } from 'vitest';
import {
  archiveSettings,
  createStanza,
  fullBackup,
  type PgBackRestSetup,
  restoreToTime,
  writePgBackRestConfig,
} from '../../../src/server/platform/backups/pgbackrest';

/**
 * pgBackRest needs archive_command on the cluster it archives: the machine's shared cluster is
 * left alone, and this file starts a private one (initdb into a temporary folder, a free port),
 * run by the postgres user as on a Debian server.
 */
const execute = promisify(execFile);
const BIN = path.join('/usr/lib/postgresql', fs.readdirSync('/usr/lib/postgresql').sort().at(-1)!, 'bin');
const owner = await execute('id', ['-u', 'postgres']).then(async ({ stdout }) => ({
  uid: Number(stdout.trim()),
  gid: Number((await execute('id', ['-g', 'postgres'])).stdout.trim()),
}));

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'cita-pgbackrest-'));
for (const folder of ['repo', 'work']) fs.mkdirSync(path.join(root, folder));
for (const entry of ['', 'repo', 'work']) fs.chownSync(path.join(root, entry), owner.uid, owner.gid);

const setup: PgBackRestSetup = {
  configFile: path.join(root, 'pgbackrest.conf'),
  stanza: 'cita',
  dataDir: path.join(root, 'datos'),
  port: await freePort(),
  socketDir: root,
  repoDir: path.join(root, 'repo'),
  workDir: path.join(root, 'work'),
  ...owner,
};
const running = new Set<string>();

/**
 * Runs a PostgreSQL program as the postgres user and waits for it to exit (not for its output to
 * close: the server pg_ctl starts would keep inherited descriptors open).
 */
async function asPostgres(program: string, args: string[]): Promise<void> {
  const child = spawn(path.join(BIN, program), args, { ...owner, cwd: root, stdio: 'ignore' });
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', resolve);
  });
  if (code !== 0) throw new Error(`${program} ${args.join(' ')} terminó con ${code}`);
}

async function startCluster(dataDir: string, port: number): Promise<void> {
  await asPostgres('pg_ctl', [
    '-D',
    dataDir,
    '-o',
    `-p ${port} -k ${root} -c listen_addresses=''`,
    '-w',
    'start',
  ]);
  running.add(dataDir);
}

async function stopCluster(dataDir: string): Promise<void> {
  await asPostgres('pg_ctl', ['-D', dataDir, '-m', 'immediate', '-w', 'stop']);
  running.delete(dataDir);
}

async function query<T extends pg.QueryResultRow>(port: number, sql: string): Promise<T[]> {
  const client = new pg.Client({ host: root, port, user: 'postgres', database: 'postgres' });
  await client.connect();
  try {
    return (await client.query<T>(sql)).rows;
  } finally {
    await client.end();
  }
}

afterAll(async () => {
  for (const dataDir of running) await stopCluster(dataDir);
  fs.rmSync(root, { recursive: true, force: true });
});

describe('PostgreSQL continuous archive with pgBackRest', () => {
  it('archives the WAL and restores to a moment between two sign-ups, finding exactly the first', async () => {
    await asPostgres('initdb', ['-D', setup.dataDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8']);
    writePgBackRestConfig(setup);
    const settings = Object.entries(archiveSettings(setup)).map(([key, value]) => `${key} = '${value}'`);
    fs.appendFileSync(path.join(setup.dataDir, 'postgresql.conf'), `\n${settings.join('\n')}\n`);
    await startCluster(setup.dataDir, setup.port);
    await createStanza(setup);
    await query(
      setup.port,
      'create table clients (email text primary key, created_at timestamptz default now())',
    );
    await fullBackup(setup);
    // pgBackRest records a backup's stop time to the second: the sign-ups come after that second.
    const backedUp = Date.now();
    await vi.waitFor(() => expect(Date.now()).toBeGreaterThan(backedUp + 1100), {
      timeout: 3000,
      interval: 50,
    });

    await query(setup.port, "insert into clients (email) values ('primera@pruebas.mx')");
    const [{ at }] = (await query<{ at: Date }>(setup.port, 'select clock_timestamp() as at')) as [
      { at: Date },
    ];
    await query(setup.port, "insert into clients (email) values ('segunda@pruebas.mx')");
    // The segment holding both goes to the archive now, as archive_timeout would within 60 s.
    const [{ segment }] = (await query<{ segment: string }>(
      setup.port,
      'select pg_walfile_name(pg_switch_wal()) as segment',
    )) as [{ segment: string }];
    await vi.waitFor(
      async () => {
        const [archiver] = await query<{ last: string | null }>(
          setup.port,
          'select last_archived_wal as last from pg_stat_archiver',
        );
        expect((archiver?.last ?? '') >= segment).toBe(true);
      },
      { timeout: 20_000, interval: 200 },
    );
    // The disk dies: the cluster stops hard and only the repository is left.
    await stopCluster(setup.dataDir);

    const restored = path.join(root, 'restaurada');
    await restoreToTime(setup, at, restored);
    const port = await freePort();
    await startCluster(restored, port);
    const rows = await query<{ email: string }>(port, 'select email from clients order by email');
    expect(rows.map((row) => row.email)).toEqual(['primera@pruebas.mx']);
  }, 120_000);
});
