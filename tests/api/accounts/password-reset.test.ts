import { describe, expect, it } from 'vitest';
import { FIXTURE_PASSWORD, insertClient } from '../../support/admin-fixtures';
import { lastMailTo, mailsTo } from '../../support/outbox';
import { waitForQueueIdle } from '../../support/queue';
import { setUpTestApp } from '../../support/test-app';
import { loggedInClient } from './helpers';

const testApp = setUpTestApp({ seedDemo: false });

const NEW_PASSWORD = 'recuperada-clave-1';

/** What a caller can observe of client/password/forgot. */
async function forgot(email: string) {
  const response = await testApp.agent().post('client/password/forgot', { email });
  return {
    statusCode: response.statusCode,
    body: response.body,
    setsCookie: 'set-cookie' in response.headers,
  };
}

/** Asks for a link and reads its token from the mail in the outbox. */
async function tokenFor(email: string): Promise<string> {
  const before = (await mailsTo(testApp.config.dataDir, email)).length;
  await forgot(email);
  const deadline = Date.now() + 5000;
  for (;;) {
    const mails = await mailsTo(testApp.config.dataDir, email);
    if (mails.length > before) {
      const match = /\/reestablecer\?token=([\w-]+)/.exec(mails[mails.length - 1]!.text ?? '');
      if (!match) throw new Error('no link in the mail');
      return match[1]!;
    }
    if (Date.now() > deadline) throw new Error('no reset mail');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('client/password/forgot', () => {
  it('answers the same for an unknown, a known, an admin-deleted and an erased e-mail', async () => {
    const known = await insertClient(testApp.app);
    const deleted = await insertClient(testApp.app);
    await testApp.app.db.updateTable('clients').set({ status_id: 2 }).where('id', '=', deleted.id).execute();
    const erased = await loggedInClient(testApp);
    await erased.agent.post('client/deactivate', { password: FIXTURE_PASSWORD });

    const unknown = await forgot('nadie.registrado@pruebas.mx');
    expect(unknown.statusCode).toBe(200);
    expect(unknown.body.status).toBe('success');
    expect(unknown.body.message).toContain('Si el correo pertenece a una cuenta');
    expect(unknown.setsCookie).toBe(false);
    expect(await forgot(known.email)).toEqual(unknown);
    expect(await forgot(deleted.email)).toEqual(unknown);
    expect(await forgot(erased.email)).toEqual(unknown);

    await lastMailTo(testApp.config.dataDir, known.email);
    expect(await mailsTo(testApp.config.dataDir, deleted.email)).toHaveLength(0);
    expect(await mailsTo(testApp.config.dataDir, erased.email)).toHaveLength(0);
  });

  it('does not wait for the database or the mail before answering a known e-mail', async () => {
    const known = await insertClient(testApp.app);
    const timings: Record<'known' | 'unknown', number[]> = { known: [], unknown: [] };
    for (let round = 0; round < 5; round++) {
      for (const [kind, email] of [
        ['known', known.email],
        ['unknown', `nadie${round}@pruebas.mx`],
      ] as const) {
        const started = performance.now();
        await forgot(email);
        timings[kind].push(performance.now() - started);
      }
    }
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
    // Loose on purpose (CI noise): what matters is that no mail or insert sits on the known path.
    expect(median(timings.known)).toBeLessThan(median(timings.unknown) + 25);
  });

  it('mails a link with a 1-hour single-use token, storing only its hash', async () => {
    const client = await insertClient(testApp.app, { first_name: 'Olvido' });
    const token = await tokenFor(client.email);
    const mail = await lastMailTo(testApp.config.dataDir, client.email);
    expect(mail.subject).toBe('Reestablece tu contraseña de Cita');
    expect(mail.text).toContain('Hola Olvido:');
    expect(mail.text).toContain(`${testApp.config.publicUrl}/reestablecer?token=${token}`);
    const rows = await testApp.app.db
      .selectFrom('password_resets')
      .selectAll()
      .where('client_id', '=', client.id)
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.token_hash).not.toContain(token);
    const minutes = (Date.parse(rows[0]!.expires_at) - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(58);
    expect(minutes).toBeLessThanOrEqual(60);
    // The queue never held the token: the job made it and mailed it.
    await waitForQueueIdle(testApp.app.db);
    const jobs = await testApp.app.db.selectFrom('jobs').selectAll().execute();
    expect(JSON.stringify(jobs)).not.toContain(token);
  });

  it('keeps at most 3 live links per account, still answering the same', async () => {
    const client = await insertClient(testApp.app);
    for (let index = 0; index < 3; index++) await tokenFor(client.email);
    const fourth = await forgot(client.email);
    expect(fourth.statusCode).toBe(200);
    await waitForQueueIdle(testApp.app.db);
    expect(await mailsTo(testApp.config.dataDir, client.email)).toHaveLength(3);
  });

  it('refuses a malformed e-mail with a Spanish 400', async () => {
    const response = await testApp.agent().post('client/password/forgot', { email: 'no-es-correo' });
    expect(response.statusCode).toBe(400);
    expect(response.body.message).toContain('correo electrónico');
  });
});

describe('client/password/reset', () => {
  it('sets the new password and ends every session', async () => {
    const { agent, id, email } = await loggedInClient(testApp);
    const token = await tokenFor(email);
    const response = await testApp.agent().post('client/password/reset', { token, password: NEW_PASSWORD });
    expect(response.statusCode).toBe(200);
    expect(response.body.status).toBe('success');
    expect((await agent.post('client/profile', {})).statusCode).toBe(401);
    expect(await testApp.agent().loginClient(email, NEW_PASSWORD)).toBe(id);
    const old = await testApp.agent().post('client/login', { access: { email, password: FIXTURE_PASSWORD } });
    expect(old.statusCode).toBe(401);
  });

  it('works once: a second use, and the other links of the account, are refused', async () => {
    const client = await insertClient(testApp.app);
    const first = await tokenFor(client.email);
    const second = await tokenFor(client.email);
    expect(
      (await testApp.agent().post('client/password/reset', { token: first, password: NEW_PASSWORD }))
        .statusCode,
    ).toBe(200);
    const again = await testApp
      .agent()
      .post('client/password/reset', { token: first, password: 'tercera-clave-1' });
    expect(again.statusCode).toBe(400);
    expect(again.body).toEqual({
      status: 'warning',
      message: 'Este enlace de recuperación ya fue usado. Solicita uno nuevo.',
    });
    const other = await testApp
      .agent()
      .post('client/password/reset', { token: second, password: 'tercera-clave-1' });
    expect(other.statusCode).toBe(400);
    expect(await testApp.agent().loginClient(client.email, NEW_PASSWORD)).toBe(client.id);
  });

  it('lets exactly one of two simultaneous uses of a link win', async () => {
    const client = await insertClient(testApp.app);
    const token = await tokenFor(client.email);
    const [first, second] = await Promise.all([
      testApp.agent().post('client/password/reset', { token, password: 'carrera-clave-1' }),
      testApp.agent().post('client/password/reset', { token, password: 'carrera-clave-2' }),
    ]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 400]);
    const winner = first.statusCode === 200 ? 'carrera-clave-1' : 'carrera-clave-2';
    expect(await testApp.agent().loginClient(client.email, winner)).toBe(client.id);
  });

  it('refuses an expired link', async () => {
    const client = await insertClient(testApp.app);
    const token = await tokenFor(client.email);
    await testApp.app.db
      .updateTable('password_resets')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('client_id', '=', client.id)
      .execute();
    const response = await testApp.agent().post('client/password/reset', { token, password: NEW_PASSWORD });
    expect(response.statusCode).toBe(400);
    expect(response.body).toEqual({
      status: 'warning',
      message: 'El enlace de recuperación expiró. Solicita uno nuevo.',
    });
    await testApp.agent().loginClient(client.email, FIXTURE_PASSWORD);
  });

  it('refuses an unknown token, and the link of an account deleted since', async () => {
    const unknown = await testApp
      .agent()
      .post('client/password/reset', { token: 'x'.repeat(43), password: NEW_PASSWORD });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.body.message).toBe('El enlace de recuperación no es válido. Solicita uno nuevo.');
    const client = await insertClient(testApp.app);
    const token = await tokenFor(client.email);
    await testApp.app.db.updateTable('clients').set({ status_id: 2 }).where('id', '=', client.id).execute();
    const deleted = await testApp.agent().post('client/password/reset', { token, password: NEW_PASSWORD });
    expect(deleted.statusCode).toBe(400);
  });

  it.each([
    [{ token: 'abc', password: 'corta' }, 'contraseña'],
    [{ token: '', password: NEW_PASSWORD }, 'enlace de recuperación'],
    [{ password: NEW_PASSWORD }, 'enlace de recuperación'],
  ])('refuses %j with a Spanish 400 naming «%s»', async (body, label) => {
    const response = await testApp.agent().post('client/password/reset', body);
    expect(response.statusCode).toBe(400);
    expect(response.body.status).toBe('warning');
    expect(response.body.message).toContain(label);
  });
});
