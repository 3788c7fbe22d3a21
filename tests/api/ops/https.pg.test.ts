import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CitaBehindCaddy, httpsGet, startCitaBehindCaddy } from '../../support/https-stack';
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
    // Each instance counts what it served in its own /metrics (read here from this machine,
    // not through Caddy); Caddy's health checks ask /readyz, so only the probes move this count.
    const healthServed = async (server: ServerProcess) => {
      const text = await (await fetch(`${server.url}/metrics`)).text();
      const line = text
        .split('\n')
        .find(
          (candidate) =>
            candidate.startsWith('cita_http_request_duration_seconds_count{') &&
            candidate.includes('route="/api/health"') &&
            candidate.includes('status="200"'),
        );
      return line ? Number(line.split(' ').at(-1)) : 0;
    };
    const before = await Promise.all(site.servers.map(healthServed));
    const probes = 10;
    for (let probe = 0; probe < probes; probe++)
      expect((await httpsGet(site.siteUrl('/api/health'), site.pebble.root)).status).toBe(200);
    const after = await Promise.all(site.servers.map(healthServed));
    const served = after.map((count, index) => count - before[index]!);
    expect(served.reduce((sum, count) => sum + count, 0)).toBe(probes);
    for (const mine of served) expect(mine).toBeGreaterThan(0);
  });
});
