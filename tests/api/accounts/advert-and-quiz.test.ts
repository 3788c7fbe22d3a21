import { describe, expect, it } from 'vitest';
import { type Agent, setUpTestApp } from '../../support/test-app';
import { loggedInClient, quizAnswers } from './helpers';

const testApp = setUpTestApp({ seedDemo: false, loginAdmin: true });
const { admin } = testApp;

async function advertOf(agent: Agent) {
  const response = await agent.post('client/advert/get', {});
  expect(response.statusCode).toBe(200);
  return response.body.advert;
}

describe('client/advert/get and client/advert/update', () => {
  it('has no advert until the first request, which stays hidden and pending', async () => {
    const { agent, id } = await loggedInClient(testApp, { first_name: 'Paula', last_name: 'Soto' });
    expect(await advertOf(agent)).toBeNull();
    const response = await agent.post('client/advert/update', {
      advert: { client_id: id, status_id: 1, description_update: '  Me encanta bailar salsa  ' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.body.status).toBe('success');
    expect(await advertOf(agent)).toMatchObject({
      client_id: id,
      client: 'Paula Soto',
      status_id: 2,
      description: '',
      description_update: 'Me encanta bailar salsa',
      status_update: 1,
    });
  });

  it('leaves the published text until an admin approves the pending one', async () => {
    const { agent } = await loggedInClient(testApp);
    await agent.post('client/advert/update', {
      advert: { status_id: 1, description_update: 'Primer texto' },
    });
    const { id } = await advertOf(agent);
    await admin.post('admin/clients/update', { advert: { id, status_id: 1, description: 'Primer texto' } });
    expect(await advertOf(agent)).toMatchObject({
      status_id: 1,
      description: 'Primer texto',
      description_update: null,
    });

    await agent.post('client/advert/update', {
      advert: { status_id: 1, description_update: 'Segundo texto' },
    });
    expect(await advertOf(agent)).toMatchObject({
      status_id: 1,
      description: 'Primer texto',
      description_update: 'Segundo texto',
      status_update: 1,
    });
    const dashboard = await admin.post<{ adverts: any[] }>('admin/dashboard', {});
    expect(dashboard.body.adverts.find((advert) => advert.id === id)).toMatchObject({
      description: 'Primer texto',
      description_update: 'Segundo texto',
    });

    const approved = await admin.post('admin/clients/update', {
      advert: { id, status_id: 1, description: 'Segundo texto' },
    });
    expect(approved.statusCode).toBe(200);
    expect(await advertOf(agent)).toMatchObject({
      status_id: 1,
      description: 'Segundo texto',
      description_update: null,
    });
  });

  it('accepts the existing advert object as the body, storing only the request', async () => {
    const { agent } = await loggedInClient(testApp);
    await agent.post('client/advert/update', { advert: { status_id: 1, description_update: 'Hola' } });
    const current = await advertOf(agent);
    const response = await agent.post('client/advert/update', {
      advert: { ...current, description: 'Publicado sin aprobación', description_update: 'Nuevo' },
    });
    expect(response.statusCode).toBe(200);
    expect(await advertOf(agent)).toMatchObject({
      description: '',
      description_update: 'Nuevo',
      status_id: 2,
    });
  });

  it.each([
    [{ status_id: 1, description_update: '   ' }, 'anuncio'],
    [{ status_id: 3, description_update: 'Hola' }, 'estado'],
    [{ description_update: 'Hola' }, 'estado'],
    [{ status_id: 1, description_update: 'x'.repeat(1001) }, '1000 caracteres'],
    [{ status_id: 1, description_update: 42 }, 'anuncio'],
  ])('refuses %j with a Spanish 400 (%s) and stores nothing', async (advert, text) => {
    const { agent } = await loggedInClient(testApp);
    const response = await agent.post('client/advert/update', { advert });
    expect(response.statusCode).toBe(400);
    expect(response.body.status).toBe('warning');
    expect(response.body.message).toContain(text);
    expect(await advertOf(agent)).toBeNull();
  });

  it('answers 401 to a visitor and 403 for another client id', async () => {
    expect((await testApp.agent().post('client/advert/get', {})).statusCode).toBe(401);
    const me = await loggedInClient(testApp);
    const other = await loggedInClient(testApp);
    expect((await me.agent.post('client/advert/get', { client_id: other.id })).statusCode).toBe(403);
    const update = await me.agent.post('client/advert/update', {
      advert: { client_id: other.id, status_id: 1, description_update: 'Intruso' },
    });
    expect(update.statusCode).toBe(403);
    expect(await advertOf(other.agent)).toBeNull();
  });
});

describe('client/quizz/get', () => {
  it('answers null before the quiz and the 20 saved answers after', async () => {
    const { agent, id } = await loggedInClient(testApp);
    const before = await agent.post('client/quizz/get', { client_id: id });
    expect(before.statusCode).toBe(200);
    expect(before.body.quizz).toBeNull();
    await agent.post('client/quizz/add', { quizz: quizAnswers(1) });
    const after = await agent.post('client/quizz/get', {});
    expect(after.body.quizz).toEqual({ client_id: id, ...quizAnswers(1) });
  });

  it('answers 401 to a visitor and 403 for another client id', async () => {
    expect((await testApp.agent().post('client/quizz/get', {})).statusCode).toBe(401);
    const me = await loggedInClient(testApp);
    const other = await loggedInClient(testApp);
    expect((await me.agent.post('client/quizz/get', { client_id: other.id })).statusCode).toBe(403);
  });
});
