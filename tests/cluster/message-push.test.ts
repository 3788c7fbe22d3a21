import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { isConnectedAnywhere } from '../../src/server/matches/live/live-presence';
import { SESSION_COOKIE } from '../../src/server/platform/auth/sessions';
import { createDatabase, type DB } from '../../src/server/platform/db/database';
import { FIXTURE_PASSWORD, insertAdvert, insertClient } from '../support/admin-fixtures';
import { HttpAgent } from '../support/http-agent';
import { createScratchDatabase, type ScratchDatabase, ServerProcess } from '../support/server-process';
import { waitFor } from './cluster';

// Presence across instances (decision 0041). This file kills one of its servers: it starts its
// own two on a database of its own. Heartbeats of one second, so a dead instance's members count
// as gone after three.
const HEARTBEAT_MS = 1_000;
let scratch: ScratchDatabase;
let store: { db: DB };
const servers: ServerProcess[] = [];
const sockets: WebSocket[] = [];

beforeAll(async () => {
  if (!process.env.DATABASE_URL) throw new Error('this file needs DATABASE_URL (PostgreSQL)');
  scratch = await createScratchDatabase();
  const env = { SEED_DEMO: '0', LIVE_HEARTBEAT_SECONDS: String(HEARTBEAT_MS / 1000), QUEUE_POLL_MS: '200' };
  servers.push(
    await ServerProcess.start({ databaseUrl: scratch.databaseUrl, dataDir: scratch.dataDir, env }),
  );
  servers.push(
    await ServerProcess.start({ databaseUrl: scratch.databaseUrl, dataDir: scratch.dataDir, env }),
  );
  store = { db: createDatabase({ databaseUrl: scratch.databaseUrl, dataDir: scratch.dataDir }) };
});

afterAll(async () => {
  for (const socket of sockets) socket.terminate();
  for (const server of servers) {
    await server.stop();
    if (/error|fatal/i.test(server.output)) console.log(`--- servidor :${server.port}\n${server.output}`);
  }
  await store?.db.destroy();
  await scratch?.drop();
});

async function member(server: ServerProcess, firstName: string) {
  const client = await insertClient(store, { first_name: firstName });
  const agent = new HttpAgent(server.url);
  await agent.loginClient(client.email, FIXTURE_PASSWORD);
  return { ...client, agent, advertId: await insertAdvert(store, client.id) };
}

type Member = Awaited<ReturnType<typeof member>>;

async function match(one: Member, other: Member): Promise<number> {
  for (const [from, to] of [
    [one, other],
    [other, one],
  ] as const) {
    const added = await from.agent.post('client/interested/add', { interes: { interested_id: to.advertId } });
    expect(added.statusCode).toBe(200);
  }
  const conversation = await store.db
    .selectFrom('conversation_sides')
    .select('conversation_id')
    .where('client_id', '=', one.id)
    .executeTakeFirstOrThrow();
  return conversation.conversation_id;
}

/** Her socket on one server, open once that server wrote her presence. */
async function openSocket(server: ServerProcess, who: Member): Promise<WebSocket> {
  const socket = new WebSocket(`ws://127.0.0.1:${server.port}/api/live`, {
    headers: { cookie: `${SESSION_COOKIE.client}=${who.agent.cookie(SESSION_COOKIE.client)}` },
  });
  sockets.push(socket);
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  await waitFor(
    'her presence',
    () => presenceRows(who.id),
    (count) => count === 1,
  );
  return socket;
}

async function presenceRows(clientId: number): Promise<number> {
  const rows = await store.db
    .selectFrom('live_presence')
    .select('instance_id')
    .where('client_id', '=', clientId)
    .execute();
  return rows.length;
}

let sent = 0;
/** Sends, waits until the instances decided whether she is away, and answers whether she got a push. */
async function sendAndPushed(from: Member, conversationId: number, text: string): Promise<boolean> {
  const answer = await from.agent.post<{ sent: { id: number } }>('client/messages/send', {
    conversation_id: conversationId,
    text,
    client_message_id: `push-${process.pid}-${++sent}`,
  });
  expect(answer.statusCode, JSON.stringify(answer.body)).toBe(200);
  const messageId = answer.body.sent.id;
  await waitFor(
    'the away check of the message',
    () =>
      store.db
        .selectFrom('jobs')
        .select('state')
        .where('key', '=', `message-push:${messageId}`)
        .executeTakeFirst(),
    (job) => job?.state === 'done',
  );
  const push = await store.db
    .selectFrom('jobs')
    .select('id')
    .where('key', '=', `push:messages:${messageId}`)
    .executeTakeFirst();
  return push !== undefined;
}

describe('a push for a message, across two instances (docs/design/20-mensajes.md "Away")', () => {
  it('none while her socket is open on the other instance; one once she closed it', async () => {
    const [a, b] = [servers[0]!, servers[1]!];
    const ana = await member(a, 'Ana');
    const bea = await member(b, 'Bea');
    const conversationId = await match(ana, bea);
    const socket = await openSocket(b, bea);
    expect(await sendAndPushed(ana, conversationId, 'Hola Bea')).toBe(false);

    socket.close();
    await waitFor(
      'her presence to go',
      () => presenceRows(bea.id),
      (count) => count === 0,
    );
    expect(await sendAndPushed(ana, conversationId, '¿Sigues ahí?')).toBe(true);
  });

  it('kill -9 of the instance holding her socket: her presence expires and the next message is pushed', async () => {
    const [survivor, doomed] = [servers[0]!, servers[1]!];
    const ana = await member(survivor, 'Ana');
    const bea = await member(doomed, 'Bea');
    const conversationId = await match(ana, bea);
    await openSocket(doomed, bea);
    expect(await sendAndPushed(ana, conversationId, 'Uno')).toBe(false);

    doomed.signal('SIGKILL');
    await doomed.exited;
    // Her row outlives the instance, but counts as gone after three missed heartbeats, and the
    // survivor's heartbeat then clears it.
    await waitFor(
      'her presence to expire',
      () => isConnectedAnywhere(store.db, bea.id, HEARTBEAT_MS),
      (connected) => !connected,
      10_000,
    );
    await waitFor(
      'the dead instance rows cleared',
      () => presenceRows(bea.id),
      (count) => count === 0,
      10_000,
    );
    expect(await sendAndPushed(ana, conversationId, 'Dos')).toBe(true);
  });
});
