import { describe, expect, it } from 'vitest';
import { FIXTURE_PASSWORD, insertClient } from '../../support/admin-fixtures';
import { setUpTestApp } from '../../support/test-app';
import { loggedInClient } from './helpers';

const testApp = setUpTestApp({ seedDemo: false, env: { LOGIN_ATTEMPTS_PER_MINUTE: '3' } });

describe('budgets of the account calls', () => {
  it('answers 429 in Spanish past the per-e-mail budget of client/password/forgot, known or not', async () => {
    const known = await insertClient(testApp.app);
    for (const email of [known.email, 'nadie.tampoco@pruebas.mx']) {
      const codes: number[] = [];
      for (let attempt = 0; attempt < 4; attempt++) {
        codes.push((await testApp.agent().post('client/password/forgot', { email })).statusCode);
      }
      expect(codes).toEqual([200, 200, 200, 429]);
    }
    const refused = await testApp.agent().post('client/password/forgot', { email: known.email });
    expect(refused.body).toEqual({
      status: 'warning',
      message: 'Demasiados intentos. Espera un minuto y vuelve a intentarlo.',
    });
  });

  it('stops guessing the own password through a session after the budget, even with the right one', async () => {
    const { agent } = await loggedInClient(testApp);
    for (let attempt = 0; attempt < 2; attempt++) {
      expect((await agent.post('client/deactivate', { password: `intento-${attempt}` })).statusCode).toBe(
        400,
      );
    }
    const third = await agent.post('client/password/update', {
      password: { current: 'intento-3', new: 'otra-clave-larga' },
    });
    expect(third.statusCode).toBe(400);
    const fourth = await agent.post('client/deactivate', { password: FIXTURE_PASSWORD });
    expect(fourth.statusCode).toBe(429);
    expect((await agent.post('client/profile', {})).body.profile.status_id).toBe(1);
  });
});
