import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { setUpTestApp } from '../../support/test-app';
import { personWithAdvert, setClientStatus } from '../people/helpers';
import {
  conversations,
  history,
  type Member,
  makeMutual,
  messageCount,
  mutualPair,
  send,
} from './message-helpers';

const testApp = setUpTestApp({ seedDemo: false });

describe('who may write (docs/design/20-mensajes.md)', () => {
  it('answers 404 for a conversation she is not in, without telling it exists, and stores nothing', async () => {
    const { conversationId } = await mutualPair(testApp);
    const stranger = await personWithAdvert(testApp);
    const before = await messageCount(testApp);
    const sent = await send(stranger, conversationId, 'Hola');
    expect(sent.statusCode).toBe(404);
    expect(sent.body.message).toBe('Esta conversación no existe');
    const missing = await send(stranger, 999_999, 'Hola');
    expect(missing.statusCode).toBe(404);
    expect(missing.body.message).toBe(sent.body.message);
    const read = await stranger.agent.post('client/messages/get', { conversation_id: conversationId });
    expect(read.statusCode).toBe(404);
    expect(await messageCount(testApp)).toBe(before);
  });

  it('refuses a visitor (401) and another member’s client_id (403), storing nothing', async () => {
    const { ana, beto, conversationId } = await mutualPair(testApp);
    const before = await messageCount(testApp);
    const visitor = testApp.agent();
    const anonymous = await visitor.post('client/messages/send', {
      conversation_id: conversationId,
      text: 'Hola',
      client_message_id: randomUUID(),
    });
    expect(anonymous.statusCode).toBe(401);
    const impostor = await beto.agent.post('client/messages/send', {
      client_id: ana.id,
      conversation_id: conversationId,
      text: 'Hola',
      client_message_id: randomUUID(),
    });
    expect(impostor.statusCode).toBe(403);
    expect(await messageCount(testApp)).toBe(before);
  });

  it.each([
    ['empty', '   '],
    ['2 001 characters', 'a'.repeat(2001)],
    ['NUL', `hola${String.fromCharCode(0)}`],
    ['a lone surrogate', `hola ${String.fromCharCode(0xd800)}`],
  ])('refuses %s text with 400 and stores nothing', async (_name, text) => {
    const { ana, conversationId } = await mutualPair(testApp);
    const before = await messageCount(testApp);
    const sent = await send(ana, conversationId, text);
    expect(sent.statusCode).toBe(400);
    expect(sent.body.status).toBe('warning');
    expect(await messageCount(testApp)).toBe(before);
  });

  it('takes 2 000 characters and a line break', async () => {
    const { ana, conversationId } = await mutualPair(testApp);
    expect((await send(ana, conversationId, 'a'.repeat(2000))).statusCode).toBe(200);
    expect((await send(ana, conversationId, 'uno\ndos')).body.sent.text).toBe('uno\ndos');
  });

  it('closes the conversation when the mutual interest ends: nobody can send (409)', async () => {
    const { ana, beto, conversationId } = await mutualPair(testApp);
    await send(ana, conversationId, 'Hola');
    const mine = await ana.agent.post<{ mutual: { id: number }[] }>('client/interested/get', {});
    const withdrawn = await ana.agent.post('client/interested/update', {
      interes: { id: mine.body.mutual[0]!.id, status_id: 0 },
    });
    expect(withdrawn.statusCode).toBe(200);
    const before = await messageCount(testApp);
    for (const member of [ana, beto]) {
      const refused = await send(member, conversationId, 'Sigo aquí');
      expect(refused.statusCode).toBe(409);
      expect(refused.body.message).toContain('cerrada');
      expect((await conversations(member)).conversations[0]).toMatchObject({
        id: conversationId,
        closed: true,
      });
    }
    expect(await messageCount(testApp)).toBe(before);
    // The history stays readable.
    expect((await history(beto, conversationId)).messages).toHaveLength(1);
  });

  it('reopens the same conversation when they match again', async () => {
    const { ana, beto, conversationId } = await mutualPair(testApp);
    await send(ana, conversationId, 'Hola');
    const mine = await ana.agent.post<{ mutual: { id: number }[] }>('client/interested/get', {});
    await ana.agent.post('client/interested/update', {
      interes: { id: mine.body.mutual[0]!.id, status_id: 0 },
    });
    await ana.agent.post('client/interested/add', { interes: { interested_id: beto.advertId } });
    expect((await conversations(ana)).conversations[0]).toMatchObject({ id: conversationId, closed: false });
    expect((await send(beto, conversationId, 'Qué bueno que volviste')).statusCode).toBe(200);
  });

  it('closes it both ways on a block, and the blocker no longer sees it', async () => {
    const { ana, beto, conversationId } = await mutualPair(testApp);
    await send(beto, conversationId, 'Hola Ana');
    const blocked = await ana.agent.post('client/block', { target_client_id: beto.id });
    expect(blocked.statusCode).toBe(200);
    const before = await messageCount(testApp);
    expect((await send(beto, conversationId, '¿Hola?')).statusCode).toBe(409);
    // The blocker's conversation is gone from her list and answers as if it never existed.
    expect((await send(ana, conversationId, 'Adiós')).statusCode).toBe(404);
    expect(await messageCount(testApp)).toBe(before);
    const anaList = await conversations(ana);
    expect(anaList.conversations.map((entry) => entry.id)).not.toContain(conversationId);
    expect(anaList.unread_total).toBe(0);
    expect((await conversations(beto)).conversations[0]).toMatchObject({ id: conversationId, closed: true });
    // Lifting the block does not reopen it: the interests ended with the block.
    await ana.agent.post('client/unblock', { target_client_id: beto.id });
    expect((await send(beto, conversationId, '¿Hola?')).statusCode).toBe(409);
  });

  it('closes it while one of them is deactivated', async () => {
    const { ana, beto, conversationId } = await mutualPair(testApp);
    await setClientStatus(testApp.app, beto.id, 2);
    expect((await send(ana, conversationId, 'Hola')).statusCode).toBe(409);
    // Deactivated, not erased: she still sees who he is, and an admin may reactivate him.
    expect((await conversations(ana)).conversations[0]).toMatchObject({
      id: conversationId,
      closed: true,
      erased: false,
      other: { name: 'Beto R.' },
    });
  });
});

