import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, inject } from 'vitest';
import { buildApp } from '../../src/server/app';
import { type AppConfig, configFromEnv } from '../../src/server/platform/config';
import { prepareDatabase } from '../../src/server/seed/seed';
import { rememberPersonalValue } from './personal-values';

export const TEST_ADMIN = { email: 'admin@pruebas.mx', password: 'admin-pruebas-123' };

export interface TestApp {
  app: FastifyInstance;
  config: AppConfig;
  /** Where this app logs (debug level) in the API run; undefined elsewhere. */
  logFile: string | undefined;
  /** A new cookie jar speaking to this app. */
  agent(): Agent;
}

export interface StartedTestApp extends TestApp {
  close(): Promise<void>;
}

/**
 * A fresh app on a fresh database: a temporary SQLite file, or, when DATABASE_URL is set, a
 * new PostgreSQL database on that server that is dropped afterwards.
 */
export interface TestAppOptions {
  seedDemo?: boolean;
  env?: Record<string, string>;
  /** Runs on the empty database and data folder before the app starts (and migrates). */
  beforeBuild?: (config: AppConfig) => Promise<void>;
}

export async function startTestApp(options: TestAppOptions = {}): Promise<StartedTestApp> {
  const dataDir = fs.mkdtempSync(path.join(inject('tempRoot'), 'cita-test-'));
  const serverUrl = process.env.DATABASE_URL;
  let databaseUrl: string | undefined;
  let dropDatabase: (() => Promise<void>) | undefined;
  if (serverUrl) {
    const name = `cita_test_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    dropDatabase = async () => {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    };
  }
  // Every app logs at debug to a file of the run's, searched for members' data at the end (temp-root.ts).
  const logDir = inject('testLogDir');
  const config: AppConfig = {
    ...configFromEnv({
      DATA_DIR: dataDir,
      SEED_DEMO: options.seedDemo === false ? '0' : '1',
      ADMIN_EMAIL: TEST_ADMIN.email,
      ADMIN_PASSWORD: TEST_ADMIN.password,
      LOGIN_ATTEMPTS_PER_MINUTE: '1000',
      SIGNUPS_PER_ADDRESS: '10000',
      // Tests read the figures right after writing; admin-stats-cache.test.ts covers the cache.
      STATS_MAX_AGE_SECONDS: '0',
      LOG_LEVEL: logDir ? 'debug' : 'silent',
      WEB_DIST_DIR: path.join(dataDir, 'no-web'),
      // Payments are on where a test starts a provider and passes its address (tests/support/payments.ts).
      PAYMENTS: 'off',
      // Invoices are on where a test starts the test PAC (tests/support/invoices.ts).
      INVOICES: 'off',
      ...options.env,
    }),
    databaseUrl,
  };
  await options.beforeBuild?.(config);
  const logFile = logDir ? path.join(logDir, `${path.basename(dataDir)}.log`) : undefined;
  const app = await buildApp(config, logFile ? { logFile } : { logger: false });
  await prepareDatabase(app.db, config);
  return {
    app,
    config,
    logFile,
    agent: () => new Agent(app),
    async close() {
      await app.close();
      await dropDatabase?.();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The app a test file shares: started before its tests, closed after them. */
export interface SuiteApp extends TestApp {
  /** Its agents may be made at module level: they speak to the app once it has started. */
  /** Logged in as the test admin before the tests when `loginAdmin` is set. */
  readonly admin: Agent;
  readonly adminId: number;
}

/** Registers this file's beforeAll/afterAll around a fresh app (see `startTestApp`). */
export function setUpTestApp(options: TestAppOptions & { loginAdmin?: boolean } = {}): SuiteApp {
  let started: StartedTestApp | undefined;
  let adminId = 0;
  const running = (): StartedTestApp => {
    if (!started) throw new Error('The test app starts in beforeAll: use it inside a test or a hook');
    return started;
  };
  const admin = new Agent(() => running().app);
  beforeAll(async () => {
    started = await startTestApp(options);
    if (options.loginAdmin) adminId = await admin.loginAdmin();
  });
  afterAll(async () => {
    await started?.close();
  });
  return {
    get app() {
      return running().app;
    },
    get config() {
      return running().config;
    },
    get logFile() {
      return running().logFile;
    },
    agent: () => new Agent(() => running().app),
    admin,
    get adminId() {
      return adminId;
    },
  };
}

export interface ApiResponse<T = Record<string, any>> {
  statusCode: number;
  body: { status: string; message: string } & T;
  headers: LightMyRequestResponse['headers'];
}

/** Calls the API over HTTP semantics (Fastify inject) and keeps cookies like a browser. */
export class Agent {
  private cookies = new Map<string, string>();

  private readonly appOf: () => FastifyInstance;

  /** A function when the app starts later (see `setUpTestApp`). */
  constructor(app: FastifyInstance | (() => FastifyInstance)) {
    this.appOf = typeof app === 'function' ? app : () => app;
  }

  private get app(): FastifyInstance {
    return this.appOf();
  }

  async post<T = Record<string, any>>(
    call: string,
    body: unknown = {},
    options: { headers?: Record<string, string>; rawBody?: string | Buffer } = {},
  ): Promise<ApiResponse<T>> {
    const request = {
      method: 'POST' as const,
      url: `/api/${call}`,
      headers: {
        'content-type': 'application/json',
        cookie: this.cookieHeader(),
        ...options.headers,
      },
      payload: options.rawBody ?? JSON.stringify(body),
    };
    // A call whose kept answer may go out before routing goes over a real socket, so every suite
    // (the hostile-input sweep and the permission matrix among them) meets that door too
    // (decision 0056); inject would call Fastify's handler directly.
    const response = this.app.frontAnswers.serves(request.url)
      ? await overSocket(this.app, request)
      : await this.app.inject(request);
    this.store(response);
    let parsed: any;
    try {
      parsed = response.json();
    } catch {
      parsed = { status: 'not-json', message: response.body };
    }
    return { statusCode: response.statusCode, body: parsed, headers: response.headers };
  }

  /** A GET to any path (an absolute one such as `/api/health`), with this agent's cookies. */
  async get(
    url: string,
  ): Promise<{ statusCode: number; body: string; headers: LightMyRequestResponse['headers'] }> {
    const response = await this.app.inject({ method: 'GET', url, headers: { cookie: this.cookieHeader() } });
    this.store(response);
    return { statusCode: response.statusCode, body: response.body, headers: response.headers };
  }

  /** A GET whose answer is binary (an image): its bytes as sent. */
  async getBytes(url: string): Promise<Buffer> {
    const response = await this.app.inject({ method: 'GET', url, headers: { cookie: this.cookieHeader() } });
    return response.rawPayload;
  }

  async loginClient(email: string, password: string): Promise<number> {
    const response = await this.post<{ client_id: number }>('client/login', { access: { email, password } });
    if (response.statusCode !== 200) throw new Error(`login failed: ${response.body.message}`);
    return response.body.client_id;
  }

  async loginAdmin(email = TEST_ADMIN.email, password = TEST_ADMIN.password): Promise<number> {
    const response = await this.post<{ admin_id: number }>('admin/login', { access: { email, password } });
    if (response.statusCode !== 200) throw new Error(`admin login failed: ${response.body.message}`);
    return response.body.admin_id;
  }

  cookie(name: string): string | undefined {
    return this.cookies.get(name);
  }

  /** The Cookie header this agent sends. */
  cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  private store(response: Pick<LightMyRequestResponse, 'cookies'>): void {
    for (const cookie of response.cookies as {
      name: string;
      value: string;
      maxAge?: number;
      expires?: Date;
    }[]) {
      const expired = cookie.maxAge === 0 || (cookie.expires && cookie.expires.getTime() < Date.now());
      if (expired || cookie.value === '') this.cookies.delete(cookie.name);
      else {
        this.cookies.set(cookie.name, cookie.value);
        rememberPersonalValue(cookie.value);
      }
    }
  }
}

/** A Set-Cookie header as the agent keeps it: name, value, Max-Age and Expires. */
function cookieOf(header: string): { name: string; value: string; maxAge?: number; expires?: Date } {
  const [pair = '', ...attributes] = header.split(';').map((part) => part.trim());
  const equals = pair.indexOf('=');
  const cookie: { name: string; value: string; maxAge?: number; expires?: Date } = {
    name: pair.slice(0, equals),
    value: decodeURIComponent(pair.slice(equals + 1)),
  };
  for (const attribute of attributes) {
    const [key = '', value = ''] = attribute.split('=');
    if (key.toLowerCase() === 'max-age') cookie.maxAge = Number(value);
    if (key.toLowerCase() === 'expires') cookie.expires = new Date(value);
  }
  return cookie;
}

const listening = new WeakMap<FastifyInstance, Promise<number>>();

/** The app's port on the loopback, listening from the first call that needs a real socket. */
function portOf(app: FastifyInstance): Promise<number> {
  let port = listening.get(app);
  if (!port) {
    port = app.server.listening
      ? Promise.resolve((app.server.address() as AddressInfo).port)
      : app.listen({ port: 0, host: '127.0.0.1' }).then(() => (app.server.address() as AddressInfo).port);
    listening.set(app, port);
  }
  return port;
}

/** The same request as inject's, sent over a TCP connection to the listening app. */
async function overSocket(
  app: FastifyInstance,
  request: { method: 'POST'; url: string; headers: Record<string, string>; payload: string | Buffer },
): Promise<{
  statusCode: number;
  headers: LightMyRequestResponse['headers'];
  body: string;
  json(): any;
  cookies: LightMyRequestResponse['cookies'];
}> {
  const port = await portOf(app);
  return new Promise((resolve, reject) => {
    const outgoing = http.request(
      {
        host: '127.0.0.1',
        port,
        method: request.method,
        path: request.url,
        headers: { ...request.headers, 'content-length': Buffer.byteLength(request.payload) },
      },
      (incoming) => {
        const chunks: Buffer[] = [];
        incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
        incoming.on('error', reject);
        incoming.on('end', () => {
          const body = Buffer.concat(chunks).toString();
          resolve({
            statusCode: incoming.statusCode ?? 0,
            headers: incoming.headers as LightMyRequestResponse['headers'],
            body,
            json: () => JSON.parse(body),
            cookies: (incoming.headers['set-cookie'] ?? []).map(cookieOf),
          });
        });
      },
    );
    outgoing.on('error', reject);
    outgoing.end(request.payload);
  });
}
