import { execFile, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import {
  archiveSettings,
  createStanza,
  fullBackup,
  type PgBackRestSetup,
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

export class PrivateCluster {
  private readonly running = new Set<string>();

  private constructor(
    readonly root: string,
    readonly setup: PgBackRestSetup,
    private readonly owner: { uid: number; gid: number },
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
