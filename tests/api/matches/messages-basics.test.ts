import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { nowIso } from '../../../src/server/platform/time';
import { MESSAGES_PAGE_SIZE } from '../../../src/shared/contracts/messages';
import { dayInMexicoCity } from '../../../src/shared/domain/mexico-time';
import { setUpTestApp } from '../../support/test-app';
import { runningEvent } from '../match-cards/helpers';
import { conversations, history, makeMutual, messageCount, mutualPair, send } from './message-helpers';

const testApp = setUpTestApp({ seedDemo: false });
const thisMonth = () => dayInMexicoCity().slice(0, 7);

describe('conversations (docs/design/20-mensajes.md)', () => {
  it('opens a conversation with the mutual interest, on both lists', async () => {
    const { ana, beto, conversationId } = await mutualPair(testApp);
    const anaList = await conversations(ana);
    expect(anaList.conversations).toEqual([
      expect.objectContaining({
        id: conversationId,
        other: expect.objectContaining({ client_id: beto.id, name: 'Beto R.' }),
        last_message: null,
        unread: 0,
        closed: false,
        whatsapp: null,
        shared_by_me: false,
      }),
    ]);
    expect((await conversations(beto)).conversations.map((entry) => entry.id)).toEqual([conversationId]);
  });

  it('shows the other person’s gender and marks in the list and in the conversation’s header', async () => {
    const { ana, beto, conversationId } = await mutualPair(testApp, {}, { gender: 2 });
    const nightId = await runningEvent(testApp.app, [beto.id]);
    await testApp.app.db
      .insertInto('door_face_matches')
      .values({ client_id: beto.id, event_id: nightId, admin_id: null, matched: 1, created_at: nowIso() })
      .execute();
    const seen = { client_id: beto.id, gender: 2, verified: { in_person: thisMonth(), photo: false } };
    expect((await conversations(ana)).conversations[0]?.other).toMatchObject(seen);
    expect((await history(ana, conversationId)).conversation.other).toMatchObject(seen);
  });

  it('sends, lists the last message, counts unread and marks read', async () => {
    const { ana, beto, conversationId } = await mutualPair(testApp);
    const sent = await send(ana, conversationId, 'Hola Beto, ¿cómo estás?');
    expect(sent.statusCode).toBe(200);
    expect(sent.body.sent).toMatchObject({ from_me: true, text: 'Hola Beto, ¿cómo estás?', read_at: null });
    await send(ana, conversationId, '¿Vas al evento del sábado?');

    const betoList = await conversations(beto);
    expect(betoList.unread_total).toBe(2);
    expect(betoList.conversations[0]).toMatchObject({
      unread: 2,
      last_message: { text: '¿Vas al evento del sábado?', from_me: false },
    });
    expect((await conversations(ana)).unread_total).toBe(0);

    const page = await history(beto, conversationId);
    expect(page.messages.map((message) => [message.text, message.from_me])).toEqual([
      ['¿Vas al evento del sábado?', false],
      ['Hola Beto, ¿cómo estás?', false],
    ]);
    const read = await beto.agent.post('client/messages/read', {
      conversation_id: conversationId,
      up_to_id: page.messages[1]!.id,
    });
    expect(read.statusCode).toBe(200);
    expect(read.body.unread_total).toBe(1);
    const readAll = await beto.agent.post('client/messages/read', {
      conversation_id: conversationId,
      up_to_id: page.messages[0]!.id,
    });
    expect(readAll.body.unread_total).toBe(0);
    const anaSees = await history(ana, conversationId);
    expect(anaSees.messages.every((message) => message.read_at !== null)).toBe(true);

    // A read mark past the newest message does not swallow the next one.
    await beto.agent.post('client/messages/read', { conversation_id: conversationId, up_to_id: 999_999 });
    await send(ana, conversationId, '¿Sigues ahí?');
    expect((await conversations(beto)).unread_total).toBe(1);
  });

  it('stores one message for the same client_message_id, sent twice or at once', async () => {
    const { ana, conversationId } = await mutualPair(testApp);
    const before = await messageCount(testApp);
    const id = randomUUID();
    const first = await send(ana, conversationId, 'Hola', id);
    const again = await send(ana, conversationId, 'Hola', id);
    expect(again.statusCode).toBe(200);
    expect(again.body.sent.id).toBe(first.body.sent.id);
    const racing = randomUUID();
    const answers = await Promise.all([1, 2, 3].map(() => send(ana, conversationId, 'Otra vez', racing)));
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200]);
    expect(new Set(answers.map((answer) => answer.body.sent.id)).size).toBe(1);
    expect(await messageCount(testApp)).toBe(before + 2);
  });

  it('keeps HTML as text, verbatim', async () => {
    const { ana, beto, conversationId } = await mutualPair(testApp);
    const html = '<script>alert("hola")</script> <b>negritas</b> &amp;';
    await send(ana, conversationId, html);
    expect((await history(beto, conversationId)).messages[0]!.text).toBe(html);
  });

  it('pages the history by id, newest first, and catches up after an id', async () => {
    const { ana, beto, conversationId } = await mutualPair(testApp);
    for (let index = 1; index <= MESSAGES_PAGE_SIZE + 5; index += 1) {
      const sender = index % 2 === 0 ? ana : beto;
      expect((await send(sender, conversationId, `mensaje ${index}`)).statusCode).toBe(200);
    }
    const first = await history(ana, conversationId);
    expect(first.messages).toHaveLength(MESSAGES_PAGE_SIZE);
    expect(first.more).toBe(true);
    expect(first.messages[0]!.text).toBe(`mensaje ${MESSAGES_PAGE_SIZE + 5}`);
    const second = await history(ana, conversationId, { before: first.messages.at(-1)!.id });
    expect(second.messages.map((message) => message.text)).toEqual([
      'mensaje 5',
      'mensaje 4',
      'mensaje 3',
      'mensaje 2',
      'mensaje 1',
    ]);
    expect(second.more).toBe(false);
    const caughtUp = await history(ana, conversationId, { after: second.messages[1]!.id });
    expect(caughtUp.messages.slice(0, 3).map((message) => message.text)).toEqual([
      'mensaje 5',
      'mensaje 6',
      'mensaje 7',
    ]);
  });

  it('pages the list by newest activity', async () => {
    const { ana, conversationId: first } = await mutualPair(testApp);
    // Ana matches 31 more people, then writes in her oldest conversation: it comes first.
    for (let index = 0; index < 31; index += 1) {
      const { beto } = await mutualPair(testApp);
      await makeMutual(ana, beto);
    }
    expect((await send(ana, first, 'Vuelvo a escribir aquí')).statusCode).toBe(200);
    const page = await conversations(ana);
    expect(page.conversations).toHaveLength(30);
    expect(page.more).toBe(true);
    expect(page.conversations[0]!.id).toBe(first);
    const next = await conversations(ana, page.conversations.at(-1)!.cursor);
    expect(next.more).toBe(false);
    const all = [...page.conversations, ...next.conversations].map((entry) => entry.id);
    expect(new Set(all).size).toBe(all.length);
    expect(all).toHaveLength(32);
  });
});
