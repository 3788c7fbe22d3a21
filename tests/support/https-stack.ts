import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { TLSSocket } from 'node:tls';
import { renderCaddyfile } from '../../src/ops/production-files';
import { createScratchDatabase, freePort, type ScratchDatabase, ServerProcess } from './server-process';

/**
 * Pebble (Let's Encrypt's test ACME authority) and Caddy from Debian's packages, as child
 * processes of the test: HTTPS exactly as production gets it, with a test name pointed at
 * 127.0.0.1 and a certificate the test trusts through Pebble's root.
 */

/** A child process whose output is kept for the failure message, and that dies with the test. */
export class Child {
  output = '';
  readonly exited: Promise<void>;
  private readonly process: ChildProcess;

  constructor(command: string, args: string[], env: NodeJS.ProcessEnv, cwd?: string) {
    this.process = spawn(command, args, {
      env: { ...process.env, ...env },
      cwd,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.process.stdout?.on('data', (chunk) => {
      this.output += chunk;
    });
    this.process.stderr?.on('data', (chunk) => {
      this.output += chunk;
    });
    this.exited = new Promise((resolve) => this.process.on('exit', () => resolve()));
    process.once('exit', this.kill);
  }

  private readonly kill = () => {
    this.process.kill('SIGKILL');
  };

  get running(): boolean {
    return this.process.exitCode === null && this.process.signalCode === null;
  }

  async stop(): Promise<void> {
    process.removeListener('exit', this.kill);
    if (this.running) {
      this.process.kill('SIGKILL');
      await this.exited;
    }
  }
}

/** Polls `check` until it returns a value, every 100 ms, failing with `explain()` at the deadline. */
export async function waitFor<T>(
  check: () => Promise<T | undefined>,
  timeoutMs: number,
  explain: () => string,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let lastError = '';
  while (Date.now() < deadline) {
    try {
      const value = await check();
      if (value !== undefined) return value;
    } catch (error) {
      lastError = (error as Error).message;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${explain()}\n(last error: ${lastError})`);
}

export interface HttpsAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
  /** Common name of the certificate's issuer. */
  issuer: string | undefined;
}

/** Any name resolves to 127.0.0.1: the test's stand-in for a DNS record pointing at this server. */
const toLoopback: LookupFunction = (_hostname, options, callback) => {
  if (options.all) callback(null, [{ address: '127.0.0.1', family: 4 }]);
  else callback(null, '127.0.0.1', 4);
};

/** GET over HTTPS trusting only `ca`, the name resolved to 127.0.0.1. */
export function httpsGet(url: string, ca: string): Promise<HttpsAnswer> {
  return new Promise((resolve, reject) => {
    const request = https.get(url, { ca, lookup: toLoopback, agent: false }, (response) => {
      const issuer = [(response.socket as TLSSocket).getPeerCertificate().issuer?.CN].flat()[0];
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk) => {
        body += chunk;
      });
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body, issuer }),
      );
    });
    request.setTimeout(10_000, () => request.destroy(new Error(`timeout: ${url}`)));
    request.on('error', reject);
  });
}

export interface Pebble {
  /** The ACME directory Caddy's acme_ca points at. */
  directory: string;
  /** The certificate Pebble's own HTTPS listener presents (Caddy's acme_ca_root). */
  listenerCaFile: string;
  /** Pebble's root of this run: what a browser would trust for the issued certificates. */
  root: string;
  child: Child;
}

/**
 * Starts Pebble on free ports. PEBBLE_VA_ALWAYS_VALID skips the validation of the challenges (the
 * test name has no DNS record Pebble could check); NOSLEEP skips its artificial delays.
 */
export async function startPebble(dir: string): Promise<Pebble> {
  const certFile = path.join(dir, 'pebble-listener.pem');
  const keyFile = path.join(dir, 'pebble-listener.key');
  const made = spawnSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1,DNS:localhost',
      '-keyout',
      keyFile,
      '-out',
      certFile,
    ],
    { encoding: 'utf8' },
  );
  if (made.status !== 0) throw new Error(`openssl failed: ${made.stderr}`);
  const [acmePort, managementPort] = [await freePort(), await freePort()];
  const configFile = path.join(dir, 'pebble.json');
  fs.writeFileSync(
    configFile,
    JSON.stringify({
      pebble: {
        listenAddress: `127.0.0.1:${acmePort}`,
        managementListenAddress: `127.0.0.1:${managementPort}`,
        certificate: certFile,
        privateKey: keyFile,
        httpPort: 5002,
        tlsPort: 5001,
        ocspResponderURL: '',
        externalAccountBindingRequired: false,
      },
    }),
  );
  const child = new Child('pebble', ['-config', configFile], {
    PEBBLE_VA_ALWAYS_VALID: '1',
    PEBBLE_VA_NOSLEEP: '1',
  });
  const listenerCa = fs.readFileSync(certFile, 'utf8');
  const root = await waitFor(
    async () => {
      const answer = await httpsGet(`https://127.0.0.1:${managementPort}/roots/0`, listenerCa);
      return answer.status === 200 ? answer.body : undefined;
    },
    20_000,
    () => `Pebble did not start:\n${child.output}`,
  );
  return { directory: `https://127.0.0.1:${acmePort}/dir`, listenerCaFile: certFile, root, child };
}

export interface Caddy {
  httpPort: number;
  httpsPort: number;
  /** Its admin endpoint (what `caddy reload --address` talks to). */
  adminAddress: string;
  caddyfile: string;
  child: Child;
}

/** The global options that point Caddy at Pebble on unprivileged ports (the rest is production's). */
export async function caddyTestOptions(
  pebble: Pebble,
): Promise<{ lines: string[]; httpPort: number; httpsPort: number; adminAddress: string }> {
  const [httpPort, httpsPort, adminPort] = [await freePort(), await freePort(), await freePort()];
  const adminAddress = `127.0.0.1:${adminPort}`;
  return {
    httpPort,
    httpsPort,
    adminAddress,
    lines: [
      `acme_ca ${pebble.directory}`,
      `acme_ca_root ${pebble.listenerCaFile}`,
      `http_port ${httpPort}`,
      `https_port ${httpsPort}`,
      // Not the shared default port 2019: other tests may run a Caddy at the same time.
      `admin ${adminAddress}`,
    ],
  };
}

/** Runs Caddy on a Caddyfile, its certificates and state kept in `dir`. */
export function startCaddy(
  dir: string,
  caddyfile: string,
  ports: { httpPort: number; httpsPort: number; adminAddress: string },
): Caddy {
  const file = path.join(dir, 'Caddyfile');
  fs.writeFileSync(file, caddyfile);
  const child = new Child(
    'caddy',
    ['run', '--adapter', 'caddyfile', '--config', file],
    { XDG_DATA_HOME: path.join(dir, 'data'), XDG_CONFIG_HOME: path.join(dir, 'config'), HOME: dir },
    dir,
  );
  return { ...ports, caddyfile: file, child };
}

/** Two (or more) instances on one PostgreSQL database behind Caddy over HTTPS, as `cita setup` arranges them. */
export interface CitaBehindCaddy {
  domain: string;
  pebble: Pebble;
  caddy: Caddy;
  servers: ServerProcess[];
  /** What Caddy's health check asks: the template's /readyz. */
  healthUri: string;
  /** The env each instance started with (a restarted one gets the same). */
  instanceEnv: Record<string, string>;
  siteUrl(pathname: string): string;
  /** Starts instance `index` again on its port and data folder (after it stopped). */
  startAgain(index: number): Promise<ServerProcess>;
  close(): Promise<void>;
}

export async function startCitaBehindCaddy(domain: string, instances = 2): Promise<CitaBehindCaddy> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cita-https-'));
  const dataDirs: string[] = [];
  const servers: ServerProcess[] = [];
  let database: ScratchDatabase | undefined;
  let pebble: Pebble | undefined;
  let caddy: Caddy | undefined;
  // If the runner itself dies, the instances must not outlive it (Pebble and Caddy see to themselves).
  const killServers = () => {
    for (const server of servers) server.signal('SIGKILL');
  };
  process.once('exit', killServers);
  const close = async () => {
    process.removeListener('exit', killServers);
    await caddy?.child.stop();
    await pebble?.child.stop();
    for (const server of servers) await server.stop();
    await database?.drop();
    for (const dataDir of dataDirs) fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(dir, { recursive: true, force: true });
  };
  try {
    database = await createScratchDatabase();
    pebble = await startPebble(dir);
    const options = await caddyTestOptions(pebble);
    const instanceEnv = {
      PUBLIC_URL: `https://${domain}:${options.httpsPort}`,
      TRUST_PROXY: 'loopback',
      SEED_DEMO: '0',
      LOG_LEVEL: 'info',
    };
    const scratch = database;
    const startInstance = async (index: number, port?: number) => {
      dataDirs[index] ??=
        index === 0 ? scratch.dataDir : fs.mkdtempSync(path.join(os.tmpdir(), 'cita-https-data-'));
      return ServerProcess.start({
        databaseUrl: scratch.databaseUrl,
        dataDir: dataDirs[index]!,
        port,
        env: instanceEnv,
      });
    };
    // The first migrates; the next start once that is done, as systemd would start them.
    for (let index = 0; index < instances; index++) servers.push(await startInstance(index));
    // What Caddy asks each instance before sending it traffic, as the template does (docs/design/23-online.md).
    const healthUri = '/readyz';
    caddy = startCaddy(
      dir,
      renderCaddyfile({
        domain,
        email: `ops@${domain}`,
        ports: servers.map((server) => server.port),
        healthUri,
        globalOptions: options.lines,
      }),
      options,
    );
    const started = { pebble, caddy };
    const siteUrl = (pathname: string) => `https://${domain}:${options.httpsPort}${pathname}`;
    // Ready once the certificate is issued and an instance passed its health check.
    await waitFor(
      async () =>
        (await httpsGet(siteUrl(healthUri), started.pebble.root)).status === 200 ? true : undefined,
      60_000,
      () =>
        `Caddy never served ${siteUrl(healthUri)} over HTTPS:\n${started.caddy.child.output}\n--- Pebble\n${started.pebble.child.output}`,
    );
    return {
      domain,
      pebble,
      caddy,
      servers,
      healthUri,
      instanceEnv,
      siteUrl,
      async startAgain(index) {
        servers[index] = await startInstance(index, servers[index]!.port);
        return servers[index]!;
      },
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}
