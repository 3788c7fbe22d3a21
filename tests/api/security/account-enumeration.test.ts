import { describe, expect, it } from 'vitest';
import { FIXTURE_PASSWORD, insertClient } from '../../support/admin-fixtures';
import { setUpTestApp, TEST_ADMIN } from '../../support/test-app';

const testApp = setUpTestApp({ seedDemo: false });

/** What a caller can observe of a refused log-in: code, envelope and cookies. */
async function refusal(call: 'client/login' | 'admin/login', email: string, password: string) {
  const response = await testApp.agent().post(call, { access: { email, password } });
  return {
    statusCode: response.statusCode,
    body: response.body,
    setsCookie: response.headers['set-cookie'] !== undefined,
  };
}

describe('account enumeration on log-in', () => {
  it('answers an unknown e-mail, a wrong password and a deleted account the same way', async () => {
    const known = await insertClient(testApp.app);
    const deleted = await insertClient(testApp.app);
    await testApp.app.db.updateTable('clients').set({ status_id: 2 }).where('id', '=', deleted.id).execute();

    const unknown = await refusal('client/login', 'nadie.registrado@pruebas.mx', FIXTURE_PASSWORD);
    expect(unknown.statusCode).toBe(401);
    expect(unknown.setsCookie).toBe(false);
    expect(await refusal('client/login', known.email, 'no-es-su-clave')).toEqual(unknown);
    expect(await refusal('client/login', deleted.email, FIXTURE_PASSWORD)).toEqual(unknown);
  });

  it('answers the admin log-in the same for an unknown e-mail and a wrong password', async () => {
    const unknown = await refusal('admin/login', 'nadie@pruebas.mx', 'una-clave-cualquiera');
    expect(unknown.statusCode).toBe(401);
    expect(await refusal('admin/login', TEST_ADMIN.email, 'una-clave-cualquiera')).toEqual(unknown);
  });
});
