import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { DEMO_CLIENT_EMAIL, DEMO_CLIENT_PASSWORD } from '../../../src/server/seed/demo-content';
import { setUpTestApp } from '../../support/test-app';

const testApp = setUpTestApp();

const login = { access: { email: DEMO_CLIENT_EMAIL, password: DEMO_CLIENT_PASSWORD } };

describe('security headers', () => {
  it('give pages a CSP without inline scripts, frame-ancestors none, nosniff and a referrer policy', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/images/events/no-existe.webp' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(response.headers['cross-origin-opener-policy']).toBe('same-origin');
  });

  it('give JSON answers a policy that loads and frames nothing, nosniff and same-origin reads', async () => {
    const response = await testApp.agent().post('event/get', {});
    expect(response.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['cross-origin-resource-policy']).toBe('same-origin');
  });
});

describe('compressed list answers (decision 0054)', () => {
  const brotli = async (call: string, body: object, cookie?: string) => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: `/api/${call}`,
      headers: { 'content-type': 'application/json', 'accept-encoding': 'br', ...(cookie ? { cookie } : {}) },
      payload: body,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    return JSON.parse(zlib.brotliDecompressSync(response.rawPayload).toString('utf8'));
  };

  it("come compressed to a visitor, to a member (her own list) and to the back office's view", async () => {
    expect((await brotli('adverts/get', {})).adverts.length).toBeGreaterThan(0);
    const member = testApp.agent();
    const clientId = await member.loginClient(DEMO_CLIENT_EMAIL, DEMO_CLIENT_PASSWORD);
    const hers = await brotli(
      'adverts/get',
      { client_id: clientId },
      `cita_client=${member.cookie('cita_client')}`,
    );
    expect(hers.status).toBe('success');
    const admin = testApp.agent();
    const adminId = await admin.loginAdmin();
    const view = await brotli('event/get', { admin_id: adminId }, `cita_admin=${admin.cookie('cita_admin')}`);
    expect(view.page_size).toBeGreaterThan(0);
  });
});

describe('session cookies', () => {
  it('are HttpOnly and SameSite=Lax, and Secure behind a TLS proxy', async () => {
    const plain = await testApp.agent().post('client/login', login);
    const plainCookie = String(plain.headers['set-cookie']);
    expect(plainCookie).toMatch(/HttpOnly/i);
    expect(plainCookie).toMatch(/SameSite=Lax/i);
    expect(plainCookie).not.toMatch(/Secure/i);
    const tls = await testApp
      .agent()
      .post('client/login', login, { headers: { 'x-forwarded-proto': 'https' } });
    expect(String(tls.headers['set-cookie'])).toMatch(/Secure/i);
  });

  it('gets a new session id on every log-in and revokes the old one (no fixation)', async () => {
    const agent = testApp.agent();
    await agent.loginClient(DEMO_CLIENT_EMAIL, DEMO_CLIENT_PASSWORD);
    const first = agent.cookie('cita_client');
    await agent.loginClient(DEMO_CLIENT_EMAIL, DEMO_CLIENT_PASSWORD);
    const second = agent.cookie('cita_client');
    expect(second).toBeDefined();
    expect(second).not.toBe(first);
    const replay = await testApp
      .agent()
      .post('client/profile', {}, { headers: { cookie: `cita_client=${first}` } });
    expect(replay.statusCode).toBe(401);
  });

  it('ignores a session id the attacker planted before log-in', async () => {
    const planted = 'attacker-chosen-session-id';
    const victim = await testApp
      .agent()
      .post('client/login', login, { headers: { cookie: `cita_client=${planted}` } });
    expect(victim.statusCode).toBe(200);
    expect(String(victim.headers['set-cookie'])).not.toContain(planted);
    const attacker = await testApp
      .agent()
      .post('client/profile', {}, { headers: { cookie: `cita_client=${planted}` } });
    expect(attacker.statusCode).toBe(401);
  });

  it('revokes the session on logout, so the old cookie no longer works', async () => {
    const agent = testApp.agent();
    await agent.loginClient(DEMO_CLIENT_EMAIL, DEMO_CLIENT_PASSWORD);
    const cookie = agent.cookie('cita_client');
    await agent.post('client/logout', {});
    const replay = await testApp
      .agent()
      .post('client/profile', {}, { headers: { cookie: `cita_client=${cookie}` } });
    expect(replay.statusCode).toBe(401);
  });

  it('stores sessions hashed, never the cookie value', async () => {
    const agent = testApp.agent();
    await agent.loginClient(DEMO_CLIENT_EMAIL, DEMO_CLIENT_PASSWORD);
    const cookie = agent.cookie('cita_client')!;
    const stored = await testApp.app.db.selectFrom('sessions').select('id_hash').execute();
    expect(stored.map((row) => row.id_hash)).not.toContain(cookie);
  });

  it('refuses a text/plain POST (CSRF) with 415', async () => {
    const response = await testApp.agent().post('client/login', undefined, {
      rawBody: JSON.stringify(login),
      headers: { 'content-type': 'text/plain' },
    });
    expect(response.statusCode).toBe(415);
    // Refused before any route runs, the answer still carries the security headers.
    expect(response.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('refuses a call sent from another site with 403, with its security headers', async () => {
    const response = await testApp.agent().post('client/login', login, {
      headers: { origin: 'https://otro-sitio.example' },
    });
    expect(response.statusCode).toBe(403);
    expect(response.body.message).toBe('La solicitud viene de un sitio no permitido');
    expect(response.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
  });
});