describe('limits against abuse (docs/design/20-mensajes.md)', () => {
  it('refuses the 31st message in a minute with 429', async () => {
    const { ana, conversationId } = await mutualPair(testApp);
    for (let index = 1; index <= 30; index += 1) {
      expect((await send(ana, conversationId, `mensaje ${index}`)).statusCode).toBe(200);
    }
    const before = await messageCount(testApp);
    const refused = await send(ana, conversationId, 'mensaje 31');
    expect(refused.statusCode).toBe(429);
    expect(refused.body.message).toBe(
      'Enviaste muchos mensajes en poco tiempo: espera un minuto para seguir',
    );
    expect(await messageCount(testApp)).toBe(before);
  });

  it('refuses starting a 21st conversation in a day', async () => {
    const ana = await personWithAdvert(testApp, { first_name: 'Ana' });
    const others: Member[] = [];
    const ids: number[] = [];
    for (let index = 0; index < 21; index += 1) {
      const other = await personWithAdvert(testApp);
      others.push(other);
      ids.push(await makeMutual(ana, other));
    }
    // Older than a minute: only the day's limit applies.
    for (const id of ids.slice(0, 20)) {
      expect((await send(ana, id, 'Hola, ¿cómo estás?')).statusCode).toBe(200);
    }
    await testApp.app.db
      .updateTable('messages')
      .set({ sent_at: new Date(Date.now() - 5 * 60_000).toISOString() })
      .where('sender_id', '=', ana.id)
      .execute();
    const refused = await send(ana, ids[20]!, 'Hola, ¿qué tal?');
    expect(refused.statusCode).toBe(429);
    expect(refused.body.message).toBe('Ya iniciaste muchas conversaciones hoy: podrás iniciar otra mañana');
    // Answering one she did not start is not starting one.
    expect((await send(others[20]!, ids[20]!, 'Hola Ana')).statusCode).toBe(200);
    expect((await send(ana, ids[20]!, 'Hola, ¿qué tal?')).statusCode).toBe(200);
  });
});
