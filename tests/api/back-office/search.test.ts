import { describe, expect, it } from 'vitest';
import * as backOfficeSearch from '../../../src/server/platform/db/migrations/0012-back-office-search';
import * as interestSearchText from '../../../src/server/platform/db/migrations/0036-interest-search-text';
import {
  clientSearchText,
  foldForSearch,
  localPartPattern,
  searchPattern,
} from '../../../src/shared/domain/search-text';
import { FIXTURE_PASSWORD, insertClient, insertInterest } from '../../support/admin-fixtures';
import { setUpTestApp } from '../../support/test-app';
import { profileOf } from '../accounts/helpers';
import { loggedInClient } from '../events/helpers';
import { pairTextsOutOfStep, personWithAdvert } from '../people/helpers';

const testApp = setUpTestApp({ seedDemo: false, loginAdmin: true });
const { admin } = testApp;

const unique = () => Math.random().toString(36).slice(2, 8);

async function clientIdsFound(search: string): Promise<number[]> {
  const response = await admin.post<{ clients: { id: number }[] }>('admin/clients/get', { search });
  expect(response.statusCode).toBe(200);
  return response.body.clients.map((client) => client.id);
}

describe('search folding (docs/design/14-back-office.md)', () => {
  it('drops accents and case, keeps ñ as n, and squeezes spaces', () => {
    expect(foldForSearch('  LUCÍA   Núñez ')).toBe('lucia nunez');
    expect(
      clientSearchText({ first_name: 'Ángel', last_name: 'Peña', email: 'a@b.mx', phone: '55 12-34' }),
    ).toBe('angel pena a@b.mx 55 12-34 551234');
  });

  it('reads a typed phone as digits and escapes like wildcards', () => {
    expect(searchPattern('55 1234-5678')).toBe('%5512345678%');
    expect(searchPattern('100%_x')).toBe('%100\\%\\_x%');
  });

  it('narrows an e-mail by what comes before its domain, and leaves other searches alone', () => {
    expect(localPartPattern('Ana.Ruiz_7@Gmail.com')).toBe('%ana.ruiz\\_7@%');
    expect(localPartPattern('ana.ruiz@')).toBeNull();
    expect(localPartPattern('an@gmail.com')).toBeNull();
    expect(localPartPattern('Lucía Ramírez')).toBeNull();
  });
});

describe('admin/clients/get search', () => {
  it('finds a client whatever the case and accents, by name, e-mail and phone', async () => {
    const tag = unique();
    const lucia = await insertClient(testApp.app, {
      first_name: 'Lucía',
      last_name: `Ramírez${tag}`,
      phone: '55 4321 8765',
    });
    const lucas = await insertClient(testApp.app, { first_name: 'Lucas', last_name: `Ortega${tag}` });

    expect(await clientIdsFound(`LUCIA RAMIREZ${tag.toUpperCase()}`)).toEqual([lucia.id]);
    expect(await clientIdsFound(`ramírez${tag}`)).toEqual([lucia.id]);
    expect(await clientIdsFound(lucia.email.toUpperCase())).toEqual([lucia.id]);
    // Part of the address across the '@', and a wrong domain for the right name.
    const [local, domain] = lucia.email.split('@') as [string, string];
    expect(await clientIdsFound(`${local.slice(1)}@${domain.slice(0, 3)}`)).toEqual([lucia.id]);
    expect(await clientIdsFound(`${local}@otro.mx`)).toEqual([]);
    expect(await clientIdsFound('5543218765')).toEqual([lucia.id]);
    expect(await clientIdsFound('4321-8765')).toEqual([lucia.id]);
    expect((await clientIdsFound(tag)).sort((a, b) => a - b)).toEqual([lucia.id, lucas.id]);
    expect(await clientIdsFound(`lúcás ortega${tag}`)).toEqual([lucas.id]);
    expect(await clientIdsFound(`%${tag}`)).toEqual([]);
  });

  it('follows a profile change: the new name is found, the old one no longer', async () => {
    const tag = unique();
    const { agent, id } = await loggedInClient(testApp, { first_name: 'Berenice', last_name: `Viejo${tag}` });
    expect(await clientIdsFound(`viejo${tag}`)).toEqual([id]);
    const update = await agent.post('client/profile/update', {
      profile: profileOf({ first_name: 'Begoña', last_name: `Nuevo${tag}`, phone: '33-1111-2222' }),
    });
    expect(update.statusCode).toBe(200);
    expect(await clientIdsFound(`viejo${tag}`)).toEqual([]);
    expect(await clientIdsFound(`BEGONA NUEVO${tag}`)).toEqual([id]);
    expect(await clientIdsFound('3311112222')).toContain(id);
  });

  it('finds a client who signed up through client/add by her accented name', async () => {
    const tag = unique();
    const email = `Sofia.${tag}@Pruebas.mx`;
    const response = await testApp.agent().post<{ client_id: number }>('client/add', {
      client: {
        first_name: 'Sofía',
        last_name: `Ibáñez${tag}`,
        email,
        phone: '5511112222',
        birthday: '1992-03-04',
        gender: 1,
        occupation: '',
        instagram: '',
        password: 'una-clave-segura-1',
        privacy_consent: true,
      },
    });
    expect(response.statusCode).toBe(200);
    expect(await clientIdsFound(`SOFIA IBANEZ${tag.toUpperCase()}`)).toEqual([response.body.client_id]);
    expect(await clientIdsFound(`sofia.${tag}@pruebas`)).toEqual([response.body.client_id]);
  });
});

