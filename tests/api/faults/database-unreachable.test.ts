import { afterEach, describe, expect, it } from 'vitest';
import {
  createScratchDatabase,
  freePort,
  type ScratchDatabase,
  ServerProcess,
} from '../../support/server-process';

// Needs no PostgreSQL: the server is pointed at a local port where nothing listens.
let scratch: ScratchDatabase | undefined;
let server: ServerProcess | undefined;
afterEach(async () => {
  await server?.stop();
  // Only its data folder: the database the URL names was never created.
  await scratch?.drop();
});

describe('PostgreSQL unreachable at start', () => {
  it('says so in one clear line, retries for the configured time, then exits non-zero', async () => {
    scratch = await createScratchDatabase();
    const closedPort = await freePort();
    const started = Date.now();
    server = await ServerProcess.spawn({
      dataDir: scratch.dataDir,
      databaseUrl: `postgres://postgres:secreto@127.0.0.1:${closedPort}/cita`,
      env: { DATABASE_WAIT_SECONDS: '2' },
    });
    const exit = await server.exited;
    const elapsed = Date.now() - started;

    expect(exit.code).toBe(1);
    const target = `no se puede conectar a PostgreSQL en 127.0.0.1:${closedPort} (ECONNREFUSED)`;
    expect(server.output).toContain(`${target}; nuevo intento en 1 s`);
    expect(server.output).toContain(`${target}; se dejó de intentar tras`);
    // Retried for about the configured two seconds, not forever and not just once.
    expect(elapsed).toBeGreaterThanOrEqual(2_000);
    expect(elapsed).toBeLessThan(20_000);
    expect(server.output).not.toMatch(/migraci[oó]n/i);
    expect(server.output).not.toMatch(/^\s+at /m);
    expect(server.output).not.toContain('secreto');
  });
});
