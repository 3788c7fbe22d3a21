import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CitaBehindCaddy, httpsGet, startCitaBehindCaddy, waitFor } from '../../support/https-stack';
import type { ServerProcess } from '../../support/server-process';

/**
 * Design.md §23's end-to-end proof: two instances on one PostgreSQL behind Caddy, configured by
 * `cita setup`'s own Caddyfile template, reached over HTTPS with a certificate Caddy obtained
 * from Pebble for a test name that resolves to this machine.
 */
let site: CitaBehindCaddy;

beforeAll(async () => {
  site = await startCitaBehindCaddy('cita.test');
}, 120_000);

afterAll(async () => {
  await site?.close();
});

describe('HTTPS through Caddy (cita setup’s Caddyfile)', () => {
  it('answers over HTTPS with a certificate Pebble issued for the domain, and HSTS', async () => {
    const answer = await httpsGet(site.siteUrl(site.healthUri), site.pebble.root);
    expect(answer.status).toBe(200);
    expect(answer.issuer).toMatch(/^Pebble Intermediate CA/);
    expect(answer.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  });

  it('sends plain HTTP to HTTPS', async () => {
    const location = await new Promise<string | undefined>((resolve, reject) => {
      http
        .get(
          { host: '127.0.0.1', port: site.caddy.httpPort, path: '/', headers: { host: site.domain } },
          (response) => {
            response.resume();
            resolve(response.statusCode === 308 ? response.headers.location : `HTTP ${response.statusCode}`);
          },
        )
        .on('error', reject);
    });
    expect(location).toBe(`https://${site.domain}/`);
  });

  it('shares the requests between both instances', async () => {
    const probes = Array.from({ length: 10 }, (_, index) => `/api/health?probe=${index}`);
    for (const probe of probes)
      expect((await httpsGet(site.siteUrl(probe), site.pebble.root)).status).toBe(200);
    // Each instance logs the requests it served; together they saw every probe, and each saw some.
    const servedBy = (server: ServerProcess) =>
      probes.filter((probe) => server.output.includes(`"url":"${probe}"`));
    const served = await waitFor(
      async () => {
        const perServer = site.servers.map(servedBy);
        return perServer.flat().length === probes.length ? perServer : undefined;
      },
      10_000,
      () =>
        `the instances' logs do not show every probe:\n${site.servers.map((server) => server.output).join('\n---\n')}`,
    );
    for (const mine of served) expect(mine.length).toBeGreaterThan(0);
  });
});
