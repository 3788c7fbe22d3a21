import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import {
  MESSAGE_PUSH_JOB,
  type MessagePushPayload,
  pushMessageIfAway,
} from '../../../src/server/matches/messages/message-push';
import { pendingJobs, queuedPushes, runPending } from '../../support/push-jobs';
import { setUpTestApp } from '../../support/test-app';
import { loggedInClient } from '../events/helpers';
import { runningEvent } from '../match-cards/helpers';
import { type Member, mutualPair, send } from './message-helpers';

// The queue does not run: each test runs the message-push jobs itself and reads the push
// notifications they queued, payload and all.
const testApp = setUpTestApp({ seedDemo: false, loginAdmin: true, env: { QUEUE_CONCURRENCY: '0' } });
let base = '';

beforeAll(async () => {
  await testApp.app.listen({ port: 0, host: '127.0.0.1' });
  base = `ws://127.0.0.1:${(testApp.app.server.address() as AddressInfo).port}`;
});

const runMessagePushes = () =>
  runPending<MessagePushPayload>(testApp.app.db, MESSAGE_PUSH_JOB, (payload) =>
    pushMessageIfAway(testApp.app, payload),
  );

/** Her rows in the presence table (one per instance she has a socket open on). */
const presenceOf = (clientId: number) =>
  testApp.app.db.selectFrom('live_presence').selectAll().where('client_id', '=', clientId).execute();

