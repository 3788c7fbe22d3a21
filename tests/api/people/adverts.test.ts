import { describe, expect, it } from 'vitest';
import { ADVERTS_MAX_LIMIT } from '../../../src/shared/contracts/people';
import { dayInMexicoCity } from '../../../src/shared/domain/mexico-time';
import { insertAdvert, insertClient } from '../../support/admin-fixtures';
import { setUpTestApp } from '../../support/test-app';
import { setClientStatus } from './helpers';

const testApp = setUpTestApp({ seedDemo: false });

const PUBLIC_KEYS = [
  'age',
  'client',
  'client_id',
  'description',
  'gender',
  'id',
  'occupation',
  'photo',
  'photos',
  'verified',
];

async function listAdverts(body: unknown = {}) {
  return testApp
    .agent()
    .post<{ adverts: any[]; total: number; offset: number; limit: number }>('adverts/get', body);
}

/** The date `years` years before today in Mexico City, shifted by `days`. */
function birthdayYearsAgo(years: number, days = 0): string {
  const [year, month, day] = dayInMexicoCity().split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year - years, month - 1, day + days));
  return date.toISOString().slice(0, 10);
}

/** The tests of this file share one database: each checks the adverts it made. */
async function person(values: Parameters<typeof insertClient>[1] = {}, advert = {}) {
  const client = await insertClient(testApp.app, values);
  const advertId = await insertAdvert(testApp.app, client.id, advert);
  return { ...client, advertId };
}

async function allAdverts(body: Record<string, unknown> = {}) {
  const response = await listAdverts({ ...body, limit: ADVERTS_MAX_LIMIT });
  expect(response.statusCode).toBe(200);
  const adverts = [...response.body.adverts];
  for (let offset = ADVERTS_MAX_LIMIT; offset < response.body.total; offset += ADVERTS_MAX_LIMIT) {
    adverts.push(...(await listAdverts({ ...body, offset, limit: ADVERTS_MAX_LIMIT })).body.adverts);
  }
  return adverts;
}