describe('admin/matches interests search', () => {
  it('finds an interest by either person, accents and case ignored', async () => {
    const tag = unique();
    const angel = await insertClient(testApp.app, {
      first_name: 'Ángel',
      last_name: `Muñoz${tag}`,
      gender: 2,
    });
    const ines = await insertClient(testApp.app, { first_name: 'Inés', last_name: `Cortés${tag}` });
    const id = await insertInterest(testApp.app, angel.id, ines.id);
    for (const search of [`ANGEL MUNOZ${tag}`, `ines cortes${tag}`, `INÉS`]) {
      const response = await admin.post<{ matches: { id: number }[] }>('admin/matches', {
        tab: 'interests',
        search,
      });
      expect(response.statusCode).toBe(200);
      expect(response.body.matches.map((match) => match.id)).toContain(id);
    }
  });
});

describe('the search text kept on each interest (matches/interests/pair-search-text.ts)', () => {
  const pairIds = async (search: string) => {
    const response = await admin.post<{ matches: { client_a_id: number; client_b_id: number }[] }>(
      'admin/matches',
      { tab: 'interests', search },
    );
    expect(response.statusCode).toBe(200);
    return response.body.matches.map((match) => [match.client_a_id, match.client_b_id]);
  };

  it('follows an interest marked, made mutual, a profile change and an erasure', async () => {
    const tag = unique();
    const rosa = await personWithAdvert(testApp, { first_name: 'Rosa', last_name: `Peñas${tag}` });
    const tomas = await personWithAdvert(testApp, { first_name: 'Tomás', last_name: `Robles${tag}` });
    const mark = (from: typeof rosa, advertId: number) =>
      from.agent.post('client/interested/add', { interes: { interested_id: advertId } });

    expect((await mark(rosa, tomas.advertId)).statusCode).toBe(200);
    expect(await pairTextsOutOfStep(testApp.app)).toEqual([]);
    expect(await pairIds(`robles${tag}`)).toEqual([[rosa.id, tomas.id]]);
    expect((await mark(tomas, rosa.advertId)).statusCode).toBe(200);
    expect(await pairTextsOutOfStep(testApp.app)).toEqual([]);

    const update = await tomas.agent.post('client/profile/update', {
      profile: profileOf({ first_name: 'Tobías', last_name: `Quiroga${tag}`, phone: '81-2222-3333' }),
    });
    expect(update.statusCode).toBe(200);
    expect(await pairTextsOutOfStep(testApp.app)).toEqual([]);
    expect(await pairIds(`robles${tag}`)).toEqual([]);
    expect(await pairIds(`TOBIAS QUIROGA${tag}`)).toHaveLength(1);
    expect(await pairIds('8122223333')).toHaveLength(1);

    const erased = await rosa.agent.post('client/deactivate', {
      client_id: rosa.id,
      password: FIXTURE_PASSWORD,
    });
    expect(erased.statusCode).toBe(200);
    expect(await pairIds(`quiroga${tag}`)).toEqual([]);
    expect(await pairTextsOutOfStep(testApp.app)).toEqual([]);
  });

  it('is filled for the interests written before migration 0036, which can be undone', async () => {
    const db = testApp.app.db;
    const a = await insertClient(testApp.app, { first_name: 'Íñigo' });
    const b = await insertClient(testApp.app, { first_name: 'Úrsula' });
    await insertInterest(testApp.app, a.id, b.id, { search_text: '' });
    await interestSearchText.down(db);
    await interestSearchText.up(db);
    expect(await pairTextsOutOfStep(testApp.app)).toEqual([]);
  });
});

describe('migration 0012', () => {
  it('backfills the folded search text of rows written before it, and can be undone', async () => {
    const tag = unique();
    const named = { first_name: 'Óscar', last_name: `Ñáñez${tag}`, phone: '55 0000 1111' };
    const client = await insertClient(testApp.app, named);
    const db = testApp.app.db;
    await backOfficeSearch.down(db);
    await backOfficeSearch.up(db);
    const row = await db
      .selectFrom('clients')
      .select('search_text')
      .where('id', '=', client.id)
      .executeTakeFirstOrThrow();
    expect(row.search_text).toBe(clientSearchText({ ...named, email: client.email }));
    expect(row.search_text).toBe(`oscar nanez${tag} ${client.email} 55 0000 1111 5500001111`);
    expect(await clientIdsFound(`OSCAR NANEZ${tag.toUpperCase()}`)).toEqual([client.id]);
  });
});
