import type { APIRequestContext } from '@playwright/test';
import sharp from 'sharp';
import { formatPhone } from '../../src/shared/domain/phone-display';
import { adminApi, apiContext, FRESH_PASSWORD } from './events-quiz/helpers';

/**
 * Data of a test's own, made through the real API calls. The browser suite shares one server and
 * one database, so a test that changes rows must change rows nobody else reads (the demo content
 * stays as seeded): a retry then starts from a state of its own, and no spec breaks another.
 */

/** A word of letters no other test (nor an earlier try of this one) uses: for names people read. */
export function uniqueWord(): string {
  const letters = 'abcdefghijklmnopqrstuvwxyz';
  let word = '';
  for (let index = 0; index < 7; index++) word += letters[Math.floor(Math.random() * letters.length)];
  return word[0]!.toUpperCase() + word.slice(1);
}

export interface Person {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  /** 'Nombre Apellido', as the back office shows it. */
  fullName: string;
  /** 'Nombre A.', as an advert card shows it. */
  card: string;
  phone: string;
  instagram: string;
}

/** Signs a new client up (female unless told otherwise) with unique names and e-mail. */
export async function newPerson(
  baseURL: string,
  options: { firstName?: string; lastName?: string; gender?: 1 | 2 | 3 } = {},
): Promise<Person> {
  const firstName = options.firstName ?? uniqueWord();
  const lastName = options.lastName ?? uniqueWord();
  const phone = `55${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
  const ascii = (text: string) =>
    text
      .normalize('NFD')
      .replace(/\p{Mn}/gu, '')
      .toLowerCase();
  // Instagram's own limit: 30 characters.
  const instagram = ascii(`${firstName}_${lastName}`).slice(0, 30);
  const email = ascii(`${firstName}.${lastName}.${Date.now()}@e2e.mx`);
  const api = await apiContext(baseURL);
  const response = await api.post('/api/client/add', {
    data: {
      client: {
        first_name: firstName,
        last_name: lastName,
        email,
        phone,
        instagram,
        birthday: '1991-06-15',
        gender: options.gender ?? 1,
        occupation: 'Pruebas',
        password: FRESH_PASSWORD,
        privacy_consent: true,
      },
    },
  });
  if (!response.ok()) throw new Error(`sign-up failed: ${await response.text()}`);
  const { client_id } = (await response.json()) as { client_id: number };
  await api.dispose();
  return {
    id: client_id,
    email,
    firstName,
    lastName,
    fullName: `${firstName} ${lastName}`,
    card: `${firstName} ${lastName[0]}.`,
    phone,
    instagram,
  };
}

/** An API context logged in as this person. */
export async function personApi(baseURL: string, person: Person): Promise<APIRequestContext> {
  const api = await apiContext(baseURL);
  const response = await api.post('/api/client/login', {
    data: { access: { email: person.email, password: FRESH_PASSWORD } },
  });
  if (!response.ok()) throw new Error(`login failed: ${await response.text()}`);
  return api;
}

export async function call<T>(api: APIRequestContext, url: string, data: unknown): Promise<T> {
  const response = await api.post(url, { data });
  if (!response.ok()) throw new Error(`${url} failed: ${await response.text()}`);
  return (await response.json()) as T;
}

/** The person asks for an advert with this text; it waits for an admin. Returns the advert id. */
export async function requestAdvert(baseURL: string, person: Person, text: string): Promise<number> {
  const api = await personApi(baseURL, person);
  const { advert } = await call<{ advert: { id: number } }>(api, '/api/client/advert/update', {
    advert: { status_id: 1, description_update: text },
  });
  await api.dispose();
  return advert.id;
}

/** An advert with this text, approved and shown on /personas. Returns the advert id. */
export async function publishAdvert(baseURL: string, person: Person, text: string): Promise<number> {
  const advertId = await requestAdvert(baseURL, person, text);
  const admin = await adminApi(baseURL);
  await call(admin, '/api/admin/clients/update', {
    advert: { id: advertId, status_id: 1, description: text },
  });
  await admin.dispose();
  return advertId;
}

/** `person` says they are interested in the advert `advertId`. */
export async function markInterest(baseURL: string, person: Person, advertId: number): Promise<void> {
  const api = await personApi(baseURL, person);
  await call(api, '/api/client/interested/add', { interes: { interested_id: advertId } });
  await api.dispose();
}

/** Signs the person up for the event; `confirmed` has an admin confirm the place too. */
export async function signUpForEvent(
  baseURL: string,
  person: Person,
  eventId: number,
  confirmed = false,
): Promise<void> {
  const api = await personApi(baseURL, person);
  const { assistance_id } = await call<{ assistance_id: number }>(api, '/api/client/events/add', {
    event_id: eventId,
  });
  await api.dispose();
  if (!confirmed) return;
  const admin = await adminApi(baseURL);
  await call(admin, '/api/event/update', { assistance: { id: assistance_id, status_id: 2 } });
  await admin.dispose();
}

/**
 * A photo-like JPEG made for the test: a colour gradient with grain, `width` × `height` pixels
 * (a camera's size when asked), so every upload has bytes of its own.
 */
export async function testJpeg(width = 600, height = 800): Promise<Buffer> {
  const hue = Math.floor(Math.random() * 360);
  const gradient = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="hsl(${hue},60%,70%)"/><stop offset="1" stop-color="hsl(${(hue + 90) % 360},50%,35%)"/>
    </linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/>
    <circle cx="${width / 2}" cy="${height * 0.4}" r="${Math.min(width, height) / 5}" fill="hsl(${hue},30%,85%)"/>
  </svg>`;
  const grain = await sharp({
    create: {
      width,
      height,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 18 },
    },
  })
    .png()
    .toBuffer();
  return sharp(Buffer.from(gradient))
    .composite([{ input: grain, blend: 'soft-light' }])
    .jpeg({ quality: 90 })
    .toBuffer();
}

/** The person uploads a photo through client/photos/add; it waits for an admin. Returns its id. */
export async function addPhoto(baseURL: string, person: Person, jpeg?: Buffer): Promise<number> {
  const api = await personApi(baseURL, person);
  const bytes = jpeg ?? (await testJpeg());
  const { photo } = await call<{ photo: { id: number } }>(api, '/api/client/photos/add', {
    image: `data:image/jpeg;base64,${bytes.toString('base64')}`,
  });
  await api.dispose();
  return photo.id;
}

/** An admin approves the photo (2) or rejects it (3) with a reason. */
export async function moderatePhoto(
  baseURL: string,
  photoId: number,
  decision: { status_id: 2 } | { status_id: 3; reason: string },
): Promise<void> {
  const admin = await adminApi(baseURL);
  await call(admin, '/api/admin/photos/update', { photo: { id: photoId, ...decision } });
  await admin.dispose();
}

/** The person gives up her place or waiting-list spot, as "Cancelar mi lugar" does. */
export async function cancelSignUp(baseURL: string, person: Person, eventId: number): Promise<void> {
  const api = await personApi(baseURL, person);
  await call(api, '/api/client/events/cancel', { event_id: eventId });
  await api.dispose();
}

/** A phone as stored or as the site shows it ('55 1234 5678'): what must not leak, in either form. */
export function anyPhoneForm(phone: string): RegExp {
  return new RegExp(`${phone}|${formatPhone(phone).replace(/[+]/g, '\\+')}`);
}
