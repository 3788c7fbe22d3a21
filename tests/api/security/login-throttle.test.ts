import { describe, expect, it } from 'vitest';
import { DEMO_CLIENT_EMAIL, DEMO_CLIENT_PASSWORD } from '../../../src/server/seed/demo-content';
import { setUpTestApp, TEST_ADMIN } from '../../support/test-app';

const testApp = setUpTestApp({ env: { LOGIN_ATTEMPTS_PER_MINUTE: '3' } });

/** Moves every throttle window two minutes into the past, as if the minute had gone by. */
async function letTheMinutePass() {
  await testApp.app.db
    .updateTable('login_throttle')
    .set({ window_start: new Date(Date.now() - 120_000).toISOString() })
    .execute();
}

const attempt = (call: 'client/login' | 'admin/login', email: string, password: string, ip = '10.0.0.1') =>
  testApp.agent().post(call, { access: { email, password } }, { headers: { 'x-forwarded-for': ip } });

describe('log-in throttling', () => {
  it('answers 429 in Spanish after too many attempts for one e-mail from one address, then recovers', async () => {
    for (let index = 0; index < 3; index++) {
      expect((await attempt('client/login', DEMO_CLIENT_EMAIL, 'mala', '10.0.1.9')).statusCode).toBe(401);
    }
    const throttled = await attempt('client/login', DEMO_CLIENT_EMAIL, DEMO_CLIENT_PASSWORD, '10.0.1.9');
    expect(throttled.statusCode).toBe(429);
    expect(throttled.body).toEqual({
      status: 'warning',
      message: 'Demasiados intentos de inicio de sesión. Espera un minuto y vuelve a intentarlo.',
    });
    await letTheMinutePass();
    expect(
      (await attempt('client/login', DEMO_CLIENT_EMAIL, DEMO_CLIENT_PASSWORD, '10.0.1.9')).statusCode,
    ).toBe(200);
  });

  it('throttles one address that tries many e-mails', async () => {
    const statuses: number[] = [];
    for (let index = 0; index < 19; index++) {
      statuses.push(
        (await attempt('client/login', `nadie${index}@example.mx`, 'mala', '10.0.2.1')).statusCode,
      );
    }
    expect(statuses.slice(0, 18).every((status) => status === 401)).toBe(true);
    expect(statuses[18]).toBe(429);
    expect((await attempt('client/login', 'otro@example.mx', 'mala', '10.0.2.2')).statusCode).toBe(401);
    await letTheMinutePass();
  });

  it('keeps client and admin budgets apart and throttles the admin log-in too', async () => {
    for (let index = 0; index < 3; index++) {
      await attempt('admin/login', TEST_ADMIN.email, 'mala', '10.0.3.1');
    }
    expect((await attempt('admin/login', TEST_ADMIN.email, TEST_ADMIN.password, '10.0.3.1')).statusCode).toBe(
      429,
    );
    expect((await attempt('client/login', TEST_ADMIN.email, 'mala', '10.0.3.2')).statusCode).toBe(401);
  });

  it('clears the e-mail budget after a successful log-in', async () => {
    await letTheMinutePass();
    await attempt('client/login', DEMO_CLIENT_EMAIL, 'mala', '10.0.4.1');
    await attempt('client/login', DEMO_CLIENT_EMAIL, 'mala', '10.0.4.1');
    expect(
      (await attempt('client/login', DEMO_CLIENT_EMAIL, DEMO_CLIENT_PASSWORD, '10.0.4.1')).statusCode,
    ).toBe(200);
    await attempt('client/login', DEMO_CLIENT_EMAIL, 'mala', '10.0.4.1');
    await attempt('client/login', DEMO_CLIENT_EMAIL, 'mala', '10.0.4.1');
    expect(
      (await attempt('client/login', DEMO_CLIENT_EMAIL, DEMO_CLIENT_PASSWORD, '10.0.4.1')).statusCode,
    ).toBe(200);
  });
});
