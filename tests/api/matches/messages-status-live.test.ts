import type { AddressInfo } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { FIXTURE_PASSWORD } from '../../support/admin-fixtures';
import { setUpTestApp } from '../../support/test-app';
import { connectLive } from './live-socket';
import { history, type Member, mutualPair } from './message-helpers';

const testApp = setUpTestApp({ seedDemo: false });
let base = '';

beforeAll(async () => {
  await testApp.app.listen({ port: 0, host: '127.0.0.1' });
  base = `ws://127.0.0.1:${(testApp.app.server.address() as AddressInfo).port}`;
});

async function adminSetsStatus(member: Member, statusId: 1 | 2): Promise<void> {
  const admin = testApp.agent();
  await admin.loginAdmin();
  const response = await admin.post('admin/clients/update', {
    client: { id: member.id, status_id: statusId },
  });
  expect(response.statusCode).toBe(200);
}

describe('a member deactivated or erased: the other person’s open conversation hears it at once (docs/design/20-mensajes.md)', () => {
  it('an admin deactivates him: her channel is told, the conversation is closed; reactivated, it opens again', async () => {
    const { ana, beto, conversationId } = await mutualPair(testApp);
    const anaLive = await connectLive(base, ana);
    const betoLive = await connectLive(base, beto);
    const betoClosed = new Promise<number>((resolve) =>
      betoLive.socket.once('close', (code) => resolve(code)),
    );
    try {
      await adminSetsStatus(beto, 2);
      expect(await anaLive.next()).toEqual({ type: 'conversation', conversation_id: conversationId });
      expect((await history(ana, conversationId)).conversation).toMatchObject({
        closed: true,
        erased: false,
      });
      // His own channel ends with his sessions.
      expect(await betoClosed).toBe(4401);

      await adminSetsStatus(beto, 1);
      expect(await anaLive.next()).toEqual({ type: 'conversation', conversation_id: conversationId });
      expect((await history(ana, conversationId)).conversation).toMatchObject({
        closed: false,
        erased: false,
      });
    } finally {
      anaLive.socket.close();
    }
  });

  it('he erases his account: her channel is told, the conversation is closed and says he left Cita', async () => {
    const { ana, beto, conversationId } = await mutualPair(testApp);
    const anaLive = await connectLive(base, ana);
    try {
      const erased = await beto.agent.post('client/deactivate', { password: FIXTURE_PASSWORD });
      expect(erased.statusCode).toBe(200);
      expect(await anaLive.next()).toEqual({ type: 'conversation', conversation_id: conversationId });
      expect((await history(ana, conversationId)).conversation).toMatchObject({
        closed: true,
        erased: true,
        other: { name: 'Esta persona ya no está en Cita' },
      });
    } finally {
      anaLive.socket.close();
    }
  });
});
