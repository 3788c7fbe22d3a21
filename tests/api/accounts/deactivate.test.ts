import { describe, expect, it } from 'vitest';
import { eraseClient } from '../../../src/server/accounts/account';
import { MemberStatusHooks } from '../../../src/server/accounts/member-status-hooks';
import type { PersonalDataDeclaration } from '../../../src/server/platform/personal-data';
import { FIXTURE_PASSWORD } from '../../support/admin-fixtures';
import { mailsTo } from '../../support/outbox';
import { waitForQueueIdle } from '../../support/queue';
import { setUpTestApp } from '../../support/test-app';
import { memberInEveryTable, tracesLeft } from '../platform/erasure-proof';
import { clientRow, loggedInClient, quizAnswers, scoringChanges } from './helpers';

const testApp = setUpTestApp({ seedDemo: false, loginAdmin: true });
const { admin } = testApp;

/**
 * A client whose advert an admin approved (so the audit trail holds a copy of its text) and who
 * answered the quiz. What erasure does to every other table is proved generically by
 * tests/api/platform/erasure-proved.test.ts.
 */
async function clientWithApprovedAdvert() {
  const me = await loggedInClient(testApp, { gender: 1, birthday: '1990-05-05' });
  const other = await loggedInClient(testApp, { gender: 2 });
  await me.agent.post('client/advert/update', {
    advert: { status_id: 1, description_update: 'Me gusta el cine' },
  });
  const { id: advertId } = await testApp.app.db
    .selectFrom('adverts')
    .select('id')
    .where('client_id', '=', me.id)
    .executeTakeFirstOrThrow();
  const approved = await admin.post('admin/clients/update', {
    advert: { id: advertId, status_id: 1, description: 'Me gusta el cine' },
  });
  expect(approved.statusCode).toBe(200);
  await me.agent.post('client/quizz/add', { quizz: quizAnswers(0) });
  return { me, other, advertId };
}

