import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createScratchDatabase,
  freePort,
  type ScratchDatabase,
  ServerProcess,
} from '../../support/server-process';
import { TcpProxy } from '../../support/tcp-proxy';

// PostgreSQL only: the server reaches its database through a proxy this test can cut.
let scratch: ScratchDatabase;
let proxy: TcpProxy;
let server: ServerProcess;

beforeAll(async () => {
  scratch = await createScratchDatabase();
  const direct = new URL(scratch.databaseUrl!);
  proxy = new TcpProxy(await freePort(), { host: direct.hostname, port: Number(direct.port || 5432) });
  await proxy.listen();
  const proxied = new URL(direct);
  proxied.host = `127.0.0.1:${proxy.port}`;
  server = await ServerProcess.start({ databaseUrl: proxied.toString(), dataDir: scratch.dataDir });
});

afterAll(async () => {
  await server?.stop();
  await proxy?.cut().catch(() => undefined);
  await scratch?.drop();
});

describe('database outage', () => {
  it('answers 503 danger quickly, reports it on /api/health, and recovers by itself', async () => {
    const listed = await server.post('event/get', {});
    expect(listed.statusCode).toBe(200);
    // The public lists may come from the instance's short-lived cache; one event's details may not.
    const details = { event_id: (listed.body.events as { id: number }[])[0]!.id };

    await proxy.cut();
    const started = Date.now();
    const during = await server.post('event/details', details);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(during.statusCode).toBe(503);
    expect(during.body).toEqual({
      status: 'danger',
      message: 'El servicio no está disponible por el momento. Intenta más tarde.',
    });
    const health = await fetch(`${server.url}/api/health`);
    expect(health.status).toBe(503);
    expect((await health.json()).status).toBe('danger');
    const login = await server.post('client/login', { access: { email: 'a@b.mx', password: 'x' } });
    expect(login.statusCode).toBe(503);

    await proxy.restore();
    const deadline = Date.now() + 10_000;
    let recovered = 0;
    while (Date.now() < deadline) {
      recovered = (await server.post('event/details', details)).statusCode;
      if (recovered === 200) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(recovered).toBe(200);
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
  });
});
