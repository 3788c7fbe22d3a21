import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_CLIENT_EMAIL, DEMO_CLIENT_PASSWORD } from '../../../src/server/seed/demo-content';
import { createScratchDatabase, type ScratchDatabase, ServerProcess } from '../../support/server-process';

// SQLite only: another process (this test) holds the file's write lock while the server writes.
let scratch: ScratchDatabase;
let server: ServerProcess;

beforeAll(async () => {
  scratch = await createScratchDatabase();
  server = await ServerProcess.start(scratch);
});

afterAll(async () => {
  await server?.stop();
  await scratch?.drop();
});

const profile = {
  first_name: 'Mariana',
  last_name: 'Espera',
  gender: 1,
  birthday: '1994-03-12',
  phone: '5512345601',
  instagram: '',
  occupation: 'Diseñadora',
};

describe('SQLite write lock held by another process', () => {
  it('makes an API write wait for the lock and then succeed, instead of answering 503', async () => {
    const login = await server.post('client/login', {
      access: { email: DEMO_CLIENT_EMAIL, password: DEMO_CLIENT_PASSWORD },
    });
    expect(login.statusCode).toBe(200);

    const other = new SQLite(path.join(scratch.dataDir, 'cita.sqlite'));
    try {
      // A real concurrent writer: it changes rows the server's transaction reads, then commits.
      other.exec('begin immediate');
      other.prepare('update clients set occupation = ? where email = ?').run('Bloqueada', DEMO_CLIENT_EMAIL);
      const started = Date.now();
      const update = server.post('client/profile/update', { profile }, login.cookie);
      const held = 1_000;
      await new Promise((resolve) => setTimeout(resolve, held));
      other.exec('commit');

      const response = await update;
      expect(response.body).toMatchObject({ status: 'success' });
      expect(response.statusCode).toBe(200);
      // It answered only once the lock was released: it waited rather than failing fast.
      expect(Date.now() - started).toBeGreaterThanOrEqual(held);
    } finally {
      if (other.inTransaction) other.exec('rollback');
      other.close();
    }
    const stored = await server.post('client/profile', {}, login.cookie);
    expect(stored.body.profile).toMatchObject({ last_name: 'Espera', occupation: 'Diseñadora' });
  });
});
