import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { SESSION_COOKIE } from '../../src/server/platform/auth/sessions';
import { createDatabase, type DB } from '../../src/server/platform/db/database';
import { type LiveFrame, liveFrameSchema, type Message } from '../../src/shared/contracts/messages';
import { FIXTURE_PASSWORD, insertAdvert, insertClient } from '../support/admin-fixtures';
import { HttpAgent } from '../support/http-agent';
import { createScratchDatabase, type ScratchDatabase, ServerProcess } from '../support/server-process';
import { waitFor } from './cluster';

// This file kills one of its servers: it starts its own two on a database of its own, so the
// shared cluster the other files use stays whole. Sockets go to each server directly, as a load
// balancer that has seen one die sends the reconnect to the other.
let scratch: ScratchDatabase;
let store: { db: DB };
const servers: ServerProcess[] = [];
const sockets: LiveSocket[] = [];

beforeAll(async () => {
  if (!process.env.DATABASE_URL) throw new Error('this file needs DATABASE_URL (PostgreSQL)');
  scratch = await createScratchDatabase();
  // Past the minute's limit of messages would be another test's subject; here it must not interfere.
  const env = { SEED_DEMO: '0', MESSAGES_PER_MINUTE: '1000' };
  // The first one migrates; the second starts once that is done.
  servers.push(
    await ServerProcess.start({ databaseUrl: scratch.databaseUrl, dataDir: scratch.dataDir, env }),
  );
  servers.push(
    await ServerProcess.start({ databaseUrl: scratch.databaseUrl, dataDir: scratch.dataDir, env }),
  );
  store = { db: createDatabase({ databaseUrl: scratch.databaseUrl, dataDir: scratch.dataDir }) };
});

afterAll(async () => {
  for (const socket of sockets) socket.close();
  for (const server of servers) {
    await server.stop();
    if (/error|fatal/i.test(server.output)) console.log(`--- servidor :${server.port}\n${server.output}`);
  }
  await store?.db.destroy();
  await scratch?.drop();
});

/** A member's live connection to one server, keeping every frame it receives. */
class LiveSocket {
  readonly frames: LiveFrame[] = [];
  readonly closed: Promise<void>;
  private readonly socket: WebSocket;

  private constructor(url: string, cookie: string) {
    this.socket = new WebSocket(url, { headers: { cookie } });
    this.socket.on('message', (data) => this.frames.push(liveFrameSchema.parse(JSON.parse(String(data)))));
    this.closed = new Promise((resolve) => this.socket.once('close', () => resolve()));
  }

  static async open(server: ServerProcess, agent: HttpAgent): Promise<LiveSocket> {
    const live = new LiveSocket(
      `ws://127.0.0.1:${server.port}/api/live`,
      `${SESSION_COOKIE.client}=${agent.cookie(SESSION_COOKIE.client)}`,
    );
    sockets.push(live);
    await new Promise<void>((resolve, reject) => {
      live.socket.once('open', () => resolve());
      live.socket.once('error', reject);
    });
    return live;
  }

  messages(): Message[] {
    return this.frames.flatMap((frame) => (frame.type === 'message' ? [frame.message] : []));
  }

  close(): void {
    this.socket.terminate();
  }
}

/** A member with an advert, logged in through one server (the session is in the database: good on both). */
async function member(server: ServerProcess) {
  const client = await insertClient(store);
  const agent = new HttpAgent(server.url);
  await agent.loginClient(client.email, FIXTURE_PASSWORD);
  return { ...client, agent, advertId: await insertAdvert(store, client.id) };
}

type Member = Awaited<ReturnType<typeof member>>;

/** Two members who like each other; answers their conversation's id. */
async function match(one: Member, other: Member): Promise<number> {
  for (const [from, to] of [
    [one, other],
    [other, one],
  ] as const) {
    const added = await from.agent.post('client/interested/add', { interes: { interested_id: to.advertId } });
    expect(added.statusCode).toBe(200);
  }
  const list = await one.agent.post<{ conversations: { id: number; other: { client_id: number } }[] }>(
    'client/conversations/get',
    {},
  );
  expect(list.statusCode).toBe(200);
  const conversation = list.body.conversations.find((entry) => entry.other.client_id === other.id);
  expect(conversation).toBeDefined();
  return conversation!.id;
}

