import { execFile, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import type { LocalCluster } from '../../src/ops/wal-archive';
import {
  archiveSettings,
  createStanza,
  fullBackup,
  type PgBackRestSetup,
  restoreToTime,
  writePgBackRestConfig,
} from '../../src/server/platform/backups/pgbackrest';

/**
 * pgBackRest needs archive_command on the cluster it archives: the machine's shared cluster is
 * left alone, and a test or bench starts a private one (initdb into a temporary folder, a free
 * port), run by the postgres user as on a Debian server, archived by pgBackRest to a folder.
 */
const execute = promisify(execFile);
const BIN = path.join('/usr/lib/postgresql', fs.readdirSync('/usr/lib/postgresql').sort().at(-1)!, 'bin');

export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Polls `condition` every 50 ms until it holds, or throws after `timeoutMs`. */
async function waitUntil(condition: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`la condición no se cumplió en ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export class PrivateCluster {
  private readonly running = new Set<string>();

  private constructor(
    readonly root: string,
    readonly setup: PgBackRestSetup,
    /** The postgres user, who owns the cluster and runs pgBackRest. */
    readonly owner: { uid: number; gid: number },
  ) {}

  /**
   * A cluster archived by pgBackRest, started, with its stanza and a first full backup; or, with
   * `archived: false`, a cluster as Debian installs it (no archive), for what configures one.
   */
  static async start({ archived = true } = {}): Promise<PrivateCluster> {
    const owner = {
      uid: Number((await execute('id', ['-u', 'postgres'])).stdout.trim()),
      gid: Number((await execute('id', ['-g', 'postgres'])).stdout.trim()),
    };
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
    const cluster = new PrivateCluster(root, setup, owner);
    await cluster.run('initdb', ['-D', setup.dataDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8']);
    if (!archived) {
      await cluster.startServer(setup.dataDir, setup.port);
      return cluster;
    }
    writePgBackRestConfig(setup);
    const settings = Object.entries(archiveSettings(setup)).map(([key, value]) => `${key} = '${value}'`);
    fs.appendFileSync(path.join(setup.dataDir, 'postgresql.conf'), `\n${settings.join('\n')}\n`);
    await cluster.startServer(setup.dataDir, setup.port);
    await createStanza(setup);
    await fullBackup(setup);
    return cluster;
  }

  /**
   * Runs a PostgreSQL program as the postgres user and waits for it to exit (not for its output
   * to close: the server pg_ctl starts would keep inherited descriptors open).
   */
  private async run(program: string, args: string[]): Promise<void> {
    const child = spawn(path.join(BIN, program), args, { ...this.owner, cwd: this.root, stdio: 'ignore' });
    const code = await new Promise<number | null>((resolve, reject) => {
      child.once('error', reject);
      child.once('exit', resolve);
    });
    if (code !== 0) throw new Error(`${program} ${args.join(' ')} terminó con ${code}`);
  }

  async startServer(dataDir: string, port: number): Promise<void> {
    await this.run('pg_ctl', [
      '-D',
      dataDir,
      '-o',
      `-p ${port} -k ${this.root} -c listen_addresses=''`,
      '-w',
      'start',
    ]);
    this.running.add(dataDir);
  }

  /**
   * Starts a cluster pgBackRest restored and waits until it has replayed the archive and promoted
   * itself: with hot_standby on (the default) it accepts connections as soon as it is consistent,
   * before the archived WAL is replayed, and a query then would see the base backup alone.
   */
  async startRestored(dataDir: string, port: number, timeoutMs = 120_000): Promise<void> {
    await this.startServer(dataDir, port);
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const [row] = await this.query<{ recovering: boolean }>(
        port,
        'select pg_is_in_recovery() as recovering',
      );
      if (row?.recovering === false) return;
      if (Date.now() > deadline)
        throw new Error(`la base restaurada sigue en recuperación tras ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  /**
   * The cluster as `cita setup` sees the server's own (psql as postgres on its socket), restarted
   * the way `systemctl restart postgresql` does it: pg_ctl restart, waiting for it.
   */
  asLocalCluster(): { local: LocalCluster; restart: () => void } {
    const { dataDir, port, socketDir } = this.setup;
    const psql = (statement: string) => {
      const result = spawnSync(
        'psql',
        ['-h', socketDir, '-p', String(port), '-U', 'postgres', '-tAc', statement],
        { encoding: 'utf8' },
      );
      if (result.status !== 0) throw new Error(`psql: ${result.stderr}`);
      return result.stdout.trim();
    };
    const restart = () => {
      const result = spawnSync(path.join(BIN, 'pg_ctl'), ['-D', dataDir, '-w', 'restart'], {
        ...this.owner,
        stdio: 'ignore',
      });
      if (result.status !== 0) throw new Error(`pg_ctl restart terminó con ${result.status}`);
    };
    return { local: { dataDir, port, socketDir, psql }, restart };
  }

  /**
   * The point-in-time drill both archive tests run: a sign-up, the moment, a second sign-up, both
   * in the archive; then the disk dies (the cluster stops hard, only the repository is left).
   * `clients` is made after the first full backup, so only the archived WAL holds it. Answers the
   * moment between the two sign-ups.
   */
  async twoSignUpsThenTheDiskDies(): Promise<Date> {
    const { port, dataDir } = this.setup;
    await this.query(port, 'create table clients (email text primary key)');
    // pgBackRest records a backup's stop time to the second: the sign-ups come after that second.
    const backedUp = Date.now();
    await waitUntil(async () => Date.now() > backedUp + 1100, 3_000);
    await this.query(port, "insert into clients (email) values ('primera@pruebas.mx')");
    const at = new Date();
    await this.query(port, "insert into clients (email) values ('segunda@pruebas.mx')");
    // The segment holding both goes to the archive now, as archive_timeout would within 60 s.
    const [switched] = await this.query<{ segment: string }>(
      port,
      'select pg_walfile_name(pg_switch_wal()) as segment',
    );
    await waitUntil(async () => {
      const [archiver] = await this.query<{ last: string | null }>(
        port,
        'select last_archived_wal as last from pg_stat_archiver',
      );
      return (archiver?.last ?? '') >= (switched?.segment ?? '');
    }, 20_000);
    await this.stopServer(dataDir);
    return at;
  }

  /** Restores the repository `setup` names to `at` into a new folder, starts it, and lists its sign-ups. */
  async emailsRestoredTo(setup: PgBackRestSetup, at: Date): Promise<string[]> {
    const restored = path.join(this.root, 'restaurada');
    await restoreToTime(setup, at, restored);
    const port = await freePort();
    await this.startRestored(restored, port);
    const rows = await this.query<{ email: string }>(port, 'select email from clients order by email');
    return rows.map((row) => row.email);
  }

  async stopServer(dataDir: string): Promise<void> {
    await this.run('pg_ctl', ['-D', dataDir, '-m', 'immediate', '-w', 'stop']);
    this.running.delete(dataDir);
  }

  /** kill -9 of the postmaster, as a dead machine would stop it; its children follow. */
  killServer(dataDir: string): void {
    const pid = Number(fs.readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
    process.kill(pid, 'SIGKILL');
    this.running.delete(dataDir);
  }

  /** A client on the server at `port`, through its Unix socket. */
  async client(port: number): Promise<pg.Client> {
    const client = new pg.Client({ host: this.root, port, user: 'postgres', database: 'postgres' });
    await client.connect();
    return client;
  }

  async query<T extends pg.QueryResultRow>(port: number, sql: string): Promise<T[]> {
    const client = await this.client(port);
    try {
      return (await client.query<T>(sql)).rows;
    } finally {
      await client.end();
    }
  }

  async close(): Promise<void> {
    for (const dataDir of this.running) await this.stopServer(dataDir);
    fs.rmSync(this.root, { recursive: true, force: true });
  }
}
