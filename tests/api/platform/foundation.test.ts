import { describe, expect, it } from 'vitest';
import { DEMO_CLIENT_EMAIL, DEMO_CLIENT_PASSWORD } from '../../../src/server/seed/demo-content';
import { setUpTestApp, TEST_ADMIN } from '../../support/test-app';

const testApp = setUpTestApp();

describe('health and demo content', () => {
  it('answers GET /api/health while the database is reachable', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'success' });
  });

  it('lists the upcoming demo events, open and sold out only, each with a day and an hour', async () => {
    const response = await testApp.agent().post<{ events: any[] }>('event/get', {});
    expect(response.statusCode).toBe(200);
    expect(response.body.status).toBe('success');
    expect(response.body.events.length).toBeGreaterThanOrEqual(6);
    for (const event of response.body.events) {
      expect([1, 2]).toContain(event.status_id);
      expect(event.day).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(event.hour).toMatch(/^\d{2}:\d{2}$/);
    }
    expect(response.body.events.some((event) => event.status_id === 2)).toBe(true);
    const names = response.body.events.map((event) => event.name);
    expect(names).not.toContain('Speed Dating de otoño');
    expect(names).not.toContain('Speed Dating 35+ en Coyoacán');
  });
});

describe('the envelope on bad input', () => {
  it('refuses malformed JSON with 400 and a Spanish message', async () => {
    const response = await testApp.agent().post('client/login', undefined, { rawBody: '{"access": {' });
    expect(response.statusCode).toBe(400);
    expect(response.body).toEqual({ status: 'warning', message: 'La solicitud no es un JSON válido' });
  });

  it('names the field when a value has the wrong type', async () => {
    const response = await testApp.agent().post('client/login', { access: { email: 42, password: 'x' } });
    expect(response.statusCode).toBe(400);
    expect(response.body.status).toBe('warning');
    expect(response.body.message).toContain('correo electrónico');
  });

  it('names the field when one is missing', async () => {
    const response = await testApp.agent().post('client/add', {
      client: {
        first_name: 'Ana',
        last_name: 'Pérez',
        email: 'ana@example.mx',
        password: 'una-clave-larga',
        privacy_consent: true,
      },
    });
    expect(response.statusCode).toBe(400);
    expect(response.body.message).toContain('fecha de nacimiento');
  });

  it('refuses a 10 MB body with 413', async () => {
    const huge = JSON.stringify({ access: { email: 'a@b.mx', password: 'x'.repeat(10 * 1024 * 1024) } });
    const response = await testApp.agent().post('client/login', undefined, { rawBody: huge });
    expect(response.statusCode).toBe(413);
    expect(response.body).toEqual({ status: 'warning', message: 'La solicitud es demasiado grande' });
  });

  it('refuses a form-encoded body (CSRF) with 415', async () => {
    const response = await testApp.agent().post('client/login', undefined, {
      rawBody: 'email=a%40b.mx&password=x',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(response.statusCode).toBe(415);
    expect(response.body.status).toBe('warning');
  });

  it('refuses a call from a foreign Origin with 403', async () => {
    const response = await testApp
      .agent()
      .post(
        'client/login',
        { access: { email: DEMO_CLIENT_EMAIL, password: DEMO_CLIENT_PASSWORD } },
        { headers: { origin: 'https://evil.example' } },
      );
    expect(response.statusCode).toBe(403);
  });

  it('answers 404 with the envelope for an unknown call', async () => {
    const response = await testApp.agent().post('client/nothing-here', {});
    expect(response.statusCode).toBe(404);
    expect(response.body).toEqual({ status: 'warning', message: 'La dirección solicitada no existe' });
  });
});

describe('sessions', () => {
  it('logs a client in with an HttpOnly cookie and out again', async () => {
    const agent = testApp.agent();
    const login = await agent.post('client/login', {
      access: { email: DEMO_CLIENT_EMAIL.toUpperCase(), password: DEMO_CLIENT_PASSWORD },
    });
    expect(login.statusCode).toBe(200);
    expect(login.body.client_id).toBeGreaterThan(0);
    expect(String(login.headers['set-cookie'])).toMatch(/cita_client=.+HttpOnly.*SameSite=Lax/i);
    expect((await agent.post('client/profile', {})).body.profile.email).toBe(DEMO_CLIENT_EMAIL);
    expect((await agent.post('client/logout', {})).statusCode).toBe(200);
    expect((await agent.post('client/profile', {})).statusCode).toBe(401);
  });

  it('refuses a wrong password with the same answer as an unknown e-mail', async () => {
    const wrong = await testApp.agent().post('client/login', {
      access: { email: DEMO_CLIENT_EMAIL, password: 'no-es-esta' },
    });
    const unknown = await testApp.agent().post('client/login', {
      access: { email: 'nadie@example.mx', password: 'no-es-esta' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.body).toEqual(unknown.body);
  });

  it('registers a client, refuses the same e-mail in other case, and starts a session', async () => {
    const agent = testApp.agent();
    const signUp = {
      first_name: 'Ana',
      last_name: 'Pérez',
      email: 'Ana.Perez@Example.mx',
      phone: '5511112222',
      birthday: '1994-05-06',
      gender: 1,
      occupation: 'Actuaria',
      instagram: '',
      password: 'una-clave-larga',
      privacy_consent: true,
    };
    const created = await agent.post('client/add', { client: signUp });
    expect(created.statusCode).toBe(200);
    expect(created.body.client_id).toBeGreaterThan(0);
    expect((await agent.post('client/profile', {})).body.profile.email).toBe('ana.perez@example.mx');
    const again = await testApp
      .agent()
      .post('client/add', { client: { ...signUp, email: 'ANA.PEREZ@example.mx' } });
    expect(again.statusCode).toBe(409);
    expect(again.body.message).toBe('Ya existe una cuenta con este correo electrónico');
  });
});

describe('permissions', () => {
  it('refuses an admin call to a visitor and to a client', async () => {
    expect((await testApp.agent().post('admin/get', {})).statusCode).toBe(401);
    const client = testApp.agent();
    await client.loginClient(DEMO_CLIENT_EMAIL, DEMO_CLIENT_PASSWORD);
    const response = await client.post('admin/get', {});
    expect(response.statusCode).toBe(401);
    expect(response.body.status).toBe('warning');
  });

  it('lets an admin call admin calls', async () => {
    const admin = testApp.agent();
    const adminId = await admin.loginAdmin();
    const response = await admin.post<{ admins: any[] }>('admin/get', { admin_id: adminId });
    expect(response.statusCode).toBe(200);
    expect(response.body.admins.map((entry) => entry.email)).toContain(TEST_ADMIN.email);
  });

  it('refuses a body client_id of another client with 403', async () => {
    const client = testApp.agent();
    const clientId = await client.loginClient(DEMO_CLIENT_EMAIL, DEMO_CLIENT_PASSWORD);
    const response = await client.post('client/profile', { client_id: clientId + 1 });
    expect(response.statusCode).toBe(403);
    expect(response.body.status).toBe('warning');
    expect((await client.post('client/profile', { client_id: clientId })).statusCode).toBe(200);
  });

  it('refuses a body admin_id of another admin with 403', async () => {
    const admin = testApp.agent();
    const adminId = await admin.loginAdmin();
    expect((await admin.post('admin/get', { admin_id: adminId + 100 })).statusCode).toBe(403);
  });
});
