import { type ChildProcess, execFile, spawn } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';
import type { AppConfig, S3Config } from '../config';
import { sqliteFileIn } from '../db/database';

/**
 * Continuous replication of SQLite with Litestream (design.md §24, decision 0048): the binary
 * @flydotio/litestream ships for this platform (version pinned in package.json), run beside the
 * server, copying every change of the WAL to BACKUP_DIR/litestream and, when a bucket is set, to
 * S3 under litestream/. A dead disk loses what the last sync (every second) had not sent.
 */

/** How often Litestream ships the WAL: far inside the 60 s a dead disk may lose. */
const SYNC_INTERVAL = '1s';

/** The replica folder inside BACKUP_DIR, and the prefix in the bucket. */
export const REPLICA_NAME = 'litestream';

export function litestreamBinary(): string {
  const require = createRequire(import.meta.url);
  const manifest = require.resolve(`@flydotio/litestream-${process.platform}-${process.arch}/package.json`);
  return path.join(path.dirname(manifest), 'litestream');
}

/** The replica folder of a BACKUP_DIR. */
export function replicaFolder(backupDir: string): string {
  return path.join(backupDir, REPLICA_NAME);
}

/**
 * Litestream's configuration for the database in `dataDir`: the replica folder, and the bucket.
 * The bucket's keys go in the child's environment (LITESTREAM_*), never in this file.
 */
function configText(dbPath: string, backupDir: string, s3: S3Config | undefined): string {
  const replicas = [
    { type: 'file', path: replicaFolder(backupDir), 'sync-interval': SYNC_INTERVAL },
    ...(s3
      ? [
          {
            type: 's3',
            bucket: s3.bucket,
            path: REPLICA_NAME,
            region: s3.region,
            'sync-interval': SYNC_INTERVAL,
            ...(s3.endpoint && { endpoint: s3.endpoint, 'force-path-style': true }),
          },
        ]
      : []),
  ];
  // JSON is YAML: no YAML library for a file written here and read by Litestream only.
  return `${JSON.stringify({ dbs: [{ path: dbPath, replicas }] }, null, 2)}\n`;
}

export interface LitestreamSetup {
  configFile: string;
  dbPath: string;
  env: NodeJS.ProcessEnv;
}

/**
 * Writes Litestream's configuration for the database of `dataDir` into `configDir` (beside the
 * database for the server; a scratch folder for a restore) and answers how to call it.
 */
export function litestreamSetup(
  dataDir: string,
  backupDir: string,
  s3: S3Config | undefined,
  configDir = dataDir,
): LitestreamSetup {
  const dbPath = sqliteFileIn(dataDir);
  fs.mkdirSync(configDir, { recursive: true });
  const configFile = path.join(configDir, 'litestream.yml');
  fs.writeFileSync(configFile, configText(dbPath, backupDir, s3), { mode: 0o600 });
  return {
    configFile,
    dbPath,
    env: {
      PATH: process.env.PATH,
      ...(s3 && {
        LITESTREAM_ACCESS_KEY_ID: s3.accessKeyId,
        LITESTREAM_SECRET_ACCESS_KEY: s3.secretAccessKey,
      }),
    },
  };
}

/** Whether this server replicates continuously: SQLite, backups on, BACKUP_CONTINUOUS not 0. */
export function replicatesWithLitestream(config: AppConfig): boolean {
  return !config.databaseUrl && Boolean(config.backups.dir) && config.backups.continuous;
}

/** A restart after a crash waits this long, so a Litestream that cannot start does not spin. */
const RESTART_DELAY_MS = 2000;

/**
 * Runs `litestream replicate` for the server's database and starts it again when it dies, until
 * `stop()`; what it prints goes to the server's log.
 */
export class LitestreamSupervisor {
  private child: ChildProcess | null = null;
  private stopped = false;
  private restartTimer: NodeJS.Timeout | null = null;

  constructor(
    private readonly setup: LitestreamSetup,
    private readonly log: { info(message: string): void; warn(message: string): void },
  ) {}

  start(): void {
    if (this.stopped) return;
    const child = spawn(litestreamBinary(), ['replicate', '-config', this.setup.configFile], {
      env: this.setup.env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    const relay = (chunk: Buffer) => {
      for (const line of chunk.toString('utf8').split('\n').filter(Boolean))
        this.log.info(`litestream: ${line}`);
    };
    child.stdout?.on('data', relay);
    child.stderr?.on('data', relay);
    child.on('exit', (code, signal) => {
      this.child = null;
      if (this.stopped) return;
      this.log.warn(`Litestream terminó (${signal ?? code}); se vuelve a iniciar`);
      this.restartTimer = setTimeout(() => this.start(), RESTART_DELAY_MS);
    });
  }

  /** Stops Litestream with SIGTERM, which lets it ship what it has before it exits. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.restartTimer) clearTimeout(this.restartTimer);
    const child = this.child;
    if (!child) return;
    await new Promise<void>((resolve) => {
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  }

  /** The running process's id (tests kill it to see it come back). */
  get pid(): number | undefined {
    return this.child?.pid;
  }
}

const run = promisify(execFile);

/**
 * The time of the newest write the replicas hold (to the second, as `litestream generations`
 * prints it), or null when they hold nothing.
 */
async function replicatedUntil(setup: LitestreamSetup): Promise<Date | null> {
  const { stdout } = await run(
    litestreamBinary(),
    ['generations', '-config', setup.configFile, setup.dbPath],
    {
      env: setup.env,
    },
  );
  const ends = stdout
    .split('\n')
    .slice(1)
    .map((line) => Date.parse(line.trim().split(/\s+/).at(-1) ?? ''))
    .filter((end) => !Number.isNaN(end));
  return ends.length > 0 ? new Date(Math.max(...ends)) : null;
}

async function restoreFromReplica(setup: LitestreamSetup, output: string, at: Date | null): Promise<void> {
  const args = [
    'restore',
    '-config',
    setup.configFile,
    '-o',
    output,
    ...(at ? ['-timestamp', at.toISOString()] : []),
    setup.dbPath,
  ];
  await run(litestreamBinary(), args, { env: setup.env });
}

/**
 * `litestream restore` of the replicated database into `output`, as it was at `at`. Litestream
 * picks the replica (folder or bucket) that has it. Its -timestamp only takes a moment between a
 * generation's first and last write, so a moment after the last one restores everything.
 */
export async function litestreamRestore(setup: LitestreamSetup, output: string, at: Date): Promise<void> {
  const until = await replicatedUntil(setup);
  if (until && at.getTime() >= until.getTime() + 1000) return restoreFromReplica(setup, output, null);
  try {
    await restoreFromReplica(setup, output, at);
  } catch (error) {
    // Within the last second, which `generations` rounds away: past the newest write is everything.
    const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string };
    if (!until || at.getTime() < until.getTime() || !/no matching backups/.test(`${stdout}${stderr}`))
      throw error;
    await restoreFromReplica(setup, output, null);
  }
}
