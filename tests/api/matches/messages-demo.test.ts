import { describe, expect, it } from 'vitest';
import { DEMO_LOGIN } from '../../../src/server/seed/seed';
import { setUpTestApp } from '../../support/test-app';

const testApp = setUpTestApp();

describe('Mensajes in the demo (docs/design/20-mensajes.md)', () => {
  it('gives Mariana two conversations, Carlos’s newest and unread', async () => {
    const mariana = testApp.agent();
    await mariana.loginClient(DEMO_LOGIN.email, DEMO_LOGIN.password);
    const list = await mariana.post<{ conversations: any[]; unread_total: number }>(
      'client/conversations/get',
      {},
    );
    expect(list.statusCode).toBe(200);
    expect(list.body.unread_total).toBe(1);
    expect(
      list.body.conversations.map((entry) => [
        entry.other.name,
        entry.unread,
        entry.closed,
        entry.contact_shared,
      ]),
    ).toEqual([
      // Carlos's contact is still hers to agree to; with Tomás both shared theirs (docs/design/26-contact.md).
      ['Carlos H.', 1, false, false],
      ['Tomás A.', 0, false, true],
    ]);
    expect(list.body.conversations[1].whatsapp).toMatch(/^https:\/\/wa\.me\/52\d{10}$/);
    expect(list.body.conversations[0].last_message).toMatchObject({ from_me: false });
    const history = await mariana.post<{ messages: any[] }>('client/messages/get', {
      conversation_id: list.body.conversations[0].id,
    });
    expect(history.body.messages).toHaveLength(3);
  });

  it('opens a conversation for every mutual pair of the demo', async () => {
    const { db } = testApp.app;
    const pairs = await db
      .selectFrom('interests')
      .select(['client_id', 'target_client_id'])
      .where('status_id', '=', 2)
      .whereRef('client_id', '<', 'target_client_id')
      .execute();
    const conversations = await db.selectFrom('conversations').select('pair_key').execute();
    expect(conversations.map((row) => row.pair_key).sort()).toEqual(
      pairs.map((pair) => `${pair.client_id}:${pair.target_client_id}`).sort(),
    );
  });
});