describe('client/deactivate', () => {
  it('erases the personal data, keeps a status 3 tombstone and ends every session', async () => {
    const { me, other, advertId } = await clientWithApprovedAdvert();
    const secondDevice = testApp.agent();
    await secondDevice.loginClient(me.email, FIXTURE_PASSWORD);
    const changesBefore = await scoringChanges(testApp, me.id);

    const response = await me.agent.post('client/deactivate', {
      client_id: me.id,
      password: FIXTURE_PASSWORD,
    });
    expect(response.statusCode).toBe(200);
    expect(response.body.status).toBe('success');

    const row = await clientRow(testApp, me.id);
    expect(row).toMatchObject({
      first_name: 'Cuenta',
      last_name: 'eliminada',
      email: `borrado-${me.id}@cuenta-eliminada.invalid`,
      phone: '',
      instagram: '',
      occupation: '',
      birthday: null,
      status_id: 3,
    });
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
    // The audit trail keeps that an advert was approved, not its text.
    const audit = await testApp.app.db
      .selectFrom('audit_log')
      .select(['action', 'before_json', 'after_json'])
      .where('entity', '=', 'advert')
      .where('entity_id', '=', advertId)
      .execute();
    expect(audit.map((entry) => entry.action)).toEqual(['advert.approve']);
    expect(JSON.stringify(audit)).not.toContain('cine');
    expect(await scoringChanges(testApp, me.id)).toBe(changesBefore + 1);

    expect((await me.agent.post('client/profile', {})).statusCode).toBe(401);
    expect((await secondDevice.post('client/profile', {})).statusCode).toBe(401);
    // The other person is untouched.
    expect((await clientRow(testApp, other.id)).status_id).toBe(1);
  });

  it('refuses a log-in with the old e-mail exactly like an unknown one', async () => {
    const { agent, email } = await loggedInClient(testApp);
    await agent.post('client/deactivate', { password: FIXTURE_PASSWORD });
    const old = await testApp.agent().post('client/login', { access: { email, password: FIXTURE_PASSWORD } });
    const unknown = await testApp
      .agent()
      .post('client/login', { access: { email: 'nadie.aqui@pruebas.mx', password: FIXTURE_PASSWORD } });
    expect(old.statusCode).toBe(401);
    expect(old.body).toEqual(unknown.body);
  });

  it('sends no reset link to the old e-mail', async () => {
    const { agent, email } = await loggedInClient(testApp);
    await agent.post('client/deactivate', { password: FIXTURE_PASSWORD });
    const response = await testApp.agent().post('client/password/forgot', { email });
    expect(response.statusCode).toBe(200);
    await waitForQueueIdle(testApp.app.db);
    expect(await mailsTo(testApp.config.dataDir, email)).toHaveLength(0);
  });

  it('keeps its promise: the same e-mail cannot sign up again (409)', async () => {
    const { agent, email } = await loggedInClient(testApp);
    await agent.post('client/deactivate', { password: FIXTURE_PASSWORD });
    const again = await testApp.agent().post('client/add', {
      client: {
        first_name: 'Otra',
        last_name: 'Vez',
        email,
        birthday: '1990-01-01',
        password: 'una-clave-larga',
        privacy_consent: true,
      },
    });
    expect(again.statusCode).toBe(409);
    expect(again.body.message).toContain('cuenta eliminada');
  });

  it('refuses a wrong password with 400 and erases nothing', async () => {
    const { agent, id } = await loggedInClient(testApp);
    const before = await clientRow(testApp, id);
    const response = await agent.post('client/deactivate', { password: 'no-es-la-mia' });
    expect(response.statusCode).toBe(400);
    expect(response.body).toEqual({ status: 'warning', message: 'La contraseña actual no es correcta' });
    expect(await clientRow(testApp, id)).toEqual(before);
    expect((await agent.post('client/profile', {})).statusCode).toBe(200);
  });

  it('is all or nothing: a domain failing mid-erasure leaves every row as it was', async () => {
    const { app } = testApp;
    const { member } = await memberInEveryTable(app, app.personalData);
    const traces = await tracesLeft(app.db, app.personalData, member);
    const failing: PersonalDataDeclaration = {
      domain: 'failing',
      tables: {},
      exportSections: async () => ({}),
      erase: async () => {
        throw new Error('disk full');
      },
    };
    // After every other domain's erasure, before the account row is anonymised.
    const registry = [...app.personalData.slice(0, -1), failing, ...app.personalData.slice(-1)];
    await expect(
      eraseClient(
        app.db,
        registry,
        app.config,
        app.config.emailHashKey,
        member.id,
        FIXTURE_PASSWORD,
        new MemberStatusHooks(),
      ),
    ).rejects.toThrow('disk full');
    expect((await clientRow(testApp, member.id)).status_id).toBe(1);
    expect(traces.length).toBeGreaterThan(10);
    expect(await tracesLeft(app.db, app.personalData, member)).toEqual(traces);
  });

  it('refuses a missing password with a Spanish message', async () => {
    const { agent } = await loggedInClient(testApp);
    const response = await agent.post('client/deactivate', {});
    expect(response.statusCode).toBe(400);
    expect(response.body.message).toContain('contraseña');
  });

  it('answers 401 to a visitor and 403 when the body names another client', async () => {
    expect((await testApp.agent().post('client/deactivate', { password: FIXTURE_PASSWORD })).statusCode).toBe(
      401,
    );
    const me = await loggedInClient(testApp);
    const other = await loggedInClient(testApp);
    const response = await me.agent.post('client/deactivate', {
      client_id: other.id,
      password: FIXTURE_PASSWORD,
    });
    expect(response.statusCode).toBe(403);
    expect((await clientRow(testApp, other.id)).status_id).toBe(1);
    expect((await clientRow(testApp, me.id)).status_id).toBe(1);
  });
});
