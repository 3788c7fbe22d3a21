import autocannon from 'autocannon';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  BACKUP_REQUIRED,
  caddyBalancer,
  type RestartableInstance,
  rollingRestart,
  run,
} from '../../../src/ops/upgrade';
import { type CitaBehindCaddy, startCitaBehindCaddy } from '../../support/https-stack';

/**
 * Design.md §23: with two instances behind Caddy, restarting them one after the other (what
 * `cita upgrade` does) loses no request under load.
 */
let site: CitaBehindCaddy;

beforeAll(async () => {
  site = await startCitaBehindCaddy('cita.test');
}, 120_000);

afterAll(async () => {
  await site?.close();
});

/** Instance `index` as the rolling restart drives it: SIGTERM, wait for the exit, start again. */
function instance(index: number): RestartableInstance {
  return {
    name: `instancia ${index + 1}`,
    port: site.servers[index]!.port,
    async restart() {
      const old = site.servers[index]!;
      old.signal('SIGTERM');
      await old.exited;
      await site.startAgain(index);
    },
    ready: async () => (await fetch(`${site.servers[index]!.url}${site.healthUri}`)).ok,
  };
}

describe('cita upgrade', () => {
  it('restarts two instances one after the other under load through Caddy without losing a request', async () => {
    let resolveSent!: (result: autocannon.Result) => void;
    const sent = new Promise<autocannon.Result>((resolve) => {
      resolveSent = resolve;
    });
    const load = autocannon(
      {
        // autocannon dials the address itself: 127.0.0.1, with the domain as SNI and Host.
        url: site.siteUrl('/api/event/get').replace(site.domain, '127.0.0.1'),
        method: 'POST',
        headers: { host: site.domain, 'content-type': 'application/json' },
        body: '{}',
        servername: site.domain,
        connections: 8,
        duration: 120,
      },
      (error, result) => {
        if (error) throw error;
        resolveSent(result);
      },
    );
    const oldPids = site.servers.map((server) => server.pid);
    try {
      await rollingRestart(
        [instance(0), instance(1)],
        caddyBalancer(site.caddy.caddyfile, site.caddy.adminAddress),
      );
    } finally {
      load.stop();
    }
    const result = await sent;
    expect(site.servers.map((server) => server.pid)).not.toContain(oldPids[0]);
    expect(site.servers.map((server) => server.pid)).not.toContain(oldPids[1]);
    expect(result.requests.total).toBeGreaterThan(100);
    expect(
      {
        errors: result.errors,
        timeouts: result.timeouts,
        non2xx: result.non2xx,
      },
      JSON.stringify(result.statusCodeStats),
    ).toEqual({
      errors: 0,
      timeouts: 0,
      non2xx: 0,
    });
  }, 150_000);

  it('refuses while no verified backup can be made, in Spanish, before touching anything', async () => {
    const printed: string[] = [];
    const spy = vi.spyOn(console, 'error').mockImplementation((...parts) => {
      printed.push(parts.join(' '));
    });
    try {
      expect(await run([])).toBe(1);
    } finally {
      spy.mockRestore();
    }
    expect(printed.join('\n')).toContain(BACKUP_REQUIRED);
  });
});
