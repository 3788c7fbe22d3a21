import net from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { insertEvent } from '../../support/admin-fixtures';
import { setUpPaymentsApp } from '../../support/payments';
import { loggedInClient } from '../events/helpers';

// A provider that accepts the connection and never answers: the worst kind of outage.
const sockets = new Set<net.Socket>();
const silent = net.createServer((socket) => {
  sockets.add(socket);
  socket.on('close', () => sockets.delete(socket));
});
await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
const { port } = silent.address() as net.AddressInfo;

const { testApp } = setUpPaymentsApp({
  seedDemo: false,
  env: { STRIPE_API_BASE: `http://127.0.0.1:${port}` },
});

afterAll(async () => {
  for (const socket of sockets) socket.destroy();
  await new Promise((resolve) => silent.close(resolve));
});

describe('a payment provider that hangs while a member waits', () => {
  it('gives up within 8 seconds: the Spanish 503, the hold unchanged', { timeout: 30_000 }, async () => {
    const eventId = await insertEvent(testApp.app);
    const member = await loggedInClient(testApp, { gender: 2 });
    await member.agent.post('client/events/add', { event_id: eventId });
    const hold = () =>
      testApp.app.db
        .selectFrom('assistance')
        .select(['status_id', 'payment_due_at'])
        .where('event_id', '=', eventId)
        .executeTakeFirstOrThrow();
    const before = await hold();
    const started = performance.now();
    const answer = await member.agent.post('client/payments/checkout', { event_id: eventId });
    const seconds = (performance.now() - started) / 1000;
    expect(answer.statusCode).toBe(503);
    expect(answer.body.message).toMatch(/^No pudimos conectar con el servicio de pagos\./);
    expect(seconds).toBeLessThan(8);
    expect(await hold()).toEqual(before);
  });
});
