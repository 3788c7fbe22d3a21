import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { TEST_ADMIN } from './test-app';

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

/** A scratch database for one test file: a SQLite folder, or a new PostgreSQL database. */
export interface ScratchDatabase {
  dataDir: string;
  databaseUrl: string | undefined;
  drop(): Promise<void>;
}

/**
 * The API run's own temp folder (tests/support/temp-root.ts) inside a test worker; the system one
 * elsewhere (the cluster run's global setup, the benchmarks), where nothing provides it.
 */
function tempParent(): string {
  const runRoot = process.env.VITEST_WORKER_ID ? inject('tempRoot') : undefined;
  return runRoot ?? os.tmpdir();
}

/** In the API run, what a server process printed joins the log search (temp-root.ts). */
function keepForLogSearch(output: string, port: number): void {
  const logDir = process.env.VITEST_WORKER_ID ? inject('testLogDir') : undefined;
  if (!logDir || !output) return;
  fs.writeFileSync(path.join(logDir, `process-${port}-${Date.now()}.log`), output);
}

export async function createScratchDatabase(): Promise<ScratchDatabase> {
  const dataDir = fs.mkdtempSync(path.join(tempParent(), 'cita-proc-'));
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    return {
      dataDir,
      databaseUrl: undefined,
      drop: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const name = `cita_proc_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  try {
    await admin.connect();
    await admin.query(`create database ${name}`);
  } catch (error) {
    fs.rmSync(dataDir, { recursive: true, force: true });
    throw error;
  } finally {
    await admin.end().catch(() => undefined);
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    dataDir,
    databaseUrl: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface ServerProcessOptions {
  databaseUrl: string | undefined;
  dataDir: string;
  port?: number;
  env?: Record<string, string>;
  /** How to start it: server.ts directly (default), `node scripts/start.mjs`, or `npm start`. */
  entry?: 'server' | 'start-script' | 'npm-start';
}

/** The real server (src/server/server.ts) in a child process, as an operator starts it. */
export class ServerProcess {
  private child: ChildProcess | undefined;
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  private resolveExit!: (value: { code: number | null; signal: NodeJS.Signals | null }) => void;
  output = '';

  private constructor(
    readonly port: number,
    readonly env: Record<string, string>,
  ) {
    this.exited = new Promise((resolve) => {
      this.resolveExit = resolve;
    });
  }

  /** Starts the server and resolves once /api/health answers. */
  static async start(options: ServerProcessOptions) {
    const server = await ServerProcess.spawn(options);
    try {
      await server.waitUntilHealthy();
    } catch (error) {
      await server.stop();
      throw error;
    }
    return server;
  }

  /** Starts the server without waiting for it to listen (for a start that is meant to fail). */
  static async spawn(options: ServerProcessOptions) {
    const port = options.port ?? (await freePort());
    const env: Record<string, string> = {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: options.dataDir,
      SEED_DEMO: '1',
      ADMIN_EMAIL: TEST_ADMIN.email,
      ADMIN_PASSWORD: TEST_ADMIN.password,
      LOG_LEVEL: 'warn',
      LOGIN_ATTEMPTS_PER_MINUTE: '1000',
      SIGNUPS_PER_ADDRESS: '10000',
      WEB_DIST_DIR: path.join(options.dataDir, 'no-web'),
      // Paying online needs a provider the caller starts and passes (STRIPE_*): off unless it does.
      PAYMENTS: 'off',
      // The test PAC listens on one fixed port: two servers at once (the cluster, an upgrade) would
      // collide on it. Invoicing is tested through its own suites.
      INVOICES: 'off',
      ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
      ...options.env,
    };
    const server = new ServerProcess(port, env);
    const commands = {
      server: [process.execPath, '--import', 'tsx', 'src/server/server.ts'],
      'start-script': [process.execPath, 'scripts/start.mjs'],
      'npm-start': ['npm', 'start'],
    };
    server.launch(commands[options.entry ?? 'server']);
    return server;
  }

  get pid(): number {
    return this.child?.pid ?? 0;
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  private launch([command, ...args]: string[]): void {
    const { DATABASE_URL: _ignored, ...inherited } = process.env;
    this.child = spawn(command!, args, {
      env: { ...inherited, ...this.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child.stdout?.on('data', (chunk) => {
      this.output += chunk;
    });
    this.child.stderr?.on('data', (chunk) => {
      this.output += chunk;
    });
    this.child.on('exit', (code, signal) => {
      keepForLogSearch(this.output, this.port);
      this.resolveExit({ code, signal });
    });
  }

  async waitUntilHealthy(timeoutMs = 30_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      try {
        const response = await fetch(`${this.url}/api/health`);
        if (response.ok) return;
      } catch {
        // not listening yet
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`the server did not start:\n${this.output}`);
  }

  /** Resolves once the server's log shows `count` lines matching `pattern` (needs LOG_LEVEL=info). */
  async waitForLog(pattern: RegExp, count: number, timeoutMs = 10_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    const global = new RegExp(pattern.source, 'g');
    while ((this.output.match(global)?.length ?? 0) < count) {
      if (Date.now() > deadline) throw new Error(`log never showed ${count}× ${pattern}:\n${this.output}`);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  }

  signal(signal: NodeJS.Signals): void {
    this.child?.kill(signal);
  }

  async stop(): Promise<void> {
    if (this.child && this.child.exitCode === null && this.child.signalCode === null) {
      this.child.kill('SIGKILL');
      await this.exited;
    }
  }

  async post(
    call: string,
    body: unknown,
    cookie?: string,
  ): Promise<{ statusCode: number; body: any; cookie?: string }> {
    const response = await fetch(`${this.url}/api/${call}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
      body: JSON.stringify(body),
    });
    const setCookie = response.headers.get('set-cookie')?.split(';')[0];
    return { statusCode: response.status, body: await response.json(), cookie: setCookie };
  }
}
