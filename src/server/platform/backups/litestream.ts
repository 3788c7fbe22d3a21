import { type ChildProcess, execFile, spawn } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import readline from 'node:readline';
import { promisify } from 'node:util';
import type { AppConfig, S3Config } from '../config';
import { sqliteFileIn } from '../db/sqlite-file';

/**
 * Continuous replication of SQLite with Litestream (docs/design/24-backups.md, decision 0048): the binary
 * @flydotio/litestream ships for this platform (version pinned in package.json), run beside the
 * server, copying every change of the WAL to BACKUP_DIR/litestream and, when a bucket is set, to
 * S3 under litestream/. A dead disk loses what the last sync (every second) had not sent.
 */

/**
 * How often Litestream ships the WAL: half the 1 s a disaster may lose (docs/design/30-online-for-real.md),
 * so a sync that starts late or takes a few hundred milliseconds on a busy machine still lands inside it.
 */
const SYNC_INTERVAL = '500ms';

/**
 * How often Litestream looks at the WAL for new pages to ship. Its default, 1 s, plus the sync
 * interval would let a write wait 1.5 s before it reaches the replica, past the promise.
 */
const MONITOR_INTERVAL = '250ms';

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
  return `${JSON.stringify({ dbs: [{ path: dbPath, 'monitor-interval': MONITOR_INTERVAL, replicas }] }, null, 2)}\n`;
}

export interface LitestreamSetup {
  configFile: string;
  dbPath: string;
  /** The replicas' names, as Litestream's log lines say them (`replica=file`). */
  replicas: string[];
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
    replicas: ['file', ...(s3 ? ['s3'] : [])],
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

/** A write that has waited this long for the replica means replication has stalled. */
export const STALL_AFTER_MS = 10_000;
/** Restarts after a crash or a stall wait this long, doubling up to the maximum, so none spins. */
const RESTART_DELAY_MS = 2_000;
const RESTART_DELAY_MAX_MS = 60_000;
/** A stalled child is replaced after this long without shipping; doubled at each replacement. */
const PATIENCE_MAX_MS = 10 * 60_000;
/** Litestream's own stop ships what it holds; past this it is stuck (a full disk) and is killed. */
const STOP_GRACE_MS = 3_000;
/** How often the WAL's last write is compared with what Litestream said it shipped. */
const WATCH_INTERVAL_MS = 1_000;

/** Lines Litestream prints for each successful write to a replica. */
const SHIPPED = /msg="(wal segment|snapshot) written".* replica=(\S+)/;
/** Lines it prints for each write it starts: routine, kept out of the log. */
const ROUTINE = /msg="(write wal segment|write snapshot)"/;

export interface ReplicaHealth {
  ok: boolean;
  /** Why not, in Spanish: a fixed sentence, /readyz is public. */
  reason?: string;
  /** How long the oldest write not yet in the replica has waited (0 when none waits). */
  lagSeconds: number;
}

function mtimeMs(file: string): number {
  try {
    return fs.statSync(file).mtimeMs;
  } catch {
    return 0;
  }
}

export function stalledReason(lagSeconds: number): string {
  return `La réplica continua (Litestream) no recibe escrituras desde hace ${Math.round(lagSeconds)} s: revise el espacio libre de BACKUP_DIR y el registro del servidor`;
}

/**
 * Runs `litestream replicate` for the server's database until `stop()` and watches it (decision
 * 0059): Litestream 0.3.13 on a full disk stops shipping without a word, and does not recover
 * when space returns. A write to the WAL that Litestream has not shipped within STALL_AFTER_MS is
 * a stall: reported (`health()`, `onStall`) and answered by restarting the child, with backoff,
 * until the replica moves again. What it prints goes to the server's log (paths and positions,
 * never rows).
 */
export class LitestreamSupervisor {
  private child: ChildProcess | null = null;
  private childStartedAt = 0;
  private stopped = false;
  private restartTimer: NodeJS.Timeout | null = null;
  private watchTimer: NodeJS.Timeout | null = null;
  private restartDelay = RESTART_DELAY_MS;
  /** How long a stalled child may go on before it is replaced (a slow upload gets more each time). */
  private patience = STALL_AFTER_MS;
  /** When Litestream last said it wrote to each replica: the slowest one is what the replica holds. */
  private readonly shippedAt = new Map<string, number>();
  /** The first write seen in the WAL after the slowest replica's last shipment, still unshipped. */
  private waitingSince: number | null = null;
  /** The stall being reported, by the moment its first unshipped write was seen. */
  private incident: number | null = null;
  private readonly stallListeners: ((health: ReplicaHealth) => void)[] = [];

  constructor(
    private readonly setup: LitestreamSetup,
    private readonly log: { info(message: string): void; warn(message: string): void },
  ) {}

  start(): void {
    if (this.stopped || this.child) return;
    if (this.shippedAt.size === 0)
      for (const name of this.setup.replicas) this.shippedAt.set(name, Date.now());
    this.spawnChild();
    this.watchTimer ??= setInterval(() => this.watch(), WATCH_INTERVAL_MS);
    this.watchTimer.unref();
  }

  /** Called once per stall, when it is first seen. */
  onStall(listener: (health: ReplicaHealth) => void): void {
    this.stallListeners.push(listener);
  }