async function until(what: string, done: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + 5_000;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Her live channel, open once the server has written her presence. */
async function connect(member: Member): Promise<WebSocket> {
  const socket = new WebSocket(`${base}/api/live`, {
    headers: { cookie: `cita_client=${member.agent.cookie('cita_client')}` },
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  await until('her presence', async () => (await presenceOf(member.id)).length === 1);
  return socket;
}

async function disconnect(member: Member, socket: WebSocket): Promise<void> {
  socket.close();
  await until('her presence to go', async () => (await presenceOf(member.id)).length === 0);
}

describe('a message to a member who is away (docs/design/20-mensajes.md, docs/design/21-pocket.md)', () => {
  it('is pushed to her at once, naming the sender by first name, never its text', async () => {
    const { ana, beto, conversationId } = await mutualPair(testApp);
    const pushedBefore = await queuedPushes(testApp.app.db, beto.id);
    const text = 'Nos vemos en el café de Álvaro Obregón a las 7, secreto 8841';
    expect((await send(ana, conversationId, text)).statusCode).toBe(200);
    expect(await runMessagePushes()).toBe(1);

    const pushed = (await queuedPushes(testApp.app.db, beto.id)).slice(pushedBefore.length);
    expect(pushed).toEqual([
      expect.objectContaining({
        clientId: beto.id,
        kind: 'messages',
        title: 'Tienes un mensaje nuevo de Ana',
        url: `/mensajes/${conversationId}`,
        tag: `messages:${conversationId}`,
      }),
    ]);
    const written = JSON.stringify(pushed);
    for (const secret of ['café', 'Obregón', '8841', 'López']) expect(written).not.toContain(secret);
    expect((await queuedPushes(testApp.app.db, ana.id)).filter((push) => push.kind === 'messages')).toEqual(
      [],
    );
  });

  it('a retried send (same client_message_id) pushes once', async () => {
    const { ana, beto, conversationId } = await mutualPair(testApp);
    const id = randomUUID();
    expect((await send(ana, conversationId, 'Hola', id)).statusCode).toBe(200);
    expect((await send(ana, conversationId, 'Hola', id)).statusCode).toBe(200);
    await runMessagePushes();
    expect(
      (await queuedPushes(testApp.app.db, beto.id)).filter((push) => push.kind === 'messages'),
    ).toHaveLength(1);
  });

  it('is not pushed while she has the site open, and is once she closed it', async () => {
    const { ana, beto, conversationId } = await mutualPair(testApp);
    const socket = await connect(beto);
    expect((await send(ana, conversationId, '¿Estás ahí?')).statusCode).toBe(200);
    expect(await runMessagePushes()).toBe(1);
    expect((await queuedPushes(testApp.app.db, beto.id)).filter((push) => push.kind === 'messages')).toEqual(
      [],
    );

    await disconnect(beto, socket);
    expect((await send(ana, conversationId, '¿Y ahora?')).statusCode).toBe(200);
    expect(await runMessagePushes()).toBe(1);
    expect(
      (await queuedPushes(testApp.app.db, beto.id)).filter((push) => push.kind === 'messages'),
    ).toHaveLength(1);
  });

  it('two tabs: closing one of them still counts her as here', async () => {
    const { ana, beto, conversationId } = await mutualPair(testApp);
    const first = await connect(beto);
    const second = new WebSocket(`${base}/api/live`, {
      headers: { cookie: `cita_client=${beto.agent.cookie('cita_client')}` },
    });
    await new Promise((resolve) => second.once('open', resolve));
    first.close();
    await new Promise((resolve) => first.once('close', resolve));
    await send(ana, conversationId, 'Hola');
    await runMessagePushes();
    expect((await queuedPushes(testApp.app.db, beto.id)).filter((push) => push.kind === 'messages')).toEqual(
      [],
    );
    await disconnect(beto, second);
  });

  it('is not pushed when she read it before the push went', async () => {
    const { ana, beto, conversationId } = await mutualPair(testApp);
    const sent = await send(ana, conversationId, 'Hola');
    const read = await beto.agent.post('client/messages/read', {
      conversation_id: conversationId,
      up_to_id: sent.body.sent.id,
    });
    expect(read.statusCode).toBe(200);
    await runMessagePushes();
    expect((await queuedPushes(testApp.app.db, beto.id)).filter((push) => push.kind === 'messages')).toEqual(
      [],
    );
  });

  it('counts her as away when the instance holding her socket stopped beating', async () => {
    const { ana, beto, conversationId } = await mutualPair(testApp);
    // Another instance, killed 10 minutes ago with her socket open: its rows stayed behind.
    const dead = randomUUID();
    await testApp.app.db
      .insertInto('live_instances')
      .values({ id: dead, seen_at: new Date(Date.now() - 600_000).toISOString() })
      .execute();
    await testApp.app.db
      .insertInto('live_presence')
      .values({ instance_id: dead, client_id: beto.id })
      .execute();
    await send(ana, conversationId, 'Hola');
    await runMessagePushes();
    expect(
      (await queuedPushes(testApp.app.db, beto.id)).filter((push) => push.kind === 'messages'),
    ).toHaveLength(1);
  });

  it('queues the check with the message: one job per message sent', async () => {
    const { ana, conversationId } = await mutualPair(testApp);
    const before = (await pendingJobs(testApp.app.db, MESSAGE_PUSH_JOB)).length;
    await send(ana, conversationId, 'Hola');
    expect(await pendingJobs(testApp.app.db, MESSAGE_PUSH_JOB)).toHaveLength(before + 1);
    await runMessagePushes();
  });
});

describe('a new match (docs/design/21-pocket.md)', () => {
  it('tells both people by push, each with the first name of the other, to their conversation', async () => {
    const { ana, beto, conversationId } = await mutualPair(testApp);
    const toAna = (await queuedPushes(testApp.app.db, ana.id)).filter((push) => push.kind === 'new_match');
    const toBeto = (await queuedPushes(testApp.app.db, beto.id)).filter((push) => push.kind === 'new_match');
    expect(toAna).toEqual([
      expect.objectContaining({
        clientId: ana.id,
        title: '¡Tienes un nuevo match con Beto!',
        url: `/mensajes/${conversationId}`,
      }),
    ]);
    expect(toBeto).toEqual([
      expect.objectContaining({
        clientId: beto.id,
        title: '¡Tienes un nuevo match con Ana!',
        url: `/mensajes/${conversationId}`,
      }),
    ]);
    expect(JSON.stringify([...toAna, ...toBeto])).not.toMatch(/López|Ruiz|@/);
  });

  it('a one-way interest tells nobody', async () => {
    const { ana, beto } = await mutualPair(testApp);
    const { ana: carla } = await mutualPair(testApp, { first_name: 'Carla' });
    await carla.agent.post('client/interested/add', { interes: { interested_id: beto.advertId } });
    expect(
      (await queuedPushes(testApp.app.db, beto.id)).filter((push) => push.kind === 'new_match'),
    ).toHaveLength(1);
    expect(
      (await queuedPushes(testApp.app.db, ana.id)).filter((push) => push.kind === 'new_match'),
    ).toHaveLength(1);
  });

  it('on match cards: both hear of a pair that is new, nobody of one that was already mutual', async () => {
    const ana = await loggedInClient(testApp, { first_name: 'Ana', gender: 1 });
    const carlos = await loggedInClient(testApp, { first_name: 'Carlos', gender: 2 });
    const { ana: lucia, beto } = await mutualPair(testApp, { first_name: 'Lucía', gender: 1 }, { gender: 2 });
    const before = (await queuedPushes(testApp.app.db)).length;
    const eventId = await runningEvent(testApp.app, [ana.id, carlos.id, lucia.id, beto.id]);
    for (const [who, other] of [
      [ana, carlos],
      [carlos, ana],
      [lucia, beto],
      [beto, lucia],
    ] as const) {
      const picked = await who.agent.post('client/picks/update', {
        event_id: eventId,
        picks: [{ client_id: other.id, pick: 1 }],
      });
      expect(picked.statusCode).toBe(200);
    }
    const closed = await testApp.admin.post('event/update', { picks_close: eventId });
    expect(closed.body).toMatchObject({ closed: true, mutual: 2 });

    const pushed = (await queuedPushes(testApp.app.db)).slice(before);
    const conversation = await testApp.app.db
      .selectFrom('conversations')
      .select('id')
      .where('pair_key', '=', `${Math.min(ana.id, carlos.id)}:${Math.max(ana.id, carlos.id)}`)
      .executeTakeFirstOrThrow();
    expect(pushed).toEqual([
      expect.objectContaining({
        clientId: ana.id,
        kind: 'new_match',
        title: '¡Tienes un nuevo match con Carlos!',
        url: `/mensajes/${conversation.id}`,
      }),
      expect.objectContaining({
        clientId: carlos.id,
        kind: 'new_match',
        title: '¡Tienes un nuevo match con Ana!',
        url: `/mensajes/${conversation.id}`,
      }),
    ]);
  });
});
