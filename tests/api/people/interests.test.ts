import { describe, expect, it } from 'vitest';
import { insertAdvert } from '../../support/admin-fixtures';
import { lastMailTo, mailsTo } from '../../support/outbox';
import { waitForQueueIdle } from '../../support/queue';
import { setUpTestApp } from '../../support/test-app';
import { loggedInClient } from '../events/helpers';
import { interestRows, personWithAdvert, setClientStatus } from './helpers';

const testApp = setUpTestApp({ seedDemo: false, env: { PUBLIC_URL: 'https://cita.example.mx' } });

type Person = Awaited<ReturnType<typeof personWithAdvert>>;

async function add(from: Person | Awaited<ReturnType<typeof loggedInClient>>, advertId: number) {
  return from.agent.post<{ interest_id: number; created: boolean; mutual: boolean }>(
    'client/interested/add',
    {
      interes: { client_id: from.id, interested_id: advertId },
    },
  );
}

async function lists(person: { agent: Person['agent']; id: number }) {
  const response = await person.agent.post<{ interested: any[]; mutual: any[] }>('client/interested/get', {
    client_id: person.id,
  });
  expect(response.statusCode).toBe(200);
  return response.body;
}

async function withdraw(person: { agent: Person['agent']; id: number }, id: number, statusId: number) {
  return person.agent.post('client/interested/update', {
    client_id: person.id,
    interes: { id, status_id: statusId },
  });
}

/** Mail goes out from the queue after the answer: wait until every queued job has run. */
const settle = () => waitForQueueIdle(testApp.app.db);

