import { afterAll, describe, expect, it } from 'vitest';
import { agent, mailsAcrossBackends, openDatabase, personWithAdvert, waitFor } from './cluster';

const store = openDatabase();
afterAll(async () => {
  await store.db.destroy();
});

const WELCOME = 'Te damos la bienvenida a Cita';
const MUTUAL = /tienen un interés mutuo$/;

function newAddress(label: string): string {
  return `${label}.${Math.random().toString(36).slice(2, 10)}@pruebas.mx`;
}

async function signUpThrough(backend: number, email: string): Promise<void> {
  const response = await agent().post(
    'client/add',
    {
      client: {
        first_name: 'Nodo',
        last_name: 'Correo',
        email,
        birthday: '1992-03-04',
        password: 'una-clave-larga',
        privacy_consent: true,
      },
    },
    { backend },
  );
  expect(response.statusCode).toBe(200);
  expect(response.backend).toBe(backend);
}

/** How many messages each address has whose subject passes `subject`, over both outboxes. */
async function counts(addresses: string[], subject: (text: string) => boolean): Promise<number[]> {
  return Promise.all(
    addresses.map(
      async (address) =>
        (await mailsAcrossBackends(address)).filter((mail) => subject(mail.subject ?? '')).length,
    ),
  );
}

const isWelcome = (text: string) => text === WELCOME;
const isMutual = (text: string) => MUTUAL.test(text);

describe('mail caused through both instances', () => {
  it('delivers each welcome and each mutual-interest mail exactly once, whichever instance caused it', async () => {
    const signUps = Array.from({ length: 8 }, (_, index) => newAddress(`bienvenida${index}`));
    await Promise.all(signUps.map((email, index) => signUpThrough(index % 2, email)));

    const pairs = await Promise.all(
      Array.from(
        { length: 3 },
        async () => [await personWithAdvert(store), await personWithAdvert(store)] as const,
      ),
    );
    const added = await Promise.all(
      pairs.flatMap(([a, b]) => [
        a.agent.post('client/interested/add', { interes: { interested_id: b.advertId } }, { backend: 0 }),
        b.agent.post('client/interested/add', { interes: { interested_id: a.advertId } }, { backend: 1 }),
      ]),
    );
    expect(added.map((response) => response.statusCode)).toEqual(Array(6).fill(200));
    const matched = pairs.flat().map((person) => person.email);

    await waitFor(
      'every welcome mail',
      () => counts(signUps, isWelcome),
      (found) => found.every((n) => n >= 1),
    );
    await waitFor(
      'every mutual mail',
      () => counts(matched, isMutual),
      (found) => found.every((n) => n >= 1),
    );
    // A duplicate would be sent around the time of the first copy. Mail caused afterwards, through
    // each instance, arriving means the earlier work is done: no fixed pause decides "no more".
    const later = [newAddress('despues0'), newAddress('despues1')];
    await Promise.all(later.map((email, backend) => signUpThrough(backend, email)));
    await waitFor(
      'the later welcome mails',
      () => counts(later, isWelcome),
      (found) => found.every((n) => n >= 1),
    );

    expect(await counts([...signUps, ...later], isWelcome)).toEqual(
      Array(signUps.length + later.length).fill(1),
    );
    expect(await counts(matched, isMutual)).toEqual(Array(matched.length).fill(1));
  });
});
