import type { AddressInfo } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { setUpTestApp } from '../../support/test-app';
import { personWithAdvert } from '../people/helpers';
import { connectLive } from './live-socket';
import { type Member, mutualPair, send } from './message-helpers';

const testApp = setUpTestApp({ seedDemo: false });
let base = '';

beforeAll(async () => {
  await testApp.app.listen({ port: 0, host: '127.0.0.1' });
  base = `ws://127.0.0.1:${(testApp.app.server.address() as AddressInfo).port}`;
});

/** Her live channel on this app. */
const connect = (member: Member) => connectLive(base, member);

/** What the server answers an upgrade it refuses. */
function refusedWith(headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`${base}/api/live`, { headers });
    socket.once('unexpected-response', (request, response) => {
      resolve(response.statusCode ?? 0);
      request.destroy();
    });
    // Destroying the refused upgrade's request reports an error on the socket: expected here.
    socket.on('error', () => undefined);
    socket.once('open', () => reject(new Error('the live channel opened')));
  });
}

describe('the live channel (docs/design/20-mensajes.md)', () => {
  it('delivers the message to the other member, as she sees it, with her unread total', async () => {
    const { ana, beto, conversationId } = await mutualPair(testApp);
    const betoLive = await connect(beto);
    const anaLive = await connect(ana);
    try {
      await send(ana, conversationId, 'Hola, mi número es 55 1234 5678');
      const toBeto = await betoLive.next();
      expect(toBeto).toMatchObject({
        type: 'message',
        unread_total: 1,
        message: {
          conversation_id: conversationId,
          from_me: false,
          text: 'Hola, mi número es [número oculto]',
        },
      });
      const toAna = await anaLive.next();
      expect(toAna).toMatchObject({
        type: 'message',
        unread_total: 0,
        message: { from_me: true, text: 'Hola, mi número es 55 1234 5678' },
      });
      if (toBeto.type !== 'message') throw new Error('not a message frame');
      await beto.agent.post('client/messages/read', {
        conversation_id: conversationId,
        up_to_id: toBeto.message.id,
      });
      expect(await anaLive.next()).toMatchObject({ type: 'read', by_me: false, up_to_id: toBeto.message.id });
      expect(await betoLive.next()).toMatchObject({ type: 'read', by_me: true, unread_total: 0 });
    } finally {
      betoLive.socket.close();
      anaLive.socket.close();
    }
  });

  it('tells both when a conversation opens and when a block closes it', async () => {
    const ana = await personWithAdvert(testApp, { first_name: 'Ana' });
    const beto = await personWithAdvert(testApp, { first_name: 'Beto' });
    const anaLive = await connect(ana);
    const betoLive = await connect(beto);
    try {
      await ana.agent.post('client/interested/add', { interes: { interested_id: beto.advertId } });
      await beto.agent.post('client/interested/add', { interes: { interested_id: ana.advertId } });
      const opened = await anaLive.next();
      expect(opened).toMatchObject({ type: 'conversation' });
      expect(await betoLive.next()).toEqual(opened);
      if (opened.type !== 'conversation') throw new Error('not a conversation frame');
      await ana.agent.post('client/block', { target_client_id: beto.id });
      // The blocked one hears it closed; the blocker no longer sees the conversation at all.
      expect(await betoLive.next()).toEqual(opened);
      await send(beto, opened.conversation_id, '¿Sigues ahí?');
      expect(anaLive.frames).toEqual([]);
    } finally {
      anaLive.socket.close();
      betoLive.socket.close();
    }
  });

  it('sends nothing more once her session ended, and closes the channel', async () => {
    const { ana, beto, conversationId } = await mutualPair(testApp);
    const betoLive = await connect(beto);
    const closed = new Promise<number>((resolve) => betoLive.socket.once('close', (code) => resolve(code)));
    expect((await beto.agent.post('client/logout', {})).statusCode).toBe(200);
    await send(ana, conversationId, 'Hola');
    expect(await closed).toBe(4401);
    expect(betoLive.frames).toEqual([]);
  });

  it('refuses a visitor, and a page of another site', async () => {
    expect(await refusedWith({})).toBe(401);
    const { ana } = await mutualPair(testApp);
    const session = ana.agent.cookie('cita_client');
    expect(
      await refusedWith({ cookie: `cita_client=${session}`, origin: 'https://otro-sitio.example' }),
    ).toBe(403);
  });
});
