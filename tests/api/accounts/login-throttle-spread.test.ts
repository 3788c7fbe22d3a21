import { describe, expect, it } from 'vitest';
import { FIXTURE_PASSWORD, insertClient } from '../../support/admin-fixtures';
import { setUpTestApp, TEST_ADMIN } from '../../support/test-app';

// The production budget (docs/design/22-places-and-money.md): ten failures for one e-mail from one address.
const testApp = setUpTestApp({ seedDemo: false, env: { LOGIN_ATTEMPTS_PER_MINUTE: '10' } });

type LoginCall = 'client/login' | 'admin/login';

/** A log-in from one address (the app trusts X-Forwarded-For from the loopback test socket). */
const attempt = (call: LoginCall, email: string, password: string, address: string) =>
  testApp.agent().post(call, { access: { email, password } }, { headers: { 'x-forwarded-for': address } });

async function memberEmail(): Promise<string> {
  return (await insertClient(testApp.app)).email;
}

const accounts: {
  call: LoginCall;
  who: string;
  account: () => Promise<{ email: string; password: string }>;
}[] = [
  {
    call: 'client/login',
    who: 'a member',
    account: async () => ({ email: await memberEmail(), password: FIXTURE_PASSWORD }),
  },
  { call: 'admin/login', who: 'an admin', account: async () => TEST_ADMIN },
];

describe.each(accounts)('the log-in throttle of $who', ({ call, account }) => {
  it('lets the right password in from a twelfth address after eleven failures from eleven, only slower', async () => {
    const { email, password } = await account();
    const net = call === 'client/login' ? '10.1' : '10.2';
    for (let index = 1; index <= 11; index++) {
      expect((await attempt(call, email, 'mala-clave', `${net}.1.${index}`)).statusCode).toBe(401);
    }
    const started = performance.now();
    const right = await attempt(call, email, password, `${net}.1.12`);
    expect(right.statusCode).toBe(200);
    // Twelve attempts on this e-mail, two past the budget: the answer waited at least 2 × 250 ms.
    expect(performance.now() - started).toBeGreaterThanOrEqual(490);
  });

  it('answers 429 to the address that failed ten times, and still lets the owner in from another', async () => {
    const { email, password } = await account();
    const net = call === 'client/login' ? '10.3' : '10.4';
    for (let index = 0; index < 10; index++) {
      expect((await attempt(call, email, 'mala-clave', `${net}.0.1`)).statusCode).toBe(401);
    }
    const refused = await attempt(call, email, password, `${net}.0.1`);
    expect(refused.statusCode).toBe(429);
    expect(refused.body.message).toBe(
      'Demasiados intentos de inicio de sesión. Espera un minuto y vuelve a intentarlo.',
    );
    expect((await attempt(call, email, password, `${net}.0.2`)).statusCode).toBe(200);
  });
});
