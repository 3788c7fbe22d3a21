import { describe, expect, it } from 'vitest';
import { FIXTURE_PASSWORD } from '../../support/admin-fixtures';
import { setUpTestApp } from '../../support/test-app';
import { clientRow, loggedInClient } from './helpers';

const testApp = setUpTestApp({ seedDemo: false });

const NEW_PASSWORD = 'otra-clave-nueva-1';

describe('client/password/update', () => {
  it('changes the password: the new one logs in, the old one no longer does', async () => {
    const { agent, id, email } = await loggedInClient(testApp);
    const response = await agent.post('client/password/update', {
      client_id: id,
      password: { current: FIXTURE_PASSWORD, new: NEW_PASSWORD },
    });
    expect(response.statusCode).toBe(200);
    expect(response.body.status).toBe('success');
    expect(await testApp.agent().loginClient(email, NEW_PASSWORD)).toBe(id);
    const old = await testApp.agent().post('client/login', { access: { email, password: FIXTURE_PASSWORD } });
    expect(old.statusCode).toBe(401);
  });

  it('ends the other sessions and gives this device a new session id', async () => {
    const { agent, email } = await loggedInClient(testApp);
    const otherDevice = testApp.agent();
    await otherDevice.loginClient(email, FIXTURE_PASSWORD);
    const oldCookie = agent.cookie('cita_client')!;
    const response = await agent.post('client/password/update', {
      password: { current: FIXTURE_PASSWORD, new: NEW_PASSWORD },
    });
    expect(response.statusCode).toBe(200);
    expect(agent.cookie('cita_client')).toBeDefined();
    expect(agent.cookie('cita_client')).not.toBe(oldCookie);
    expect((await agent.post('client/profile', {})).statusCode).toBe(200);
    expect((await otherDevice.post('client/profile', {})).statusCode).toBe(401);
    const replayed = await testApp.app.inject({
      method: 'POST',
      url: '/api/client/profile',
      headers: { 'content-type': 'application/json', cookie: `cita_client=${oldCookie}` },
      payload: '{}',
    });
    expect(replayed.statusCode).toBe(401);
  });

  it('refuses a wrong current password with a 400 warning and changes nothing', async () => {
    const { agent, id } = await loggedInClient(testApp);
    const before = await clientRow(testApp, id);
    const response = await agent.post('client/password/update', {
      password: { current: 'no-es-la-actual', new: NEW_PASSWORD },
    });
    expect(response.statusCode).toBe(400);
    expect(response.body).toEqual({ status: 'warning', message: 'La contraseña actual no es correcta' });
    expect((await clientRow(testApp, id)).password_hash).toBe(before.password_hash);
    expect((await agent.post('client/profile', {})).statusCode).toBe(200);
  });

  it.each([
    [{ current: FIXTURE_PASSWORD, new: 'corta' }, 'nueva contraseña'],
    [{ current: FIXTURE_PASSWORD, new: FIXTURE_PASSWORD }, 'distinta de la actual'],
    [{ current: '', new: NEW_PASSWORD }, 'contraseña actual'],
    [{ new: NEW_PASSWORD }, 'contraseña actual'],
  ])('refuses %j with a Spanish message (%s)', async (password, text) => {
    const { agent } = await loggedInClient(testApp);
    const response = await agent.post('client/password/update', { password });
    expect(response.statusCode).toBe(400);
    expect(response.body.status).toBe('warning');
    expect(response.body.message).toContain(text);
  });

  it('answers 401 to a visitor and 403 when the body names another client', async () => {
    const visitor = await testApp.agent().post('client/password/update', {
      password: { current: FIXTURE_PASSWORD, new: NEW_PASSWORD },
    });
    expect(visitor.statusCode).toBe(401);
    const me = await loggedInClient(testApp);
    const other = await loggedInClient(testApp);
    const response = await me.agent.post('client/password/update', {
      client_id: other.id,
      password: { current: FIXTURE_PASSWORD, new: NEW_PASSWORD },
    });
    expect(response.statusCode).toBe(403);
    await testApp.agent().loginClient(other.email, FIXTURE_PASSWORD);
    await testApp.agent().loginClient(me.email, FIXTURE_PASSWORD);
  });
});