describe('client/interested/add', () => {
  it('stores a one-way interest (1) in the advert’s owner and lists it with public data', async () => {
    const ana = await personWithAdvert(testApp);
    const beto = await personWithAdvert(testApp, { first_name: 'Beto', last_name: 'Zamora', gender: 2 });
    const response = await add(ana, beto.advertId);
    expect(response.statusCode).toBe(200);
    expect(response.body).toMatchObject({ status: 'success', created: true, mutual: false });
    expect(await interestRows(testApp.app, ana.id, beto.id)).toEqual([
      { id: response.body.interest_id, client_id: ana.id, target_client_id: beto.id, status_id: 1 },
    ]);
    const { interested, mutual } = await lists(ana);
    expect(mutual).toEqual([]);
    expect(interested).toEqual([
      {
        id: response.body.interest_id,
        client_id: beto.id,
        advert_id: beto.advertId,
        full_name: 'Beto Z.',
        gender: 2,
        age: expect.any(Number),
        occupation: 'Pruebas',
        description: `Anuncio de la persona ${beto.id}`,
        photo: null,
        verified: { in_person: null, photo: false },
      },
    ]);
    // The other side sees nothing until they are interested too.
    expect(await lists(beto)).toEqual(expect.objectContaining({ interested: [], mutual: [] }));
  });

  it('is idempotent: adding twice keeps one row and answers 200 with the same interest', async () => {
    const ana = await personWithAdvert(testApp);
    const beto = await personWithAdvert(testApp);
    const first = await add(ana, beto.advertId);
    const second = await add(ana, beto.advertId);
    expect(second.statusCode).toBe(200);
    expect(second.body).toMatchObject({ created: false, mutual: false, interest_id: first.body.interest_id });
    expect(second.body.message).toMatch(/Ya habías mostrado interés/);
    expect(await interestRows(testApp.app, ana.id, beto.id)).toHaveLength(1);
  });

  it('works for a client without an advert of their own', async () => {
    const ana = await loggedInClient(testApp);
    const beto = await personWithAdvert(testApp);
    expect((await add(ana, beto.advertId)).statusCode).toBe(200);
  });

  it('makes both rows mutual (2) when the other side is interested too, and e-mails both once', async () => {
    const ana = await personWithAdvert(testApp, { first_name: 'Ana', last_name: 'Ibarra' });
    const beto = await personWithAdvert(testApp, { first_name: 'Beto', last_name: 'Zamora', gender: 2 });
    await add(ana, beto.advertId);
    const back = await add(beto, ana.advertId);
    expect(back.statusCode).toBe(200);
    expect(back.body).toMatchObject({ created: true, mutual: true, message: '¡El interés es mutuo!' });
    const rows = await interestRows(testApp.app, ana.id, beto.id);
    expect(rows.map((row) => [row.client_id, row.target_client_id, row.status_id])).toEqual([
      [ana.id, beto.id, 2],
      [beto.id, ana.id, 2],
    ]);

    const anaMail = await lastMailTo(testApp.config.dataDir, ana.email);
    expect(anaMail.subject).toBe('Beto Zamora y tú tienen un interés mutuo');
    expect(anaMail.text).toContain('Hola Ana:');
    expect(anaMail.text).toContain('Beto Zamora también mostró interés en ti');
    // The mail links to their conversation and carries no phone number (docs/design/20-mensajes.md).
    const conversation = await testApp.app.db
      .selectFrom('conversations')
      .select('id')
      .where('client_a', '=', Math.min(ana.id, beto.id))
      .where('client_b', '=', Math.max(ana.id, beto.id))
      .executeTakeFirstOrThrow();
    expect(anaMail.text).toContain(`https://cita.example.mx/mensajes/${conversation.id}`);
    expect(anaMail.text).not.toContain('wa.me');
    const betoMail = await lastMailTo(testApp.config.dataDir, beto.email);
    expect(betoMail.subject).toBe('Ana Ibarra y tú tienen un interés mutuo');

    // Repeating either side's call changes nothing and sends nothing more.
    await add(ana, beto.advertId);
    await add(beto, ana.advertId);
    await settle();
    expect(await mailsTo(testApp.config.dataDir, ana.email)).toHaveLength(1);
    expect(await mailsTo(testApp.config.dataDir, beto.email)).toHaveLength(1);
    expect(await interestRows(testApp.app, ana.id, beto.id)).toHaveLength(2);
  });

  it('lists a mutual pair on both sides with full name, no contact before both share it, never the e-mail', async () => {
    const ana = await personWithAdvert(testApp, { first_name: 'Ana', last_name: 'Ibarra' });
    const beto = await personWithAdvert(testApp, { first_name: 'Beto', last_name: 'Zamora', gender: 2 });
    const anaInterest = (await add(ana, beto.advertId)).body.interest_id;
    const betoInterest = (await add(beto, ana.advertId)).body.interest_id;
    const anaLists = await lists(ana);
    expect(anaLists.interested).toEqual([]);
    expect(anaLists.mutual).toEqual([
      expect.objectContaining({
        id: anaInterest,
        client_id: beto.id,
        advert_id: beto.advertId,
        full_name: 'Beto Zamora',
        // Phone, Instagram and WhatsApp wait for "Compartir mi contacto" (docs/design/26-contact.md).
        phone: '',
        instagram: '',
        whatsapp: null,
        contact_shared: false,
      }),
    ]);
    const betoLists = await lists(beto);
    expect(betoLists.mutual).toEqual([
      expect.objectContaining({ id: betoInterest, client_id: ana.id, full_name: 'Ana Ibarra' }),
    ]);
    expect(JSON.stringify([anaLists, betoLists])).not.toContain('@pruebas.mx');
  });

  it('refuses interest in one’s own advert with 409 in Spanish and stores nothing', async () => {
    const ana = await personWithAdvert(testApp);
    const response = await add(ana, ana.advertId);
    expect(response.statusCode).toBe(409);
    expect(response.body).toMatchObject({
      status: 'warning',
      message: 'No puedes marcar interés en tu propio anuncio',
    });
    expect(await interestRows(testApp.app, ana.id)).toEqual([]);
  });

  it.each([
    ['a hidden advert', { status_id: 2 as const }, 1],
    ['an advert without published text', { description: '', description_update: 'Pendiente' }, 1],
    ['the advert of a deleted client', {}, 2],
    ['the advert of an erased client', {}, 3],
  ])('answers 404 for %s and stores nothing', async (_case, advert, ownerStatus) => {
    const ana = await loggedInClient(testApp);
    const owner = await personWithAdvert(testApp, {}, advert);
    await setClientStatus(testApp.app, owner.id, ownerStatus);
    const response = await add(ana, owner.advertId);
    expect(response.statusCode).toBe(404);
    expect(response.body.message).toBe('Este anuncio no existe o ya no está visible');
    expect(await interestRows(testApp.app, ana.id)).toEqual([]);
  });

  it('answers 404 for an advert that does not exist', async () => {
    const ana = await loggedInClient(testApp);
    expect((await add(ana, 987_654)).statusCode).toBe(404);
  });

  it('answers 401 to a visitor and 403 to a body naming another client, storing nothing', async () => {
    const beto = await personWithAdvert(testApp);
    const visitor = await testApp
      .agent()
      .post('client/interested/add', { interes: { interested_id: beto.advertId } });
    expect(visitor.statusCode).toBe(401);
    const ana = await loggedInClient(testApp);
    const impostor = await ana.agent.post('client/interested/add', {
      interes: { client_id: beto.id, interested_id: beto.advertId },
    });
    expect(impostor.statusCode).toBe(403);
    expect(await interestRows(testApp.app, beto.id)).toEqual([]);
  });

  it.each([
    [{}, /interes/],
    [{ interes: {} }, /«anuncio»/],
    [{ interes: { interested_id: 'abc' } }, /«anuncio»/],
    [{ interes: { interested_id: -1 } }, /«anuncio»/],
  ])('refuses the malformed body %j with 400 in Spanish', async (body, message) => {
    const ana = await loggedInClient(testApp);
    const response = await ana.agent.post('client/interested/add', body);
    expect(response.statusCode).toBe(400);
    expect(response.body.status).toBe('warning');
    expect(response.body.message).toMatch(message);
  });
});

