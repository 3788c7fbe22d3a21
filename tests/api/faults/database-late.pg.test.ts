import { afterAll, describe, expect, it } from 'vitest';
import {
  createScratchDatabase,
  freePort,
  type ScratchDatabase,
  ServerProcess,
} from '../../support/server-process';
import { TcpProxy } from '../../support/tcp-proxy';

// PostgreSQL only: the server starts while its database (reached through a proxy) is not there yet.
let scratch: ScratchDatabase | undefined;
let proxy: TcpProxy | undefined;
let server: ServerProcess | undefined;

afterAll(async () => {
  await server?.stop();
  await proxy?.cut().catch(() => undefined);
  await scratch?.drop();
});

describe('PostgreSQL late at start', () => {
  it('keeps trying while the database is down and starts once it answers within the wait', async () => {
    scratch = await createScratchDatabase();
    const direct = new URL(scratch.databaseUrl!);
    proxy = new TcpProxy(await freePort(), { host: direct.hostname, port: Number(direct.port || 5432) });
    const proxied = new URL(direct);
    proxied.host = `127.0.0.1:${proxy.port}`;
    server = await ServerProcess.spawn({
      databaseUrl: proxied.toString(),
      dataDir: scratch.dataDir,
      env: { DATABASE_WAIT_SECONDS: '30' },
    });

    // The server has been refused at least twice before the database appears.
    await server.waitForLog(
      /no se puede conectar a PostgreSQL en 127\.0\.0\.1:\d+ \(ECONNREFUSED\)/,
      2,
      20_000,
    );
    await proxy.listen();
    await server.waitUntilHealthy();
    expect((await server.post('event/get', {})).statusCode).toBe(200);
    expect(server.output).not.toContain('se dejó de intentar');
  });
});