let sent = 0;
async function send(from: Member, conversationId: number, text: string): Promise<Message> {
  const answer = await from.agent.post<{ sent: Message }>('client/messages/send', {
    conversation_id: conversationId,
    text,
    client_message_id: `cluster-${process.pid}-${++sent}`,
  });
  expect(answer.statusCode, JSON.stringify(answer.body)).toBe(200);
  return answer.body.sent;
}

/** Everything after `afterId`, oldest first, page by page, as the web client catches up. */
async function catchUp(agent: HttpAgent, conversationId: number, afterId: number): Promise<Message[]> {
  const all: Message[] = [];
  let after = afterId;
  for (let page = 0; page < 100; page++) {
    const answer = await agent.post<{ messages: Message[]; more: boolean }>('client/messages/get', {
      conversation_id: conversationId,
      ...(after > 0 ? { after } : {}),
    });
    expect(answer.statusCode).toBe(200);
    const ids = answer.body.messages.map((message) => message.id);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    all.push(...answer.body.messages);
    if (!answer.body.more || ids.length === 0) return all;
    after = ids.at(-1)!;
  }
  throw new Error('catching up never ended');
}

describe('Mensajes across two instances', () => {
  it('a message sent through one instance reaches her socket on the other', async () => {
    const ana = await member(servers[0]!);
    const bea = await member(servers[1]!);
    const conversationId = await match(ana, bea);
    const live = await LiveSocket.open(servers[1]!, bea.agent);
    const message = await send(ana, conversationId, 'Hola Bea, <b>¿vienes el sábado?</b>');
    const shown = await waitFor(
      'the message on her socket',
      async () => live.messages(),
      (messages) => messages.length > 0,
      5_000,
    );
    expect(shown).toEqual([
      expect.objectContaining({
        id: message.id,
        conversation_id: conversationId,
        from_me: false,
        text: 'Hola Bea, <b>¿vienes el sábado?</b>',
      }),
    ]);
  });

  it('kill -9 of the instance holding her socket: she reconnects to the other and sees every message once, in order', async () => {
    const [survivor, doomed] = [servers[0]!, servers[1]!];
    const ana = await member(survivor);
    const bea = await member(doomed);
    const conversationId = await match(ana, bea);
    const before = await LiveSocket.open(doomed, bea.agent);
    const sentIds: number[] = [];
    for (const text of ['Uno', 'Dos', 'Tres']) sentIds.push((await send(ana, conversationId, text)).id);
    await waitFor(
      'the first three on her socket',
      async () => before.messages().length,
      (count) => count === 3,
    );

    // Ana keeps writing through the surviving instance while Bea's dies under her.
    const writing = (async () => {
      for (let index = 1; index <= 15; index++) {
        sentIds.push((await send(ana, conversationId, `Mensaje ${index} mientras tanto`)).id);
      }
    })();
    doomed.signal('SIGKILL');
    await before.closed;
    await doomed.exited;

    // Her page reconnects to the surviving instance with the cookie it has, then asks for what
    // came after what it showed.
    const beaOnSurvivor = new HttpAgent(survivor.url);
    beaOnSurvivor.useCookie(SESSION_COOKIE.client, bea.agent.cookie(SESSION_COOKIE.client)!);
    const after = await LiveSocket.open(survivor, beaOnSurvivor);
    const shownBefore = before.messages();
    const seen = new Map<number, Message>(shownBefore.map((message) => [message.id, message]));
    const lastShown = Math.max(...seen.keys());
    for (const message of await catchUp(beaOnSurvivor, conversationId, lastShown))
      seen.set(message.id, message);
    await writing;
    const view = await waitFor(
      'every message in her conversation',
      async () => {
        for (const message of after.messages()) seen.set(message.id, message);
        return [...seen.keys()].sort((a, b) => a - b);
      },
      (ids) => ids.length >= sentIds.length,
    );
    expect(view).toEqual(sentIds);
    expect([...seen.values()].every((message) => !message.from_me)).toBe(true);
    // No source showed a message twice, and together they are in the order Ana wrote them.
    for (const source of [shownBefore, after.messages()]) {
      const ids = source.map((message) => message.id);
      expect(new Set(ids).size).toBe(ids.length);
      expect(ids).toEqual([...ids].sort((a, b) => a - b));
    }
    expect(view.map((id) => seen.get(id)!.text)).toEqual([
      'Uno',
      'Dos',
      'Tres',
      ...Array.from({ length: 15 }, (_, index) => `Mensaje ${index + 1} mientras tanto`),
    ]);
  });
});