describe('client/interested/update', () => {
  it('status 0 from the one-way list withdraws the interest', async () => {
    const ana = await personWithAdvert(testApp);
    const beto = await personWithAdvert(testApp, { first_name: 'Beto', last_name: 'Zamora' });
    const { interest_id } = (await add(ana, beto.advertId)).body;
    const response = await withdraw(ana, interest_id, 0);
    expect(response.statusCode).toBe(200);
    expect(response.body.message).toBe('Quitaste tu interés en Beto Z.');
    expect(await interestRows(testApp.app, ana.id, beto.id)).toEqual([]);
    expect(await lists(ana)).toEqual(expect.objectContaining({ interested: [], mutual: [] }));
  });

  it('status 1 from the mutual list withdraws the caller’s side; the other keeps a one-way interest', async () => {
    const ana = await personWithAdvert(testApp);
    const beto = await personWithAdvert(testApp);
    const anaInterest = (await add(ana, beto.advertId)).body.interest_id;
    const betoInterest = (await add(beto, ana.advertId)).body.interest_id;
    expect((await withdraw(ana, anaInterest, 1)).statusCode).toBe(200);
    expect(await interestRows(testApp.app, ana.id, beto.id)).toEqual([
      { id: betoInterest, client_id: beto.id, target_client_id: ana.id, status_id: 1 },
    ]);
    expect(await lists(ana)).toEqual(expect.objectContaining({ interested: [], mutual: [] }));
    const betoLists = await lists(beto);
    expect(betoLists.mutual).toEqual([]);
    expect(betoLists.interested).toEqual([expect.objectContaining({ id: betoInterest, client_id: ana.id })]);
    expect(betoLists.interested[0]).not.toHaveProperty('phone');
  });

  it('a withdrawn mutual interest becomes mutual again when re-added, with a new e-mail', async () => {
    const ana = await personWithAdvert(testApp);
    const beto = await personWithAdvert(testApp);
    const anaInterest = (await add(ana, beto.advertId)).body.interest_id;
    await add(beto, ana.advertId);
    await lastMailTo(testApp.config.dataDir, ana.email);
    await withdraw(ana, anaInterest, 1);
    const again = await add(ana, beto.advertId);
    expect(again.body).toMatchObject({ created: true, mutual: true });
    await settle();
    expect(await mailsTo(testApp.config.dataDir, beto.email)).toHaveLength(2);
  });

  it.each([0, 1])(
    "never touches another client's interest (status %i): 404, row unchanged",
    async (statusId) => {
      const ana = await personWithAdvert(testApp);
      const beto = await personWithAdvert(testApp);
      const carla = await loggedInClient(testApp);
      const anaInterest = (await add(ana, beto.advertId)).body.interest_id;
      const response = await withdraw(carla, anaInterest, statusId);
      expect(response.statusCode).toBe(404);
      expect(response.body.message).toBe('Este interés no existe');
      expect(await interestRows(testApp.app, ana.id)).toEqual([
        { id: anaInterest, client_id: ana.id, target_client_id: beto.id, status_id: 1 },
      ]);
    },
  );

  it("cannot withdraw the other person's side of a mutual pair", async () => {
    const ana = await personWithAdvert(testApp);
    const beto = await personWithAdvert(testApp);
    await add(ana, beto.advertId);
    const betoInterest = (await add(beto, ana.advertId)).body.interest_id;
    expect((await withdraw(ana, betoInterest, 1)).statusCode).toBe(404);
    expect((await interestRows(testApp.app, ana.id, beto.id)).map((row) => row.status_id)).toEqual([2, 2]);
  });

  it('answers 404 for an interest that does not exist', async () => {
    const ana = await loggedInClient(testApp);
    expect((await withdraw(ana, 987_654, 0)).statusCode).toBe(404);
  });

  it.each([
    [{ interes: { id: 1, status_id: 2 } }, /«estado»/],
    [{ interes: { id: 1 } }, /«estado»/],
    [{ interes: { id: 'x', status_id: 0 } }, /«identificador»/],
    [{ client_id: 'yo', interes: { id: 1, status_id: 0 } }, /«cliente»/],
  ])('refuses the malformed body %j with 400 in Spanish', async (body, message) => {
    const ana = await loggedInClient(testApp);
    const response = await ana.agent.post('client/interested/update', body);
    expect(response.statusCode).toBe(400);
    expect(response.body.message).toMatch(message);
  });

  it('answers 401 to a visitor', async () => {
    const response = await testApp
      .agent()
      .post('client/interested/update', { interes: { id: 1, status_id: 0 } });
    expect(response.statusCode).toBe(401);
  });
});

