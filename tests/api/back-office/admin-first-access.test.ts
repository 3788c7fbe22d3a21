import { describe, expect, it } from 'vitest';
import {
  FIRST_ACCESS_EXPIRED,
  FIRST_ACCESS_INVALID,
  issueFirstAdminLink,
} from '../../../src/server/back-office/admin-first-access';
import { setUpTestApp, TEST_ADMIN } from '../../support/test-app';

// The one-time link `cita setup` prints for the first admin of a production install.
const testApp = setUpTestApp({ seedDemo: false });
const PUBLIC_URL = 'https://cita.test';

async function issue(email: string): Promise<string> {
  const link = await issueFirstAdminLink(testApp.app.db, { email, publicUrl: PUBLIC_URL });
  expect(link).toMatch(/^https:\/\/cita\.test\/admin\/primer-acceso#[\w-]{43}$/);
  return link.split('#')[1]!;
}

describe('the first admin’s one-time link', () => {
  it('makes the admin, lets her choose her password once, and signs her in', async () => {
    const token = await issue('Duena@Club.mx');
    const agent = testApp.agent();
    const used = await agent.post<{ admin_id: number }>('admin/first-access', {
      token,
      password: 'una-clave-propia',
    });
    expect(used.statusCode).toBe(200);
    const profile = await agent.post<{ admin: { email: string } }>('admin/profile', {
      profile_id: used.body.admin_id,
    });
    expect(profile.body.admin.email).toBe('duena@club.mx');
    expect(await testApp.agent().loginAdmin('duena@club.mx', 'una-clave-propia')).toBe(used.body.admin_id);

    const again = await testApp.agent().post('admin/first-access', { token, password: 'otra-clave-mas' });
    expect({ status: again.statusCode, message: again.body.message }).toEqual({
      status: 400,
      message: FIRST_ACCESS_INVALID,
    });
  });

  it('gives an existing admin a link without making another, and ends her other sessions', async () => {
    const before = await testApp.app.db.selectFrom('admins').select('id').execute();
    const elsewhere = testApp.agent();
    await elsewhere.loginAdmin();
    const token = await issue(TEST_ADMIN.email);
    expect(await testApp.app.db.selectFrom('admins').select('id').execute()).toEqual(before);
    const used = await testApp.agent().post('admin/first-access', { token, password: 'clave-renovada-1' });
    expect(used.statusCode).toBe(200);
    expect((await elsewhere.post('admin/dashboard', {})).statusCode).toBe(401);
  });

  it('keeps only the newest link alive', async () => {
    const first = await issue('segunda@club.mx');
    const second = await issue('segunda@club.mx');
    const stale = await testApp
      .agent()
      .post('admin/first-access', { token: first, password: 'clave-segunda-1' });
    expect(stale.body.message).toBe(FIRST_ACCESS_INVALID);
    const fresh = await testApp
      .agent()
      .post('admin/first-access', { token: second, password: 'clave-segunda-1' });
    expect(fresh.statusCode).toBe(200);
  });

  it('refuses an expired link, a short password and a missing token in Spanish', async () => {
    const token = await issue('tercera@club.mx');
    const short = await testApp.agent().post('admin/first-access', { token, password: 'corta' });
    expect({ status: short.statusCode, message: short.body.message }).toMatchObject({ status: 400 });
    expect(short.body.message).toContain('al menos 8 caracteres');
    const missing = await testApp.agent().post('admin/first-access', { password: 'una-clave-larga' });
    expect(missing.statusCode).toBe(400);

    const row = await testApp.app.db
      .selectFrom('server_secrets')
      .select('value')
      .where('name', '=', 'first-admin-link')
      .executeTakeFirstOrThrow();
    const expired = { ...JSON.parse(row.value), expiresAt: new Date(Date.now() - 1000).toISOString() };
    await testApp.app.db
      .updateTable('server_secrets')
      .set({ value: JSON.stringify(expired) })
      .where('name', '=', 'first-admin-link')
      .execute();
    const late = await testApp.agent().post('admin/first-access', { token, password: 'una-clave-larga' });
    expect({ status: late.statusCode, message: late.body.message }).toEqual({
      status: 400,
      message: FIRST_ACCESS_EXPIRED,
    });
  });
});
