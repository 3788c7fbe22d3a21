import { createECDH, randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { QUIZ_QUESTIONS } from '../../../src/shared/domain/quiz-questions';
import {
  FIXTURE_PASSWORD,
  insertAdvert,
  insertClient,
  insertEvent,
  insertInterest,
  signUp,
} from '../../support/admin-fixtures';
import { dataUrl, pngBytes } from '../../support/images';
import { insertPhoto } from '../../support/photo-fixtures';
import { type Agent, setUpTestApp, TEST_ADMIN } from '../../support/test-app';
import { runningEvent } from '../match-cards/helpers';

/**
 * Issue 6 §1: every route the server registers, with what each kind of caller gets.
 * - visitor: no session.
 * - clientA: the owner of the data the body names.
 * - clientB: another logged-in client sending A's ids.
 * - admin: an active admin (who names themselves when the body carries admin_id).
 * - inactiveAdmin: an admin who was logged in and then set to Inactivo by another admin.
 * - deletedClient: a client who was logged in and then deleted by an admin, sending their own ids.
 * A route the server registers without a row here fails the suite, so a new call cannot ship
 * without someone deciding who may use it.
 */
const ACTORS = ['visitor', 'clientB', 'deletedClient', 'inactiveAdmin', 'admin', 'clientA'] as const;
type Actor = (typeof ACTORS)[number];

interface World {
  clientA: { id: number; email: string };
  clientB: { id: number; email: string };
  deletedClient: { id: number; email: string };
  advertOfA: number;
  advertOfB: number;
  eventId: number;
  /** A speed-dating night under way with A and B checked in (match cards open). */
  nightId: number;
  assistanceOfA: number;
  interestOfA: number;
  /** An open report by B about A, for the admin's queue. */
  reportOfB: number;
  /** A pending photo of A (A reorders or deletes it; the admin moderates it). */
  photoOfA: number;
  /** A's conversation with B, and a message B sent in it. */
  conversationOfA: number;
  messageOfB: number;
  adminId: number;
  inactiveAdminId: number;
}

interface Row {
  /** The body sent (POST) or the query string (GET); built from this route's fresh world. */
  request: (world: World, actor: Actor) => unknown;
  expect: Record<Actor, number>;
}

const PUBLIC_OK = {
  visitor: 200,
  clientB: 200,
  deletedClient: 200,
  inactiveAdmin: 200,
  admin: 200,
  clientA: 200,
};
/** Client calls on A's data: only A, with a live session, gets through. */
/** A browser's subscription keys: a P-256 public point and a 16-byte auth secret. */
const pushKeys = (() => {
  const ecdh = createECDH('prime256v1');
  return { p256dh: ecdh.generateKeys().toString('base64url'), auth: randomBytes(16).toString('base64url') };
})();

const CLIENT_ONLY = {
  visitor: 401,
  clientB: 403,
  deletedClient: 401,
  inactiveAdmin: 401,
  admin: 401,
  clientA: 200,
};
/** Admin calls: only an active admin's live session gets through. */
const ADMIN_ONLY = {
  visitor: 401,
  clientB: 401,
  deletedClient: 401,
  inactiveAdmin: 401,
  admin: 200,
  clientA: 401,
};

/** The first option of every question: a complete, valid quiz. */
const QUIZ_ANSWERS = Object.fromEntries(
  QUIZ_QUESTIONS.map((question) => [question.key, question.options[0]!.text]),
);

/** A fresh e-mail per call, so sign-ups never collide across actors. */
let uniqueSequence = 0;
const uniqueEmail = () => `matriz${++uniqueSequence}.${Date.now()}@pruebas.mx`;

const MATRIX: Record<string, Row> = {
  'GET /api/health': { request: () => '', expect: PUBLIC_OK },
  'GET /api/openapi.json': { request: () => '', expect: PUBLIC_OK },
  'POST /api/stats/get': { request: () => ({}), expect: PUBLIC_OK },
  'POST /api/event/get': { request: () => ({}), expect: PUBLIC_OK },
  'POST /api/event/details': { request: (w) => ({ event_id: w.eventId }), expect: PUBLIC_OK },
  'POST /api/event/add': {
    request: (w) => ({ admin_id: w.adminId, event: { name: 'Evento de la matriz' } }),
    expect: ADMIN_ONLY,
  },
  'POST /api/event/update': {
    request: (w) => ({ admin_id: w.adminId, contacted: { id: w.assistanceOfA, contacted: 1 } }),
    expect: ADMIN_ONLY,
  },
  'POST /api/event/rounds': {
    request: (w) => ({ admin_id: w.adminId, event_id: w.nightId }),
    expect: ADMIN_ONLY,
  },
  'POST /api/client/picks/get': {
    request: (w) => ({ client_id: w.clientA.id, event_id: w.nightId }),
    expect: CLIENT_ONLY,
  },
  'POST /api/client/picks/update': {
    request: (w) => ({
      client_id: w.clientA.id,
      event_id: w.nightId,
      picks: [{ client_id: w.clientB.id, pick: 1 }],
    }),
    expect: CLIENT_ONLY,
  },
  'GET /api/event/attendance.csv': { request: (w) => `event_id=${w.eventId}`, expect: ADMIN_ONLY },
  'POST /api/client/add': {
    request: () => ({
      client: {
        first_name: 'Nueva',
        last_name: 'Persona',
        email: uniqueEmail(),
        birthday: '1992-03-04',
        password: 'una-clave-segura',
        privacy_consent: true,
      },
    }),
    expect: PUBLIC_OK,
  },
  'POST /api/client/login': {
    request: (w) => ({ access: { email: w.clientA.email, password: FIXTURE_PASSWORD } }),
    // A deleted client cannot log in with their own, correct credentials.
    expect: { ...PUBLIC_OK, deletedClient: 401 },
  },
  'POST /api/client/logout': { request: () => ({}), expect: PUBLIC_OK },
  'POST /api/client/profile': { request: (w) => ({ client_id: w.clientA.id }), expect: CLIENT_ONLY },
  'POST /api/client/events/get': { request: (w) => ({ client_id: w.clientA.id }), expect: CLIENT_ONLY },
  'POST /api/client/events/add': {
    request: (w) => ({ client_id: w.clientA.id, event_id: w.eventId }),
    expect: CLIENT_ONLY,
  },
  'POST /api/client/events/cancel': {
    request: (w) => ({ client_id: w.clientA.id, event_id: w.eventId }),
    expect: CLIENT_ONLY,
  },
  'POST /api/quizz/questions': { request: () => ({}), expect: PUBLIC_OK },
  // This app runs with PAYMENTS=off: A gets through, to hear that paying online is off.
  'POST /api/client/payments/checkout': {
    request: (w) => ({ client_id: w.clientA.id, event_id: w.eventId }),
    expect: { ...CLIENT_ONLY, clientA: 409 },
  },
  'POST /api/client/payments/get': { request: (w) => ({ client_id: w.clientA.id }), expect: CLIENT_ONLY },
  'POST /api/admin/payments/get': { request: (w) => ({ admin_id: w.adminId }), expect: ADMIN_ONLY },
  // This app runs with INVOICES=off: A gets through, to hear that invoicing is off.
  'POST /api/client/invoice/get': {
    request: (w) => ({ client_id: w.clientA.id, assistance_id: w.assistanceOfA }),
    expect: { ...CLIENT_ONLY, clientA: 404 },
  },
  'POST /api/client/invoice/add': {
    request: (w) => ({
      client_id: w.clientA.id,
      assistance_id: w.assistanceOfA,
      fiscal: {
        rfc: 'COSC8001137NA',
        name: 'CARLOS COSS',
        regime: '612',
        zip: '06000',
        use: 'G03',
        email: w.clientA.email,
      },
    }),
    expect: { ...CLIENT_ONLY, clientA: 404 },
  },
  'POST /api/client/fiscal-profile/get': {
    request: (w) => ({ client_id: w.clientA.id }),
    expect: CLIENT_ONLY,
  },
  // A logged-in member reaches only her own invoices; with INVOICES=off there are none.
  'GET /api/client/invoice/factura.pdf': {
    request: () => 'id=1',
    expect: { visitor: 401, clientB: 404, deletedClient: 401, inactiveAdmin: 401, admin: 401, clientA: 404 },
  },
  'GET /api/client/invoice/factura.xml': {
    request: () => 'id=1',
    expect: { visitor: 401, clientB: 404, deletedClient: 401, inactiveAdmin: 401, admin: 401, clientA: 404 },
  },
  'POST /api/admin/invoices/get': { request: (w) => ({ admin_id: w.adminId }), expect: ADMIN_ONLY },
  // With INVOICES=off an admin gets through, to hear that invoicing is off.
  'POST /api/admin/invoices/close-period': {
    request: (w) => ({ admin_id: w.adminId, period_end: '2020-01-31' }),
    expect: { ...ADMIN_ONLY, admin: 404 },
  },
  'POST /api/admin/invoice/retry': {
    request: (w) => ({ admin_id: w.adminId, id: 999_999 }),
    expect: { ...ADMIN_ONLY, admin: 404 },
  },
  'POST /api/admin/payments/refund': {
    request: (w) => ({ admin_id: w.adminId, payment_id: 999_999 }),
    expect: { ...ADMIN_ONLY, admin: 404 },
  },
  // Sessions never matter here: the provider's signature does (tests/api/payments/webhooks.test.ts).
  'POST /api/payments/webhook': {
    request: () => ({ id: 'evt_matriz', type: 'checkout.session.completed' }),
    expect: { visitor: 404, clientB: 404, deletedClient: 404, inactiveAdmin: 404, admin: 404, clientA: 404 },
  },
  'POST /api/adverts/get': { request: (w) => ({ admin_id: w.adminId }), expect: PUBLIC_OK },
  'POST /api/client/interested/get': { request: (w) => ({ client_id: w.clientA.id }), expect: CLIENT_ONLY },
  'POST /api/client/interested/add': {
    request: (w) => ({ interes: { client_id: w.clientA.id, interested_id: w.advertOfB } }),
    expect: CLIENT_ONLY,
  },
  'POST /api/client/interested/update': {
    request: (w) => ({ client_id: w.clientA.id, interes: { id: w.interestOfA, status_id: 0 } }),
    expect: CLIENT_ONLY,
  },
  'POST /api/client/quizz/add': {
    request: (w) => ({ quizz: { client_id: w.clientA.id, ...QUIZ_ANSWERS } }),
    expect: CLIENT_ONLY,
  },
  'POST /api/client/quizz/get': { request: (w) => ({ client_id: w.clientA.id }), expect: CLIENT_ONLY },
  'POST /api/client/block': {
    request: (w) => ({ client_id: w.clientA.id, target_client_id: w.clientB.id }),
    expect: CLIENT_ONLY,
  },
  'POST /api/client/unblock': {
    request: (w) => ({ client_id: w.clientA.id, target_client_id: w.clientB.id }),
    expect: CLIENT_ONLY,
  },
  'POST /api/client/blocks/get': { request: (w) => ({ client_id: w.clientA.id }), expect: CLIENT_ONLY },
  'POST /api/client/report': {
    request: (w) => ({ client_id: w.clientA.id, target_client_id: w.clientB.id, reason: 'fake' }),
    expect: CLIENT_ONLY,
  },
  'POST /api/client/data/export': { request: (w) => ({ client_id: w.clientA.id }), expect: CLIENT_ONLY },
  'POST /api/client/conversations/get': {
    request: (w) => ({ client_id: w.clientA.id }),
    expect: CLIENT_ONLY,
  },
  'POST /api/client/messages/get': {
    request: (w) => ({ client_id: w.clientA.id, conversation_id: w.conversationOfA }),
    expect: CLIENT_ONLY,
  },
  'POST /api/client/messages/send': {
    request: (w, actor) => ({
      client_id: w.clientA.id,
      conversation_id: w.conversationOfA,
      text: 'Hola',
      client_message_id: `matriz-${actor}-${w.conversationOfA}`,
    }),
    expect: CLIENT_ONLY,
  },
  'POST /api/client/messages/read': {
    request: (w) => ({ client_id: w.clientA.id, conversation_id: w.conversationOfA, up_to_id: w.messageOfB }),
    expect: CLIENT_ONLY,
  },
  'POST /api/client/messages/report': {
    request: (w) => ({ client_id: w.clientA.id, message_id: w.messageOfB, reason: 'offensive' }),
    expect: CLIENT_ONLY,
  },
  'POST /api/client/whatsapp/share': {
    request: (w) => ({ client_id: w.clientA.id, conversation_id: w.conversationOfA }),
    expect: CLIENT_ONLY,
  },
  'POST /api/client/push/key': { request: (w) => ({ client_id: w.clientA.id }), expect: CLIENT_ONLY },
  'POST /api/client/push/subscribe': {
    request: (w, actor) => ({
      client_id: w.clientA.id,
      subscription: { endpoint: `https://fcm.googleapis.com/fcm/send/matriz-${actor}`, keys: pushKeys },
    }),
    expect: CLIENT_ONLY,
  },
  'POST /api/client/push/unsubscribe': {
    request: (w, actor) => ({
      client_id: w.clientA.id,
      endpoint: `https://fcm.googleapis.com/fcm/send/matriz-${actor}`,
    }),
    expect: CLIENT_ONLY,
  },
  'POST /api/client/push/preferences/get': {
    request: (w) => ({ client_id: w.clientA.id }),
    expect: CLIENT_ONLY,
  },
  'POST /api/client/push/preferences/update': {
    request: (w) => ({ client_id: w.clientA.id, preferences: { messages: false } }),
    expect: CLIENT_ONLY,
  },
  // The live channel's WebSocket: a member's session only (tests/api/matches/messages-live.test.ts
  // opens it); a plain GET with her session is not an upgrade.
  'GET /api/live': {
    request: () => '',
    expect: { visitor: 401, clientB: 404, deletedClient: 401, inactiveAdmin: 401, admin: 401, clientA: 404 },
  },
  // Her own tickets for the door: no body ids to send, so another member gets her own (none).
  'GET /api/client/tickets': {
    request: () => '',
    expect: { visitor: 401, clientB: 200, deletedClient: 401, inactiveAdmin: 401, admin: 401, clientA: 200 },
  },
  'POST /api/client/photos/get': { request: (w) => ({ client_id: w.clientA.id }), expect: CLIENT_ONLY },
  'POST /api/client/photos/add': {
    request: (w) => ({ client_id: w.clientA.id, image: smallPhoto }),
    expect: CLIENT_ONLY,
  },
  'POST /api/client/photos/update': {
    request: (w) => ({ client_id: w.clientA.id, photo: { id: w.photoOfA, position: 1 } }),
    expect: CLIENT_ONLY,
  },
  'POST /api/client/photos/delete': {
    request: (w) => ({ client_id: w.clientA.id, photo_id: w.photoOfA }),
    expect: CLIENT_ONLY,
  },
  'POST /api/admin/photos/update': {
    request: (w) => ({ admin_id: w.adminId, photo: { id: w.photoOfA, status_id: 2 } }),
    expect: ADMIN_ONLY,
  },
  // Verified (docs/design/27-verified.md). A has no approved photo: her own start gets past the
  // session checks to the 409; her add names a challenge that does not exist.
  'POST /api/client/verification/get': { request: (w) => ({ client_id: w.clientA.id }), expect: CLIENT_ONLY },
  'POST /api/client/verification/start': {
    request: (w) => ({ client_id: w.clientA.id, consent: true }),
    expect: { ...CLIENT_ONLY, clientA: 409 },
  },
  'POST /api/client/verification/add': {
    request: (w) => ({ client_id: w.clientA.id, challenge_id: 999_999, images: [smallPhoto, smallPhoto] }),
    expect: { ...CLIENT_ONLY, clientA: 404 },
  },
  'POST /api/client/verification/delete': {
    request: (w) => ({ client_id: w.clientA.id }),
    expect: CLIENT_ONLY,
  },
  'POST /api/admin/verifications/get': { request: (w) => ({ admin_id: w.adminId }), expect: ADMIN_ONLY },
  'POST /api/admin/verification/update': {
    request: (w) => ({
      admin_id: w.adminId,
      verification: { id: 999_999, status_id: 3, reason: 'No es ella' },
    }),
    expect: { ...ADMIN_ONLY, admin: 404 },
  },
  // A checked in at the night under way: the door may compare her with her photo.
  'POST /api/admin/event/face-match': {
    request: (w) => ({ admin_id: w.adminId, event_id: w.nightId, client_id: w.clientA.id, match: true }),
    expect: ADMIN_ONLY,
  },
  'POST /api/admin/reports/get': { request: (w) => ({ admin_id: w.adminId }), expect: ADMIN_ONLY },
  'POST /api/admin/reports/update': {
    request: (w) => ({ admin_id: w.adminId, report: { id: w.reportOfB, status_id: 3 } }),
    expect: ADMIN_ONLY,
  },
  'POST /api/client/profile/update': {
    request: (w) => ({
      client_id: w.clientA.id,
      profile: { first_name: 'Ana', last_name: 'Matriz', gender: 1, birthday: '1990-01-01' },
    }),
    expect: CLIENT_ONLY,
  },
  'POST /api/client/password/update': {
    request: (w) => ({
      client_id: w.clientA.id,
      password: { current: FIXTURE_PASSWORD, new: 'otra-clave-segura' },
    }),
    expect: CLIENT_ONLY,
  },
  'POST /api/client/deactivate': {
    request: (w) => ({ client_id: w.clientA.id, password: FIXTURE_PASSWORD }),
    expect: CLIENT_ONLY,
  },
  'POST /api/client/password/forgot': { request: (w) => ({ email: w.clientA.email }), expect: PUBLIC_OK },
  'POST /api/client/password/reset': {
    // No session is needed or looked at: everyone's unknown link is refused alike.
    request: () => ({ token: 'enlace-que-no-existe', password: 'una-clave-segura' }),
    expect: { visitor: 400, clientB: 400, deletedClient: 400, inactiveAdmin: 400, admin: 400, clientA: 400 },
  },
  // clientA has not answered the quiz: her own call gets past the session checks to the 409.
  'POST /api/client/compatible/get': {
    request: (w) => ({ client_id: w.clientA.id }),
    expect: { ...CLIENT_ONLY, clientA: 409 },
  },
  'POST /api/client/advert/get': { request: (w) => ({ client_id: w.clientA.id }), expect: CLIENT_ONLY },
  'POST /api/client/advert/update': {
    request: (w) => ({ advert: { client_id: w.clientA.id, status_id: 1, description_update: 'Hola' } }),
    expect: CLIENT_ONLY,
  },
  'POST /api/admin/login': {
    request: () => ({ access: { email: TEST_ADMIN.email, password: TEST_ADMIN.password } }),
    expect: PUBLIC_OK,
  },
  'POST /api/admin/logout': { request: () => ({}), expect: PUBLIC_OK },
  'POST /api/admin/first-access': {
    // The one-time link alone opens it (decision 0049): no session is needed or looked at.
    request: () => ({ token: 'enlace-que-no-existe', password: 'una-clave-segura' }),
    expect: { visitor: 400, clientB: 400, deletedClient: 400, inactiveAdmin: 400, admin: 400, clientA: 400 },
  },
  'POST /api/admin/get': { request: (w) => ({ admin_id: w.adminId }), expect: ADMIN_ONLY },
  'POST /api/admin/add': {
    request: (w) => ({
      admin_id: w.adminId,
      admin: { name: 'Otra administradora', email: uniqueEmail(), password: 'una-clave-segura' },
    }),
    expect: ADMIN_ONLY,
  },
  'POST /api/admin/profile': {
    request: (w) => ({ admin_id: w.adminId, profile_id: w.inactiveAdminId }),
    expect: ADMIN_ONLY,
  },
  'POST /api/admin/update': {
    request: (w) => ({ admin_id: w.adminId, admin: { id: w.adminId, name: 'Administración' } }),
    expect: ADMIN_ONLY,
  },
  'POST /api/admin/dashboard': { request: (w) => ({ admin_id: w.adminId }), expect: ADMIN_ONLY },
  'POST /api/admin/audit/get': { request: (w) => ({ admin_id: w.adminId }), expect: ADMIN_ONLY },
  'POST /api/admin/backups/get': { request: () => ({}), expect: ADMIN_ONLY },
  'POST /api/admin/stats': { request: (w) => ({ admin_id: w.adminId }), expect: ADMIN_ONLY },
  'POST /api/admin/clients/get': { request: (w) => ({ admin_id: w.adminId }), expect: ADMIN_ONLY },
  'POST /api/admin/clients/update': {
    request: (w) => ({ admin_id: w.adminId, advert: { id: w.advertOfB, status_id: 2, description: 'Hola' } }),
    expect: ADMIN_ONLY,
  },
  'POST /api/admin/matches': { request: (w) => ({ admin_id: w.adminId }), expect: ADMIN_ONLY },
  // Promo codes and early-bird prices (docs/design/25-organizers.md).
  'POST /api/admin/codes/get': { request: (w) => ({ admin_id: w.adminId }), expect: ADMIN_ONLY },
  'POST /api/admin/codes/add': {
    request: (w) => ({ admin_id: w.adminId, code: `MATRIZ${++uniqueSequence}`, percent_off: 10 }),
    expect: ADMIN_ONLY,
  },
  'POST /api/admin/codes/update': {
    // No code has this id: past the permission, the admin hears that it does not exist.
    request: (w) => ({ admin_id: w.adminId, id: 999_999, code: 'NOEXISTE', percent_off: 10 }),
    expect: { ...ADMIN_ONLY, admin: 404 },
  },
  'POST /api/client/code/check': {
    request: (w) => ({ client_id: w.clientA.id, event_id: w.eventId, code: 'NOEXISTE' }),
    expect: { ...CLIENT_ONLY, clientA: 404 },
  },
  // Bring someone (docs/design/25-organizers.md): her link and what it brought; the reward the admins set.
  'POST /api/client/invite/get': { request: (w) => ({ client_id: w.clientA.id }), expect: CLIENT_ONLY },
  'POST /api/admin/invite-reward/get': { request: (w) => ({ admin_id: w.adminId }), expect: ADMIN_ONLY },
  'POST /api/admin/invite-reward/update': {
    request: (w) => ({ admin_id: w.adminId, enabled: true, percent_off: 50, valid_days: 30 }),
    expect: ADMIN_ONLY,
  },
  // Messages, news, ratings and the organizer's numbers (docs/design/25-organizers.md).
  'POST /api/admin/event/message': {
    request: (w) => ({
      admin_id: w.adminId,
      event_id: w.eventId,
      segment: 'confirmed',
      title: 'Aviso',
      text: 'Nos vemos el sábado',
      send: false,
    }),
    expect: ADMIN_ONLY,
  },
  'POST /api/admin/event/messages': {
    request: (w) => ({ admin_id: w.adminId, event_id: w.eventId }),
    expect: ADMIN_ONLY,
  },
  'POST /api/admin/event/ratings': {
    request: (w) => ({ admin_id: w.adminId, event_id: w.eventId }),
    expect: ADMIN_ONLY,
  },
  'POST /api/admin/event/report': {
    request: (w) => ({ admin_id: w.adminId, event_id: w.eventId }),
    expect: ADMIN_ONLY,
  },
  'GET /api/event/report.csv': { request: (w) => `event_id=${w.eventId}`, expect: ADMIN_ONLY },
  'POST /api/admin/ratings/trend': { request: (w) => ({ admin_id: w.adminId }), expect: ADMIN_ONLY },
  'POST /api/client/news/get': { request: (w) => ({ client_id: w.clientA.id }), expect: CLIENT_ONLY },
  'POST /api/client/news/update': {
    request: (w) => ({ client_id: w.clientA.id, news: true }),
    expect: CLIENT_ONLY,
  },
  'POST /api/client/rating/add': {
    // A came to the night under way: she may rate it; nobody may rate it for her.
    request: (w) => ({ client_id: w.clientA.id, event_id: w.nightId, stars: 5 }),
    expect: CLIENT_ONLY,
  },
  'POST /api/client/rating/get': {
    // Her own view of the night: whether she came and her earlier rating, never anyone else's.
    request: (w) => ({ client_id: w.clientA.id, event_id: w.nightId }),
    expect: CLIENT_ONLY,
  },
  'POST /api/news/unsubscribe': {
    // The signed link alone opens it (no session is looked at); without one it is refused for all.
    request: () => ({}),
    expect: { visitor: 400, clientB: 400, deletedClient: 400, inactiveAdmin: 400, admin: 400, clientA: 400 },
  },
};

/** Fastify answers HEAD for every GET route by itself; those answer exactly as their GET. */
function routesToCover(routes: { method: string; url: string }[]): string[] {
  return routes
    .filter((route) => route.url.startsWith('/api/') && route.method !== 'HEAD')
    .map((route) => `${route.method} ${route.url}`);
}

const testApp = setUpTestApp({ seedDemo: false });
/** A data URL of a small PNG, for the upload call. */
let smallPhoto = '';
beforeAll(async () => {
  smallPhoto = dataUrl(await pngBytes(200, 200));
});

async function loggedInClient(email: string): Promise<Agent> {
  const agent = testApp.agent();
  await agent.loginClient(email, FIXTURE_PASSWORD);
  return agent;
}

/** An open conversation between A and B (as a mutual interest makes), with one message from B. */
async function conversationBetween(app: typeof testApp.app, a: number, b: number) {
  const now = new Date().toISOString();
  const { id: conversationOfA } = await app.db
    .insertInto('conversations')
    .values({
      client_a: a,
      client_b: b,
      pair_key: `${a}:${b}`,
      created_at: now,
      closed_at: null,
      closed_reason: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const { id: messageOfB } = await app.db
    .insertInto('messages')
    .values({
      conversation_id: conversationOfA,
      sender_id: b,
      idempotency_key: 'matriz-b-1',
      text: 'Hola A',
      sent_at: now,
      read_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const member of [a, b]) {
    await app.db
      .insertInto('conversation_sides')
      .values({
        conversation_id: conversationOfA,
        client_id: member,
        activity_at: now,
        last_message_id: messageOfB,
        unread: member === a ? 1 : 0,
      })
      .execute();
  }
  return { conversationOfA, messageOfB };
}

/** Everyone and everything one route's row needs, made fresh so no route sees another's effects. */
async function buildWorld(): Promise<{ world: World; agents: Record<Actor, Agent> }> {
  const { app } = testApp;
  const clientA = await insertClient(app, { gender: 1 });
  const clientB = await insertClient(app, { gender: 2 });
  const deletedClient = await insertClient(app, { gender: 1 });
  const advertOfA = await insertAdvert(app, clientA.id, { description: 'Me gusta bailar' });
  const advertOfB = await insertAdvert(app, clientB.id, { description: 'Me gusta bailar' });
  const eventId = await insertEvent(app);
  const assistanceOfA = await signUp(app, eventId, clientA.id);
  const nightId = await runningEvent(app, [clientA.id, clientB.id]);
  const interestOfA = await insertInterest(app, clientA.id, clientB.id);
  const { id: reportOfB } = await app.db
    .insertInto('reports')
    .values({
      client_id: clientB.id,
      target_client_id: clientA.id,
      reason: 'fake',
      text: '',
      status_id: 1,
      action: null,
      created_at: new Date().toISOString(),
      resolved_at: null,
      resolved_by: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();

  const { id: photoOfA } = await insertPhoto(app, clientA.id, { status_id: 1 });
  const { conversationOfA, messageOfB } = await conversationBetween(app, clientA.id, clientB.id);

  const admin = testApp.agent();
  const adminId = await admin.loginAdmin();
  const inactiveEmail = uniqueEmail();
  const added = await admin.post<{ admin_id?: number; admin?: { id: number } }>('admin/add', {
    admin: { name: 'Admin inactiva', email: inactiveEmail, password: 'una-clave-segura' },
  });
  expect(added.statusCode).toBe(200);
  const inactiveAdmin = testApp.agent();
  const inactiveAdminId = await inactiveAdmin.loginAdmin(inactiveEmail, 'una-clave-segura');
  const deactivated = await admin.post('admin/update', { admin: { id: inactiveAdminId, status_id: 2 } });
  expect(deactivated.statusCode).toBe(200);

  const deletedAgent = await loggedInClient(deletedClient.email);
  const deleted = await admin.post('admin/clients/update', {
    client: { id: deletedClient.id, status_id: 2 },
  });
  expect(deleted.statusCode).toBe(200);

  const world: World = {
    clientA,
    clientB,
    deletedClient,
    advertOfA,
    advertOfB,
    reportOfB,
    photoOfA,
    conversationOfA,
    messageOfB,
    eventId,
    nightId,
    assistanceOfA,
    interestOfA,
    adminId,
    inactiveAdminId,
  };
  const agents: Record<Actor, Agent> = {
    visitor: testApp.agent(),
    clientA: await loggedInClient(clientA.email),
    clientB: await loggedInClient(clientB.email),
    deletedClient: deletedAgent,
    admin,
    inactiveAdmin,
  };
  return { world, agents };
}

/** A deleted client sends their own ids; everyone else sends A's (or the admin's) ids. */
function requestFor(row: Row, world: World, actor: Actor): unknown {
  if (actor !== 'deletedClient') return row.request(world, actor);
  return row.request({ ...world, clientA: world.deletedClient }, actor);
}

describe('permission matrix', () => {
  it('has exactly one row for every route the server registers', () => {
    const registered = routesToCover(testApp.app.routeList).sort();
    expect(Object.keys(MATRIX).sort()).toEqual(registered);
  });

  it.each(Object.keys(MATRIX))('%s answers each kind of caller as the matrix says', async (route) => {
    const row = MATRIX[route]!;
    const [method, url] = route.split(' ') as [string, string];
    const { world, agents } = await buildWorld();
    const outcome: Partial<Record<Actor, number>> = {};
    for (const actor of ACTORS) {
      const request = requestFor(row, world, actor);
      if (method === 'GET') {
        const response = await agents[actor].get(`${url}${request ? `?${request}` : ''}`);
        outcome[actor] = response.statusCode;
      } else {
        const response = await agents[actor].post(url.replace(/^\/api\//, ''), request);
        outcome[actor] = response.statusCode;
        expect(['success', 'warning', 'danger']).toContain(response.body.status);
        expect(response.statusCode < 500, `${actor}: ${response.body.message}`).toBe(true);
      }
    }
    expect(outcome).toEqual(row.expect);
  });
});
