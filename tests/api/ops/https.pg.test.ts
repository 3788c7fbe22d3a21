import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderCaddyfile } from '../../../src/ops/production-files';
import {
  type Caddy,
  caddyTestOptions,
  httpsGet,
  type Pebble,
  startCaddy,
  startPebble,
  waitFor,
} from '../../support/https-stack';
import { createScratchDatabase, type ScratchDatabase, ServerProcess } from '../../support/server-process';

/**
 * Design.md §23's end-to-end proof: two instances on one PostgreSQL behind Caddy, configured by
 * `cita setup`'s own Caddyfile template, reached over HTTPS with a certificate Caddy obtained
 * from Pebble for a test name that resolves to this machine.
 */
const DOMAIN = 'cita.test';

let dir: string;
let database: ScratchDatabase;
let secondDataDir: string;
const servers: ServerProcess[] = [];
let pebble: Pebble | undefined;
let caddy: Caddy | undefined;
let healthUri: string;

/** What Caddy asks each instance: /readyz (design.md §23), /api/health where /readyz is not built yet. */
async function healthPathOf(server: ServerProcess): Promise<string> {
  const response = await fetch(`${server.url}/readyz`);
  return response.status === 404 ? '/api/health' : '/readyz';
}

const siteUrl = (pathname: string) => `https://${DOMAIN}:${caddy!.httpsPort}${pathname}`;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cita-https-'));
  database = await createScratchDatabase();
  secondDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cita-https-second-'));
  pebble = await startPebble(dir);
  const options = await caddyTestOptions(pebble);
  const env = {
    PUBLIC_URL: `https://${DOMAIN}:${options.httpsPort}`,
    TRUST_PROXY: 'loopback',
    SEED_DEMO: '0',
    LOG_LEVEL: 'info',
  };
  // The first migrates; the second starts once that is done, as systemd would start them.
  servers.push(
    await ServerProcess.start({ databaseUrl: database.databaseUrl, dataDir: database.dataDir, env }),
  );
  servers.push(await ServerProcess.start({ databaseUrl: database.databaseUrl, dataDir: secondDataDir, env }));
  healthUri = await healthPathOf(servers[0]!);
  const caddyfile = renderCaddyfile({
    domain: DOMAIN,
    email: 'ops@cita.test',
    ports: servers.map((server) => server.port),
    healthUri,
    globalOptions: options.lines,
  });
  caddy = startCaddy(dir, caddyfile, options);
  // Ready once the certificate is issued and an instance passed its health check.
  await waitFor(
    async () => ((await httpsGet(siteUrl(healthUri), pebble!.root)).status === 200 ? true : undefined),
    60_000,
    () =>
      `Caddy never served ${siteUrl(healthUri)} over HTTPS:\n${caddy?.child.output}\n--- Pebble\n${pebble?.child.output}`,
  );
}, 120_000);

afterAll(async () => {
  await caddy?.child.stop();
  await pebble?.child.stop();
  for (const server of servers) await server.stop();
  await database?.drop();
  fs.rmSync(secondDataDir, { recursive: true, force: true });
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('HTTPS through Caddy (cita setup’s Caddyfile)', () => {
  it('answers over HTTPS with a certificate Pebble issued for the domain, and HSTS', async () => {
    const answer = await httpsGet(siteUrl(healthUri), pebble!.root);
    expect(answer.status).toBe(200);
    expect(answer.issuer).toMatch(/^Pebble Intermediate CA/);
    expect(answer.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  });

  it('sends plain HTTP to HTTPS', async () => {
    const location = await new Promise<string | undefined>((resolve, reject) => {
      http
        .get(
          { host: '127.0.0.1', port: caddy!.httpPort, path: '/', headers: { host: DOMAIN } },
          (response) => {
            response.resume();
            resolve(response.statusCode === 308 ? response.headers.location : `HTTP ${response.statusCode}`);
          },
        )
        .on('error', reject);
    });
    expect(location).toBe(`https://${DOMAIN}/`);
  });

  it('shares the requests between both instances', async () => {
    const probes = Array.from({ length: 10 }, (_, index) => `/api/health?probe=${index}`);
    for (const probe of probes) expect((await httpsGet(siteUrl(probe), pebble!.root)).status).toBe(200);
    // Each instance logs the requests it served; together they saw every probe, and each saw some.
    const servedBy = (server: ServerProcess) =>
      probes.filter((probe) => server.output.includes(`"url":"${probe}"`));
    const served = await waitFor(
      async () => {
        const perServer = servers.map(servedBy);
        return perServer.flat().length === probes.length ? perServer : undefined;
      },
      10_000,
      () =>
        `the instances' logs do not show every probe:\n${servers.map((server) => server.output).join('\n---\n')}`,
    );
    for (const mine of served) expect(mine.length).toBeGreaterThan(0);
  });
});
