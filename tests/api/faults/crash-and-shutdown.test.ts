import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createDatabase } from '../../../src/server/platform/db/database';
import { createScratchDatabase, type ScratchDatabase, ServerProcess } from '../../support/server-process';

let scratch: ScratchDatabase | undefined;
let server: ServerProcess | undefined;
afterEach(async () => {
  await server?.stop();
  await scratch?.drop();
  server = undefined;
  scratch = undefined;
});

function signUp(index: number) {
  return {
    client: {
      first_name: `Prueba${index}`,
      last_name: 'Carga',
      email: `carga${index}@example.mx`,
      phone: '5500000000',
      birthday: '1990-01-01',
      gender: (index % 3) + 1,
      occupation: 'Pruebas',
      instagram: '',
      password: 'una-clave-larga',
      privacy_consent: true,
    },
  };
}

describe('faults', () => {
  it('keeps every write answered with success after kill -9 in the middle of a burst', async () => {
    scratch = await createScratchDatabase();
    server = await ServerProcess.start(scratch);
    const running = server;
    const acknowledged: string[] = [];
    let next = 0;
    let killed = false;
    const worker = async () => {
      while (!killed) {
        const index = next++;
        try {
          const response = await running.post('client/add', signUp(index));
          if (response.statusCode === 200) acknowledged.push(signUp(index).client.email);
        } catch {
          // the connection died with the process: that write was never acknowledged
        }
      }
    };
    const workers = Array.from({ length: 8 }, worker);
    // Kill in the middle of the burst: once a dozen writes are acknowledged, however long that takes.
    const deadline = Date.now() + 20_000;
    while (acknowledged.length < 12 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    running.signal('SIGKILL');
    killed = true;
    await running.exited;
    await Promise.all(workers);
    expect(acknowledged.length).toBeGreaterThanOrEqual(12);

    server = await ServerProcess.start({ ...scratch, port: running.port });
    const db = createDatabase(scratch);
    try {
      const rows = await db
        .selectFrom('clients')
        .select(['email', 'first_name', 'password_hash', 'status_id'])
        .where('last_name', '=', 'Carga')
        .execute();
      const stored = new Set(rows.map((row) => row.email));
      for (const email of acknowledged) expect(stored.has(email)).toBe(true);
      for (const row of rows) {
        expect(row.password_hash).toMatch(/^\$argon2id\$/);
        expect(row.status_id).toBe(1);
      }
    } finally {
      await db.destroy();
    }
    const again = await server.post('client/login', {
      access: { email: acknowledged[0], password: 'una-clave-larga' },
    });
    expect(again.statusCode).toBe(200);
  });

  it('finishes in-flight requests on SIGTERM, then exits', async () => {
    scratch = await createScratchDatabase();
    server = await ServerProcess.start({ ...scratch, env: { LOG_LEVEL: 'info' } });
    const running = server;
    const inFlight = Array.from({ length: 12 }, (_, index) =>
      running.post('client/add', signUp(1000 + index)),
    );
    // SIGTERM once the server has received all twelve and is still hashing their passwords.
    await running.waitForLog(/"url":"\/api\/client\/add"/, 12);
    running.signal('SIGTERM');
    const responses = await Promise.all(inFlight);
    expect(responses.map((response) => response.statusCode)).toEqual(responses.map(() => 200));
    const exit = await running.exited;
    expect(exit.code).toBe(0);
    await expect(fetch(`${running.url}/api/health`)).rejects.toThrow();
  });

  it.each([
    ['node scripts/start.mjs', 'start-script'],
    ['npm start', 'npm-start'],
  ] as const)(
    'stops `%s` gracefully on SIGTERM to the pid it started with, leaving no process',
    async (_, entry) => {
      scratch = await createScratchDatabase();
      // A built web app of its own, so the start script has nothing to build.
      const web = path.join(scratch.dataDir, 'web');
      fs.mkdirSync(web);
      fs.writeFileSync(path.join(web, 'index.html'), '<!doctype html><title>Cita</title>');
      server = await ServerProcess.start({
        ...scratch,
        entry,
        env: { LOG_LEVEL: 'info', WEB_DIST_DIR: web },
      });
      const running = server;
      // Every process started with this DATA_DIR, whoever its parent is: the server runs inside the
      // process the script started (npm's own process aside), so there is nothing to orphan. tsx's
      // esbuild service (it compiles files not yet in its cache) is a pipe-bound helper that ends
      // with the server; the final check below proves it does.
      const processes = () => processesWithEnv(`DATA_DIR=${scratch?.dataDir}`);
      const others = processes().filter((pid) => pid !== running.pid && !isEsbuildService(pid));
      expect(others).toHaveLength(entry === 'npm-start' ? 1 : 0);
      expect((await fetch(`${running.url}/`)).status).toBe(200);

      const inFlight = Array.from({ length: 6 }, (_, index) =>
        running.post('client/add', signUp(2000 + index)),
      );
      await running.waitForLog(/"url":"\/api\/client\/add"/, 6);
      running.signal('SIGTERM');
      const responses = await Promise.all(inFlight);
      expect(responses.map((response) => response.statusCode)).toEqual(responses.map(() => 200));
      expect(await running.exited).toEqual({ code: 0, signal: null });
      expect(processes()).toEqual([]);
    },
  );
});

function isEsbuildService(pid: number): boolean {
  try {
    return /esbuild\0--service/.test(fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8'));
  } catch {
    return false;
  }
}

/** Pids of the live processes whose environment holds `entry` (this user's processes only). */
function processesWithEnv(entry: string): number[] {
  const found: number[] = [];
  for (const name of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const environ = fs.readFileSync(`/proc/${name}/environ`, 'utf8').split('\0');
      const state = fs.readFileSync(`/proc/${name}/stat`, 'utf8').split(') ')[1]?.[0];
      if (environ.includes(entry) && state !== 'Z') found.push(Number(name));
    } catch {
      // gone meanwhile, or not ours to read
    }
  }
  return found;
}