describe('client/interested/get', () => {
  it('lists newest first and leaves out people who are no longer active', async () => {
    const ana = await loggedInClient(testApp);
    const first = await personWithAdvert(testApp);
    const second = await personWithAdvert(testApp);
    const gone = await personWithAdvert(testApp);
    await add(ana, first.advertId);
    await add(ana, gone.advertId);
    await add(ana, second.advertId);
    await setClientStatus(testApp.app, gone.id, 2);
    const { interested } = await lists(ana);
    expect(interested.map((entry) => entry.client_id)).toEqual([second.id, first.id]);
  });

  it('keeps a person whose advert was taken down, without its text', async () => {
    const ana = await loggedInClient(testApp);
    const beto = await personWithAdvert(testApp);
    await add(ana, beto.advertId);
    await testApp.app.db
      .updateTable('adverts')
      .set({ status_id: 2 })
      .where('id', '=', beto.advertId)
      .execute();
    const { interested } = await lists(ana);
    expect(interested).toEqual([
      expect.objectContaining({ client_id: beto.id, advert_id: null, description: '' }),
    ]);
  });

  it('answers 401 to a visitor and 403 to a body naming another client', async () => {
    expect((await testApp.agent().post('client/interested/get', {})).statusCode).toBe(401);
    const ana = await loggedInClient(testApp);
    const beto = await loggedInClient(testApp);
    expect((await ana.agent.post('client/interested/get', { client_id: beto.id })).statusCode).toBe(403);
  });

  it('answers a body without client_id, as the session decides who calls', async () => {
    const ana = await loggedInClient(testApp);
    const beto = await personWithAdvert(testApp);
    await insertAdvert(testApp.app, ana.id);
    await add(ana, beto.advertId);
    const response = await ana.agent.post('client/interested/get');
    expect(response.statusCode).toBe(200);
    expect(response.body.interested).toHaveLength(1);
  });
});
