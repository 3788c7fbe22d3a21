import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { ClientsGetResponse } from '../../../src/shared/contracts/admin';
import type { AdvertsGetResponse } from '../../../src/shared/contracts/people';
import { insertAdvert, insertClient, insertInterest } from '../../support/admin-fixtures';
import { setUpTestApp } from '../../support/test-app';
import { loggedInClient } from '../events/helpers';

const testApp = setUpTestApp({ seedDemo: false, loginAdmin: true });
const { admin } = testApp;
const MANY = 10_050;

/** Both databases order these ASCII-digit names the same way: by code point. */

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

describe('paged lists past 10 000 rows (docs/design/17-million.md)', () => {
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
    // A search naming thousands stops at 1 000 ("más de 1 000").
    const broad = await admin.post<ClientsGetResponse>('admin/clients/get', { search: 'numero' });
    expect(broad.body).toMatchObject({ total: 1_000, total_estimated: true });
    expect(broad.body.clients).toHaveLength(50);
    expect(search.body.clients.map((client) => client.name).sort()).toEqual(
      [
        'Persona Número 999',
        ...Array.from({ length: 10 }, (_, digit) => `Persona Número 999${digit}`),
      ].sort(),
    );
  });

  it('admin/clients/get goes by page number up to page 50 only: further on, keyset pages or a narrower search', async () => {
    const farthest = await admin.post<ClientsGetResponse>('admin/clients/get', { page: 50 });
    expect(farthest.statusCode).toBe(200);
    expect(farthest.body.clients).toHaveLength(50);
    for (const page of [51, 1500]) {
      const refused = await admin.post('admin/clients/get', { page });
      expect(refused.statusCode).toBe(400);
      expect(refused.body).toEqual({
        status: 'warning',
        message:
          'Revisa el campo «página»: se llega por número hasta la página 50; para ver más, afina la búsqueda o avanza con «Siguiente»',
      });
    }
    // Walking on with the cursor, the page number only labels the page.
    const keyset = await admin.post<ClientsGetResponse>('admin/clients/get', {
      page: 51,
      cursor: farthest.body.next_cursor!,
    });
    expect(keyset.statusCode).toBe(200);
    expect(keyset.body).toMatchObject({ page: 51 });
    expect(keyset.body.clients).toHaveLength(50);
    expect(keyset.body.clients[0]!.id).not.toBe(farthest.body.clients[0]!.id);
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
    // A page that holds exactly the last advert says no page follows.
    const exact = await testApp.agent().post<AdvertsGetResponse>('adverts/get', { offset: 0, limit: 1 });
    expect(exact.body).toMatchObject({ total: 1, next_before_id: null });
    expect(exact.body.adverts).toHaveLength(1);
    const past = await testApp.agent().post<AdvertsGetResponse>('adverts/get', { offset: 500, limit: 10 });
    expect(past.statusCode).toBe(200);
    expect(past.body).toMatchObject({ adverts: [], total: 1, total_estimated: false, offset: 500 });
  });

  it('adverts/get keyset pages neither repeat nor skip while new adverts are published', async () => {
    const { agent } = await loggedInClient(testApp);
    const before = new Set<number>();
    for (let index = 0; index < 7; index++) {
      const owner = await insertClient(testApp.app, { first_name: `Antes${index}` });
      before.add(await insertAdvert(testApp.app, owner.id, { description: 'Anuncio de antes' }));
    }
    const seen: number[] = [];
    let beforeId: number | undefined;
    for (let guard = 0; guard < 20; guard++) {
      const page = await agent.post<AdvertsGetResponse>('adverts/get', {
        limit: 3,
        ...(beforeId === undefined ? {} : { before_id: beforeId }),
      });
      expect(page.statusCode).toBe(200);
      seen.push(...page.body.adverts.map((advert) => advert.id));
      // Someone publishes between every two pages: it belongs above, never inside the pages still to come.
      const newcomer = await insertClient(testApp.app, { first_name: `Nueva${guard}` });
      await insertAdvert(testApp.app, newcomer.id, { description: 'Recién publicado' });
      if (page.body.next_before_id === null) break;
      beforeId = page.body.next_before_id;
    }
    expect(new Set(seen).size).toBe(seen.length);
    for (const id of before) expect(seen).toContain(id);
    expect(seen).toEqual([...seen].sort((a, b) => b - a));
  });

  it('admin/clients/get keyset pages go on where the last page ended while clients sign up', async () => {
    const names: string[] = [];
    let cursor: string | undefined;
    for (let page = 1; page <= 4; page++) {
      const response = await admin.post<ClientsGetResponse>('admin/clients/get', {
        search: 'numero 99',
        page,
        ...(cursor ? { cursor } : {}),
      });
      expect(response.statusCode).toBe(200);
      names.push(...response.body.clients.map((client) => client.name));
      // A newcomer the search also names (newer than every page shown) must not shift the pages to come.
      await insertClient(testApp.app, { first_name: 'Persona', last_name: `Número 99${page}0-bis` });
      if (!response.body.next_cursor) break;
      cursor = response.body.next_cursor;
    }
    // numero 99, 990–999 and 9900–9999: 111 people, newest first (a search's order), each once.
    const expected = Array.from({ length: MANY }, (_, index) => `Persona Número ${index + 1}`).filter(
      (name) => name.includes('Número 99'),
    );
    expect(names.filter((name) => !name.includes('bis'))).toEqual([...expected].reverse());
    expect(new Set(names).size).toBe(names.length);
  });

  it('refuses a cursor it did not issue with a Spanish 400', async () => {
    for (const cursor of ['no-es-un-cursor', Buffer.from('[1,2]').toString('base64url')]) {
      const response = await admin.post('admin/clients/get', { cursor });
      expect(response.statusCode).toBe(400);
      expect(response.body.message).toBe('La página pedida no es válida: vuelve a la primera');
    }
  });

  it('admin/matches finds the same interest pairs by a search naming many people or few', async () => {
    const { db } = testApp.app;
    const people = await db
      .selectFrom('clients')
      .select(['id', 'email'])
      .where('email', 'in', [
        'persona7@lista.mx',
        'persona8@lista.mx',
        'persona9@lista.mx',
        'persona10@lista.mx',
      ])
      .orderBy('id')
      .execute();
    const [seven, eight, nine, ten] = people.map((person) => person.id) as [number, number, number, number];
    const at = (minute: number) => `2026-02-01T10:${String(minute).padStart(2, '0')}:00.000Z`;
    await insertInterest(testApp.app, seven, eight, { created_at: at(1) });
    await insertInterest(testApp.app, nine, seven, { created_at: at(2) });
    await insertInterest(testApp.app, nine, ten, { status_id: 2, created_at: at(3) });
    await insertInterest(testApp.app, ten, nine, { status_id: 2, created_at: at(3) });
    const pairs = async (search: string) => {
      const response = await admin.post<{
        matches: { client_a_id: number; client_b_id: number }[];
        total: number;
      }>('admin/matches', { tab: 'interests', search });
      expect(response.statusCode).toBe(200);
      return {
        total: response.body.total,
        pairs: response.body.matches.map((m) => [m.client_a_id, m.client_b_id]),
      };
    };
    // 'persona' names all 10 050 people (found from the newest interests); one e-mail names one.
    expect(await pairs('persona')).toEqual({
      total: 3,
      pairs: [
        [nine, ten],
        [nine, seven],
        [seven, eight],
      ],
    });
    expect(await pairs('persona7@lista')).toEqual({
      total: 2,
      pairs: [
        [nine, seven],
        [seven, eight],
      ],
    });
    expect(await pairs('persona10@lista')).toEqual({ total: 1, pairs: [[nine, ten]] });
  });

  it('admin/matches gives a search naming thousands a running total: "más de N" while pages follow', async () => {
    const { db } = testApp.app;
    const ids = (
      await db
        .selectFrom('clients')
        .select('id')
        .where('email', 'like', 'persona2%@lista.mx')
        .orderBy('id')
        .limit(61)
        .execute()
    ).map((row) => row.id);
    for (const [index, id] of ids.slice(1).entries()) {
      await insertInterest(testApp.app, ids[0]!, id, {
        created_at: `2026-03-01T10:${String(index).padStart(2, '0')}:00.000Z`,
      });
    }
    type Page = { matches: unknown[]; total: number; total_estimated: boolean; next_cursor: string | null };
    const first = await admin.post<Page>('admin/matches', { tab: 'interests', search: 'persona' });
    expect(first.body).toMatchObject({ total: 50, total_estimated: true });
    expect(first.body.matches).toHaveLength(50);
    const second = await admin.post<Page>('admin/matches', {
      tab: 'interests',
      search: 'persona',
      page: 2,
      cursor: first.body.next_cursor,
    });
    // 60 new pairs and the 3 of the test before.
    expect(second.body).toMatchObject({ total: 63, total_estimated: false, next_cursor: null });
    expect(second.body.matches).toHaveLength(13);
  });
});
