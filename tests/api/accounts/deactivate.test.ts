import { describe, expect, it } from 'vitest';
import { eraseClient } from '../../../src/server/accounts/account';
import type { PersonalDataDeclaration } from '../../../src/server/platform/personal-data';
import { FIXTURE_PASSWORD, insertEvent, signUp } from '../../support/admin-fixtures';
import { mailsTo } from '../../support/outbox';
import { waitForQueueIdle } from '../../support/queue';
import { setUpTestApp } from '../../support/test-app';
import { clientRow, loggedInClient, quizAnswers, scoringChanges } from './helpers';

const testApp = setUpTestApp({ seedDemo: false, loginAdmin: true });
const { admin } = testApp;

/** A client with something in every table that holds personal data. */
async function clientWithEverything() {
  const me = await loggedInClient(testApp, { gender: 1, birthday: '1990-05-05' });
  const other = await loggedInClient(testApp, { gender: 2 });
  const { db } = testApp.app;
  const now = new Date().toISOString();
  await me.agent.post('client/advert/update', {
    advert: { status_id: 1, description_update: 'Me gusta el cine' },
  });
  const { id: advertId } = await db
    .selectFrom('adverts')
    .select('id')
    .where('client_id', '=', me.id)
    .executeTakeFirstOrThrow();
  // An admin approved it, so the audit trail holds a copy of the text.
  const approved = await admin.post('admin/clients/update', {
    advert: { id: advertId, status_id: 1, description: 'Me gusta el cine' },
  });
  expect(approved.statusCode).toBe(200);
  await db
    .insertInto('interests')
    .values([
      { client_id: me.id, target_client_id: other.id, status_id: 2, contacted: 0, created_at: now },
      { client_id: other.id, target_client_id: me.id, status_id: 2, contacted: 0, created_at: now },
    ])
    .execute();
  await me.agent.post('client/quizz/add', { quizz: quizAnswers(0) });
  await db
    .insertInto('quiz_pair_contacts')
    .values({ client_a: Math.min(me.id, other.id), client_b: Math.max(me.id, other.id), contacted: 1 })
    .execute();
  const eventId = await insertEvent(testApp.app);
  await signUp(testApp.app, eventId, me.id);
  await db
    .insertInto('picks')
    .values([
      { event_id: eventId, client_id: me.id, target_client_id: other.id, pick: 1, updated_at: now },
      { event_id: eventId, client_id: other.id, target_client_id: me.id, pick: 1, updated_at: now },
    ])
    .execute();
  await testApp.agent().post('client/password/forgot', { email: me.email });
  await waitFor(async () => (await resetRows(me.id)) > 0);
  return { me, other, advertId };
}

async function resetRows(clientId: number): Promise<number> {
  const rows = await testApp.app.db
    .selectFrom('password_resets')
    .select('client_id')
    .where('client_id', '=', clientId)
    .execute();
  return rows.length;
}

async function waitFor(check: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + 5000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function count(table: 'adverts' | 'quiz_answers' | 'assistance', clientId: number): Promise<number> {
  const rows = await testApp.app.db
    .selectFrom(table)
    .select('client_id')
    .where('client_id', '=', clientId)
    .execute();
  return rows.length;
}

describe('client/deactivate', () => {
  it('erases the personal data, keeps a status 3 tombstone and ends every session', async () => {
    const { me, other, advertId } = await clientWithEverything();
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
    const { db } = testApp.app;
    expect(await count('adverts', me.id)).toBe(0);
    expect(await count('quiz_answers', me.id)).toBe(0);
    expect(await count('assistance', me.id)).toBe(0);
    expect(await resetRows(me.id)).toBe(0);
    const interests = await db
      .selectFrom('interests')
      .select('id')
      .where((eb) => eb.or([eb('client_id', '=', me.id), eb('target_client_id', '=', me.id)]))
      .execute();
    expect(interests).toHaveLength(0);
    const pairs = await db
      .selectFrom('quiz_pair_contacts')
      .select('contacted')
      .where((eb) => eb.or([eb('client_a', '=', me.id), eb('client_b', '=', me.id)]))
      .execute();
    expect(pairs).toHaveLength(0);
    const picks = await db
      .selectFrom('picks')
      .select('pick')
      .where((eb) => eb.or([eb('client_id', '=', me.id), eb('target_client_id', '=', me.id)]))
      .execute();
    expect(picks).toHaveLength(0);
    const audit = await db
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
    const { me, advertId } = await clientWithEverything();
    const { app } = testApp;
    const failing: PersonalDataDeclaration = {
      domain: 'failing',
      tables: {},
      exportSections: async () => ({}),
      erase: async () => {
        throw new Error('disk full');
      },
    };
    // After events, picks and quiz answers have gone, before the account row is anonymised.
    const registry = [...app.personalData.slice(0, -1), failing, ...app.personalData.slice(-1)];
    await expect(
      eraseClient(app.db, registry, app.config, app.config.emailHashKey, me.id, FIXTURE_PASSWORD),
    ).rejects.toThrow('disk full');
    expect((await clientRow(testApp, me.id)).status_id).toBe(1);
    expect(await count('adverts', me.id)).toBe(1);
    expect(await count('quiz_answers', me.id)).toBe(1);
    expect(await count('assistance', me.id)).toBe(1);
    const picks = await app.db.selectFrom('picks').select('pick').where('client_id', '=', me.id).execute();
    expect(picks).toHaveLength(1);
    const advert = await app.db.selectFrom('adverts').select('id').where('id', '=', advertId).execute();
    expect(advert).toHaveLength(1);
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
