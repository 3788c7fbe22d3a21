import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { ClientsGetResponse } from '../../../src/shared/contracts/admin';
import type { AdvertsGetResponse } from '../../../src/shared/contracts/people';
import { insertAdvert, insertClient } from '../../support/admin-fixtures';
import { setUpTestApp } from '../../support/test-app';

const testApp = setUpTestApp({ seedDemo: false, loginAdmin: true });
const { admin } = testApp;
const MANY = 10_050;

/** MANY clients in one set-based statement (the same SQL on both databases). */
async function insertManyClients(): Promise<void> {
  await sql`
    with recursive s(n) as (select 1 union all select n + 1 from s where n < ${sql.lit(MANY)})
    insert into clients (first_name, last_name, email, phone, birthday, gender, occupation, instagram,
      password_hash, status_id, date_creation, search_text)
    select 'Persona', 'Número ' || n, 'persona' || n || '@lista.mx', '', '1990-01-01', 1, '', '', 'x', 1,
      '2026-01-01T00:00:00.000Z', 'persona numero ' || n || ' persona' || n || '@lista.mx'
    from s`.execute(testApp.app.db);
}

describe('paged lists past 10 000 rows (design.md §17)', () => {
  it('admin/clients/get stops counting at 10 000 and says the total is estimated', async () => {
    await insertManyClients();
    const response = await admin.post<ClientsGetResponse>('admin/clients/get', { page: 1 });
    expect(response.statusCode).toBe(200);
    expect(response.body).toMatchObject({ total: 10_000, total_estimated: true, page: 1, page_size: 50 });
    expect(response.body.clients).toHaveLength(50);
    // A narrower search counts exactly again.
    const search = await admin.post<ClientsGetResponse>('admin/clients/get', {
      search: 'numero 999',
      page: 1,
    });
    expect(search.body).toMatchObject({ total: 11, total_estimated: false });
    expect(search.body.clients.map((client) => client.name).sort()).toEqual(
      [
        'Persona Número 999',
        ...Array.from({ length: 10 }, (_, digit) => `Persona Número 999${digit}`),
      ].sort(),
    );
  });

  it('answers a page beyond the end with an empty list, not an error', async () => {
    const response = await admin.post<ClientsGetResponse>('admin/clients/get', {
      search: 'numero 999',
      page: 9,
    });
    expect(response.statusCode).toBe(200);
    expect(response.body).toMatchObject({ clients: [], total: 11, total_estimated: false, page: 9 });
  });

  it('adverts/get says when its total is exact and answers an offset past the end with no adverts', async () => {
    const owner = await insertClient(testApp.app, { first_name: 'Úrsula' });
    await insertAdvert(testApp.app, owner.id, { description: 'Me gusta bailar' });
    const first = await testApp.agent().post<AdvertsGetResponse>('adverts/get', { offset: 0, limit: 10 });
    expect(first.body).toMatchObject({ total: 1, total_estimated: false });
    const past = await testApp.agent().post<AdvertsGetResponse>('adverts/get', { offset: 500, limit: 10 });
    expect(past.statusCode).toBe(200);
    expect(past.body).toMatchObject({ adverts: [], total: 1, total_estimated: false, offset: 500 });
  });
});