describe('adverts/get', () => {
  it('shows a published advert with public data only: name "First L.", age, gender, occupation, text', async () => {
    const { id, advertId } = await person(
      { first_name: 'Renata', last_name: 'Ávila', gender: 1, birthday: birthdayYearsAgo(31) },
      { description: 'Me gusta el cine de arte' },
    );
    const response = await listAdverts();
    expect(response.statusCode).toBe(200);
    expect(response.body.status).toBe('success');
    const advert = response.body.adverts.find((entry) => entry.id === advertId);
    expect(advert).toEqual({
      id: advertId,
      client_id: id,
      client: 'Renata Á.',
      gender: 1,
      age: 31,
      occupation: 'Pruebas',
      description: 'Me gusta el cine de arte',
      photo: null,
      photos: [],
      verified: { in_person: null, photo: false },
    });
  });

  it('never sends e-mail, phone, Instagram or birth date of anyone', async () => {
    const { email } = await person({ birthday: '1987-03-21' });
    const contact = await testApp.app.db
      .selectFrom('clients')
      .select(['phone', 'instagram'])
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    const response = await listAdverts();
    for (const advert of response.body.adverts) expect(Object.keys(advert).sort()).toEqual(PUBLIC_KEYS);
    const payload = JSON.stringify(response.body);
    for (const secret of [email, contact.phone, contact.instagram, '1987-03-21', '@pruebas.mx']) {
      expect(payload).not.toContain(secret);
    }
  });

  it('counts age in whole years on Mexico City’s today: the day before the birthday is a year less', async () => {
    const turning = await person({ birthday: birthdayYearsAgo(40, 1) });
    const turned = await person({ birthday: birthdayYearsAgo(40) });
    const adverts = await allAdverts();
    expect(adverts.find((advert) => advert.id === turning.advertId)?.age).toBe(39);
    expect(adverts.find((advert) => advert.id === turned.advertId)?.age).toBe(40);
  });

  it('leaves out hidden adverts, adverts without text, and inactive or erased clients', async () => {
    const hidden = await person({}, { status_id: 2, description: 'Oculto' });
    const empty = await person({}, { description: '' });
    const inactive = await person();
    await setClientStatus(testApp.app, inactive.id, 2);
    const erased = await person();
    await setClientStatus(testApp.app, erased.id, 3);
    const shown = await person();
    const ids = (await allAdverts()).map((advert) => advert.id);
    expect(ids).toContain(shown.advertId);
    for (const left of [hidden, empty, inactive, erased]) expect(ids).not.toContain(left.advertId);
  });

  it('never shows pending text: the published one stays, and an advert with only pending text is absent', async () => {
    const published = await person(
      {},
      { description: 'Texto aprobado', description_update: 'Texto pendiente A' },
    );
    const onlyPending = await person({}, { description: '', description_update: 'Texto pendiente B' });
    const response = await listAdverts({ limit: ADVERTS_MAX_LIMIT });
    const adverts = await allAdverts();
    expect(adverts.find((advert) => advert.id === published.advertId)?.description).toBe('Texto aprobado');
    expect(adverts.map((advert) => advert.id)).not.toContain(onlyPending.advertId);
    expect(JSON.stringify(response.body)).not.toContain('Texto pendiente');
  });

  it('filters by gender (1 mujer, 2 hombre, 3 LGBTQ+) and lists everyone without a filter', async () => {
    const woman = await person({ gender: 1 });
    const man = await person({ gender: 2 });
    const lgbtq = await person({ gender: 3 });
    const everyone = await allAdverts();
    for (const created of [woman, man, lgbtq]) {
      expect(everyone.map((advert) => advert.id)).toContain(created.advertId);
    }
    for (const [gender, created] of [
      [1, woman],
      [2, man],
      [3, lgbtq],
    ] as const) {
      const filtered = await allAdverts({ gender });
      expect(filtered.every((advert) => advert.gender === gender)).toBe(true);
      expect(filtered.map((advert) => advert.id)).toContain(created.advertId);
      expect(filtered.length).toBeLessThan(everyone.length);
    }
    const byGender = await Promise.all([1, 2, 3].map((gender) => listAdverts({ gender })));
    const everyoneTotal = (await listAdverts()).body.total;
    expect(byGender.reduce((sum, response) => sum + response.body.total, 0)).toBe(everyoneTotal);
  });

  it('pages on the server, newest first, with the total and no advert twice', async () => {
    for (let index = 0; index < 7; index++) await person({ gender: 3 });
    const first = await listAdverts({ gender: 3, limit: 5 });
    const second = await listAdverts({ gender: 3, offset: 5, limit: 5 });
    expect(first.body).toMatchObject({ offset: 0, limit: 5 });
    expect(first.body.adverts).toHaveLength(5);
    expect(second.body.total).toBe(first.body.total);
    const ids = [...first.body.adverts, ...second.body.adverts].map((advert) => advert.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const everything = await allAdverts({ gender: 3 });
    expect(everything).toHaveLength(first.body.total);
  });

  it(`answers at most ${ADVERTS_MAX_LIMIT} adverts to a body without paging, with the total`, async () => {
    for (let index = 0; index < ADVERTS_MAX_LIMIT + 1; index++) await person();
    const response = await listAdverts({ admin_id: 1 });
    expect(response.body.limit).toBe(ADVERTS_MAX_LIMIT);
    expect(response.body.adverts).toHaveLength(ADVERTS_MAX_LIMIT);
    expect(response.body.total).toBeGreaterThan(ADVERTS_MAX_LIMIT);
  });

  it('ignores admin_id: the list is the same public list for a visitor who sends one', async () => {
    const plain = await listAdverts();
    const withAdminId = await listAdverts({ admin_id: 1 });
    expect(withAdminId.statusCode).toBe(200);
    expect(withAdminId.body.adverts).toEqual(plain.body.adverts);
  });

  it.each([
    [{ gender: 4 }, /género/],
    [{ gender: '1' }, /género/],
    [{ offset: -1 }, /negativo/],
    [{ limit: 0 }, /al menos/],
    [{ limit: ADVERTS_MAX_LIMIT + 1 }, new RegExp(`a lo más ${ADVERTS_MAX_LIMIT}`)],
    [{ limit: 2.5 }, /entero/],
  ])('refuses %j with 400 and a Spanish message', async (body, message) => {
    const response = await listAdverts(body);
    expect(response.statusCode).toBe(400);
    expect(response.body.status).toBe('warning');
    expect(response.body.message).toMatch(message);
  });
});
