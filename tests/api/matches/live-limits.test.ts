import type { AddressInfo } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { LIVE_CLOSE } from '../../../src/shared/domain/live-close';
import { type SuiteApp, setUpTestApp } from '../../support/test-app';
import { personWithAdvert } from '../people/helpers';
import { connectLive, type LiveChannel } from './live-socket';
import { type Member, mutualPair, send } from './message-helpers';

/** The port the suite's app listens on, once it does. */
function listening(testApp: SuiteApp): () => string {
  let base = '';
  beforeAll(async () => {
    await testApp.app.listen({ port: 0, host: '127.0.0.1' });
    base = `ws://127.0.0.1:${(testApp.app.server.address() as AddressInfo).port}`;
  });
  return () => base;
}

async function openChannels(base: string, member: Member, count: number, headers = {}) {
  const channels: LiveChannel[] = [];
  for (let index = 0; index < count; index++) channels.push(await connectLive(base, member, headers));
  return channels;
}

function closeAll(channels: LiveChannel[]): void {
  for (const channel of channels) channel.socket.close();
}

describe('live connections per member (decision 0037)', () => {
  const testApp = setUpTestApp({ seedDemo: false, env: { LIVE_CONNECTIONS_PER_MEMBER: '3' } });
  const base = listening(testApp);

  it('closes her oldest with 4409 and a reason when she opens one past the cap; the newest works', async () => {
    const { ana, beto, conversationId } = await mutualPair(testApp);
    const channels = await openChannels(base(), beto, 3);
    const newest = await connectLive(base(), beto);
    channels.push(newest);
    try {
      expect(await channels[0]!.closed).toEqual({
        code: LIVE_CLOSE.replaced,
        reason: 'Abriste Cita en otra pestaña o dispositivo',
      });
      await send(ana, conversationId, 'Hola, ¿vienes el viernes?');
      for (const channel of channels.slice(1)) {
        expect(await channel.next()).toMatchObject({ type: 'message', message: { from_me: false } });
      }
      expect(channels[0]!.frames).toEqual([]);
      // Another member's connections are hers alone: Ana's open beside Beto's three.
      const anaLive = await connectLive(base(), ana);
      channels.push(anaLive);
      await send(beto, conversationId, 'Sí, ahí nos vemos');
      expect(await anaLive.next()).toMatchObject({ type: 'message', message: { from_me: false } });
      for (const channel of channels.slice(1, 4)) expect(channel.socket.readyState).toBe(channel.socket.OPEN);
    } finally {
      closeAll(channels);
    }
  });
});

describe('live connections per address (decision 0037)', () => {
  const testApp = setUpTestApp({ seedDemo: false, env: { LIVE_CONNECTIONS_PER_ADDRESS: '3' } });
  const base = listening(testApp);
  // The app trusts the loopback proxy (TRUST_PROXY), so the forwarded address is the member's.
  const crowded = { 'x-forwarded-for': '203.0.113.7' };

  it('refuses a new connection from a full address with 4429, whoever opens it, and keeps the others', async () => {
    const { ana, beto, conversationId } = await mutualPair(testApp);
    const carla = await personWithAdvert(testApp, { first_name: 'Carla' });
    const channels = [
      ...(await openChannels(base(), ana, 2, crowded)),
      ...(await openChannels(base(), beto, 1, crowded)),
    ];
    try {
      const refused = await connectLive(base(), carla, crowded);
      channels.push(refused);
      const refusedAna = await connectLive(base(), ana, crowded);
      channels.push(refusedAna);
      const why = { code: LIVE_CLOSE.addressFull, reason: 'Demasiadas conexiones desde tu red' };
      expect(await refused.closed).toEqual(why);
      expect(await refusedAna.closed).toEqual(why);
      // Another address is not counted with it.
      const elsewhere = await connectLive(base(), carla, { 'x-forwarded-for': '198.51.100.20' });
      channels.push(elsewhere);
      await send(beto, conversationId, 'Hola desde la misma red');
      for (const channel of channels.slice(0, 2)) {
        expect(await channel.next()).toMatchObject({ type: 'message', message: { from_me: false } });
      }
      expect(await channels[2]!.next()).toMatchObject({ type: 'message', message: { from_me: true } });
      expect(elsewhere.socket.readyState).toBe(elsewhere.socket.OPEN);
    } finally {
      closeAll(channels);
    }
  });
});