  health(now = Date.now()): ReplicaHealth {
    const lagSeconds = this.waitingSince === null ? 0 : Math.max(0, now - this.waitingSince) / 1000;
    if (lagSeconds * 1000 <= STALL_AFTER_MS) return { ok: true, lagSeconds };
    return { ok: false, reason: stalledReason(lagSeconds), lagSeconds };
  }

  private spawnChild(): void {
    const child = spawn(litestreamBinary(), ['replicate', '-config', this.setup.configFile], {
      env: this.setup.env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    this.childStartedAt = Date.now();
    for (const stream of [child.stdout, child.stderr]) {
      if (stream) readline.createInterface({ input: stream }).on('line', (line) => this.relay(line));
    }
    child.on('error', (error) => this.log.warn(`Litestream no pudo arrancar: ${error.message}`));
    child.on('exit', (code, signal) => {
      if (this.child === child) this.child = null;
      if (this.stopped || this.restartTimer) return;
      this.log.warn(`Litestream terminó (${signal ?? code}); se vuelve a iniciar`);
      this.scheduleRestart();
    });
  }

  private relay(line: string): void {
    const shipped = SHIPPED.exec(line);
    if (shipped) {
      this.shippedAt.set(shipped[2] ?? '', Date.now());
      this.restartDelay = RESTART_DELAY_MS;
      return;
    }
    if (ROUTINE.test(line)) return;
    if (/level=(ERROR|WARN)/.test(line)) this.log.warn(`litestream: ${line}`);
    else this.log.info(`litestream: ${line}`);
  }

  private scheduleRestart(): void {
    const delay = this.restartDelay;
    this.restartDelay = Math.min(delay * 2, RESTART_DELAY_MAX_MS);
    this.restartTimer = setTimeout(() => {
      this.restartTimer = null;
      if (!this.stopped && !this.child) this.spawnChild();
    }, delay);
  }

  private watch(): void {
    const now = Date.now();
    const written = mtimeMs(`${this.setup.dbPath}-wal`);
    const shippedAt = Math.min(...this.shippedAt.values());
    if (written <= shippedAt) this.waitingSince = null;
    else if (this.waitingSince === null || this.waitingSince <= shippedAt) this.waitingSince = written;
    const health = this.health(now);
    if (health.ok) {
      if (this.incident !== null) this.log.info('La réplica continua vuelve a recibir escrituras');
      this.incident = null;
      this.patience = STALL_AFTER_MS;
      return;
    }
    if (this.incident === null) {
      this.incident = this.waitingSince;
      this.log.warn(health.reason ?? '');
      for (const listener of this.stallListeners) listener(health);
    }
    // Each child gets its own chance to ship before it is replaced; the delays grow each time.
    const child = this.child;
    if (child && !this.restartTimer && now - this.childStartedAt > this.patience) {
      this.patience = Math.min(this.patience * 2, PATIENCE_MAX_MS);
      this.log.warn('Litestream no avanza: se reinicia');
      this.scheduleRestart();
      void terminate(child);
    }
  }

  /** Stops Litestream: SIGTERM lets it ship what it has; a stuck one is killed after a few seconds. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.restartTimer) clearTimeout(this.restartTimer);
    if (this.watchTimer) clearInterval(this.watchTimer);
    const child = this.child;
    if (child) await terminate(child);
  }

  /** The running process's id (tests kill it to see it come back). */
  get pid(): number | undefined {
    return this.child?.pid;
  }

  /** When this stall began (the key of its one e-mail), or null. */
  get incidentSince(): Date | null {
    return this.incident === null ? null : new Date(this.incident);
  }
}

/** SIGTERM, then SIGKILL once STOP_GRACE_MS have passed; resolves when the child is gone. */
async function terminate(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  await new Promise<void>((resolve) => {
    const kill = setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS);
    child.once('exit', () => {
      clearTimeout(kill);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

const run = promisify(execFile);

/**
 * The time of the newest write the replicas hold (to the second, as `litestream wal` prints it),
 * or null when they hold nothing. `wal` reads the replicas only; `generations` would stat the
 * database file, which the disaster has taken away.
 */
export async function replicatedUntil(setup: LitestreamSetup): Promise<Date | null> {
  const { stdout } = await run(litestreamBinary(), ['wal', '-config', setup.configFile, setup.dbPath], {
    env: setup.env,
    maxBuffer: 256 * 1024 * 1024,
  });
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
 * `litestream restore` of the replicated database into `output`, as it was at `at`; answers the
 * moment the replicas reach (null when they hold nothing). Litestream picks the replica (folder
 * or bucket) that has it. Its -timestamp only takes a moment between a generation's first and
 * last write, so a moment after the last one restores everything.
 */
export async function litestreamRestore(
  setup: LitestreamSetup,
  output: string,
  at: Date,
): Promise<{ replicatedUntil: Date | null }> {
  const until = await replicatedUntil(setup);
  if (until && at.getTime() >= until.getTime() + 1000) {
    await restoreFromReplica(setup, output, null);
    return { replicatedUntil: until };
  }
  try {
    await restoreFromReplica(setup, output, at);
  } catch (error) {
    // Within the last second, which `wal` rounds away: past the newest write is everything.
    const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string };
    if (!until || at.getTime() < until.getTime() || !/no matching backups/.test(`${stdout}${stderr}`))
      throw error;
    await restoreFromReplica(setup, output, null);
  }
  return { replicatedUntil: until };
}
