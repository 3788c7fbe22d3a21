import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { beforeAll, expect, it } from 'vitest';
import type { PostgresLiveBus } from '../../../src/server/platform/live/postgres-live-bus';
import { setUpTestApp } from '../../support/test-app';
import { connectLive } from './live-socket';
import { history, mutualPair, send } from './message-helpers';

// PostgreSQL only: the instance's LISTEN connection drops while the members' sockets stay open.
const testApp = setUpTestApp({ seedDemo: false });
let base = '';

beforeAll(async () => {
  if (!process.env.DATABASE_URL) throw new Error('this file needs DATABASE_URL (PostgreSQL)');
  await testApp.app.listen({ port: 0, host: '127.0.0.1' });
  base = `ws://127.0.0.1:${(testApp.app.server.address() as AddressInfo).port}`;
});

async function waitUntil(what: string, condition: () => boolean): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

it('a message sent while the instance was not listening reaches her open socket once it listens again', async () => {
  const { ana, beto, conversationId } = await mutualPair(testApp);
  const anaLive = await connectLive(base, ana);
  try {
    const bus = testApp.app.liveBus as PostgresLiveBus;
    const listener = bus.listenerPid;
    expect(listener).toBeTypeOf('number');
    await sql`select pg_terminate_backend(${listener})`.execute(testApp.app.db);
    await waitUntil('the bus noticed its listener is gone', () => bus.listenerPid === undefined);
    // Published while nobody on this instance listens: its notice is lost for good.
    const sent = await send(beto, conversationId, 'Te escribí mientras no escuchabas');
    expect(sent.statusCode).toBe(200);

    // Her socket stayed open all along; once the bus listens again it is told to catch up…
    expect(await anaLive.next()).toEqual({ type: 'catch_up' });
    expect(bus.listenerPid).not.toBe(listener);
    // …and what she fetches by id, as after a reconnect, holds the message, once.
    const missed = await history(ana, conversationId);
    expect(missed.messages.map((message) => message.text)).toEqual(['Te escribí mientras no escuchabas']);
  } finally {
    anaLive.socket.close();
  }
});
