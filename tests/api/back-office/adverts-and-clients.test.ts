import { describe, expect, it } from 'vitest';
import { auditActions, FIXTURE_PASSWORD, insertClient } from '../../support/admin-fixtures';
import { setUpTestApp } from '../../support/test-app';

const testApp = setUpTestApp({ loginAdmin: true });
const { admin } = testApp;

async function advertWith(values: {
  status_id: number;
  description: string;
  description_update: string | null;
}) {
  const client = await insertClient(testApp.app, { first_name: 'Anuncio' });
  const { id } = await testApp.app.db
    .insertInto('adverts')
    .values({
      client_id: client.id,
      ...values,
      status_update: values.description_update ? 2 : null,
      updated_at: '2026-01-01T00:00:00Z',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { advertId: id, client };
}

const readAdvert = (id: number) =>
  testApp.app.db.selectFrom('adverts').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

describe('admin/dashboard', () => {
  it('lists the demo adverts pending approval with the client name and proposed text', async () => {
    const response = await admin.post<{ adverts: any[] }>('admin/dashboard', {});
    expect(response.statusCode).toBe(200);
    const names = response.body.adverts.map((advert) => advert.client);
    expect(names).toEqual(expect.arrayContaining(['Valeria Gómez', 'Javier Flores']));
    const valeria = response.body.adverts.find((advert) => advert.client === 'Valeria Gómez');
    expect(valeria.description_update).toBe('Amante del yoga y de las novelas largas.');
  });
});

describe('advert moderation (spec §4)', () => {
  it('approve publishes the pending text with status 1 and clears it', async () => {
    const { advertId } = await advertWith({
      status_id: 2,
      description: 'Texto viejo',
      description_update: 'Texto nuevo',
    });
    const response = await admin.post('admin/clients/update', {
      advert: { id: advertId, status_id: 1, description: 'Texto nuevo' },
    });
    expect(response.statusCode).toBe(200);
    expect(await readAdvert(advertId)).toMatchObject({
      status_id: 1,
      description: 'Texto nuevo',
      description_update: null,
      status_update: null,
    });
    // What the public adverts list reads: visible adverts with their published text.
    const visible = await testApp.app.db
      .selectFrom('adverts')
      .select('description')
      .where('id', '=', advertId)
      .where('status_id', '=', 1)
      .executeTakeFirst();
    expect(visible?.description).toBe('Texto nuevo');
    expect(await auditActions(testApp.app, 'advert', advertId)).toEqual(['advert.approve']);
  });

  it('reject discards the pending text and keeps the published text and status', async () => {
    const { advertId } = await advertWith({
      status_id: 1,
      description: 'Publicado',
      description_update: 'Propuesta',
    });
    const response = await admin.post('admin/clients/update', {
      advert: { id: advertId, status_id: 1, description: '' },
    });
    expect(response.statusCode).toBe(200);
    expect(await readAdvert(advertId)).toMatchObject({
      status_id: 1,
      description: 'Publicado',
      description_update: null,
    });
    expect(await auditActions(testApp.app, 'advert', advertId)).toEqual(['advert.reject']);
  });

  it('deactivate hides an active advert and keeps its text', async () => {
    const { advertId } = await advertWith({ status_id: 1, description: 'Visible', description_update: null });
    const response = await admin.post('admin/clients/update', {
      advert: { id: advertId, status_id: 2, description: 'Visible' },
    });
    expect(response.statusCode).toBe(200);
    expect(await readAdvert(advertId)).toMatchObject({ status_id: 2, description: 'Visible' });
  });

  it('refuses to approve a text that is no longer the pending one', async () => {
    const { advertId } = await advertWith({ status_id: 2, description: '', description_update: 'Actual' });
    const response = await admin.post('admin/clients/update', {
      advert: { id: advertId, status_id: 1, description: 'Otro' },
    });
    expect(response.statusCode).toBe(409);
    expect(await readAdvert(advertId)).toMatchObject({ status_id: 2, description_update: 'Actual' });
  });

  it('lets exactly one of two concurrent approvals through and leaves the advert consistent', async () => {
    const { advertId } = await advertWith({
      status_id: 2,
      description: 'Antes',
      description_update: 'Después',
    });
    const second = testApp.agent();
    await second.loginAdmin();
    const body = { advert: { id: advertId, status_id: 1, description: 'Después' } };
    const codes = (
      await Promise.all([admin.post('admin/clients/update', body), second.post('admin/clients/update', body)])
    )
      .map((response) => response.statusCode)
      .sort();
    expect(codes).toEqual([200, 409]);
    expect(await readAdvert(advertId)).toMatchObject({
      status_id: 1,
      description: 'Después',
      description_update: null,
    });
  });

  it('answers 404 for an advert that does not exist', async () => {
    const response = await admin.post('admin/clients/update', {
      advert: { id: 999999, status_id: 1, description: 'x' },
    });
    expect(response.statusCode).toBe(404);
  });
});

describe('clients', () => {
  it('searches clients by name case-insensitively, paged on the server', async () => {
    await insertClient(testApp.app, { first_name: 'Zacarías', last_name: 'Buscable' });
    const response = await admin.post<{ clients: any[]; total: number; page_size: number }>(
      'admin/clients/get',
      {
        search: 'BUSCABLE',
      },
    );
    expect(response.body.total).toBe(1);
    expect(response.body.clients[0]).toMatchObject({ name: 'Zacarías Buscable', status_id: 1 });
    expect(response.body.clients[0]).toHaveProperty('advert_status');
    const all = await admin.post<{ clients: any[]; total: number; page_size: number }>(
      'admin/clients/get',
      {},
    );
    expect(all.body.clients.length).toBeLessThanOrEqual(all.body.page_size);
  });

  it('delete sets status 2 and ends the client sessions; reactivate sets status 1', async () => {
    const client = await insertClient(testApp.app);
    const session = testApp.agent();
    await session.loginClient(client.email, FIXTURE_PASSWORD);
    const removed = await admin.post('admin/clients/update', { client: { id: client.id, status_id: 2 } });
    expect(removed.statusCode).toBe(200);
    const row = await testApp.app.db
      .selectFrom('clients')
      .select('status_id')
      .where('id', '=', client.id)
      .executeTakeFirstOrThrow();
    expect(row.status_id).toBe(2);
    const sessions = await testApp.app.db
      .selectFrom('sessions')
      .select('id_hash')
      .where('kind', '=', 'client')
      .where('subject_id', '=', client.id)
      .execute();
    expect(sessions).toHaveLength(0);
    const login = await testApp
      .agent()
      .post('client/login', { access: { email: client.email, password: FIXTURE_PASSWORD } });
    expect(login.statusCode).toBe(401);

    const reactivated = await admin.post('admin/clients/update', { client: { id: client.id, status_id: 1 } });
    expect(reactivated.statusCode).toBe(200);
    await testApp.agent().loginClient(client.email, FIXTURE_PASSWORD);
    expect(await auditActions(testApp.app, 'client', client.id)).toEqual([
      'client.delete',
      'client.reactivate',
    ]);
  });
});
