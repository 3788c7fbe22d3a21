import { afterAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../../src/server/platform/auth/sessions';
import { agent, loggedInClient, openDatabase } from './cluster';

const store = openDatabase();
afterAll(async () => {
  await store.db.destroy();
});

describe('the proxy in front of the two servers', () => {
  it('alternates calls between the two backends', async () => {
    const visitor = agent();
    const backends: (number | undefined)[] = [];
    for (let call = 0; call < 6; call++) {
      const response = await visitor.get('/api/health');
      expect(response.statusCode).toBe(200);
      backends.push(response.backend);
    }
    expect(new Set(backends)).toEqual(new Set([0, 1]));
    for (let index = 1; index < backends.length; index++) {
      expect(backends[index]).not.toBe(backends[index - 1]);
    }
  });

  it('passes the client address in X-Forwarded-For and the servers believe it', async () => {
    const client = await loggedInClient(store);
    const other = agent();
    for (const backend of [0, 1]) {
      const response = await other.post(
        'client/login',
        { access: { email: client.email, password: 'no-es-la-contraseña' } },
        { backend, headers: { 'x-forwarded-for': `203.0.113.${backend + 10}` } },
      );
      expect(response.statusCode).toBe(401);
    }
    const keys = await store.db
      .selectFrom('login_throttle')
      .select('key')
      .where('key', 'like', 'client|ip|%')
      .execute();
    expect(keys.map((row) => row.key)).toEqual(
      expect.arrayContaining(['client|ip|203.0.113.10', 'client|ip|203.0.113.11']),
    );
  });
});

describe('sessions across instances', () => {
  it('keeps a client session started on one instance on both, and a log-out on the other ends it', async () => {
    const { agent: client, id } = await loggedInClient(store, {}, 0);
    for (const backend of [1, 0, 1]) {
      const profile = await client.post<{ profile: { id: number } }>('client/profile', {}, { backend });
      expect(profile.statusCode).toBe(200);
      expect(profile.backend).toBe(backend);
      expect(profile.body.profile.id).toBe(id);
    }
    const token = client.cookie(SESSION_COOKIE.client)!;
    expect((await client.post('client/logout', {}, { backend: 1 })).statusCode).toBe(200);
    // The browser forgot the cookie; someone who kept it must be refused by both instances.
    const kept = agent();
    kept.useCookie(SESSION_COOKIE.client, token);
    for (const backend of [0, 1]) {
      expect((await kept.post('client/profile', {}, { backend })).statusCode).toBe(401);
    }
  });

  it('keeps an admin session started on one instance on both, and a log-out on the other ends it', async () => {
    const admin = agent();
    await admin.loginAdmin({ backend: 1 });
    for (const backend of [0, 1, 0]) {
      const dashboard = await admin.post('admin/dashboard', {}, { backend });
      expect(dashboard.statusCode).toBe(200);
      expect(dashboard.backend).toBe(backend);
    }
    const token = admin.cookie(SESSION_COOKIE.admin)!;
    expect((await admin.post('admin/logout', {}, { backend: 0 })).statusCode).toBe(200);
    const kept = agent();
    kept.useCookie(SESSION_COOKIE.admin, token);
    for (const backend of [1, 0]) {
      expect((await kept.post('admin/dashboard', {}, { backend })).statusCode).toBe(401);
    }
  });
});
