import { describe, expect, it } from 'vitest';
import { setUpTestApp } from '../../support/test-app';
import { personWithAdvert } from '../people/helpers';
import { conversations, history, type Member, makeMutual, mutualPair, send } from './message-helpers';

const testApp = setUpTestApp({ seedDemo: false, loginAdmin: true });

async function openReports() {
  const response = await testApp.admin.post<{ reports: any[] }>('admin/reports/get', {});
  expect(response.statusCode).toBe(200);
  return response.body.reports;
}

describe('contact details masked until she replies (docs/design/20-mensajes.md)', () => {
  it('shows the recipient "número oculto" until she has written, and the sender her own text', async () => {
    const { ana, beto, conversationId } = await mutualPair(testApp);
    const text = 'Escríbeme al 55 1234 5678 o a beto@correo.mx, mi foto: https://fotos.example.com/beto';
    await send(beto, conversationId, text);
    const masked = 'Escríbeme al [número oculto] o a [correo oculto], mi foto: [enlace oculto]';
    expect((await history(ana, conversationId)).messages[0]!.text).toBe(masked);
    expect((await conversations(ana)).conversations[0]!.last_message!.text).toBe(masked);
    expect((await history(beto, conversationId)).messages[0]!.text).toBe(text);

    // Beto writing again does not unmask anything for Ana; Ana replying does, for every message.
    await send(beto, conversationId, 'o 5598765432');
    expect((await history(ana, conversationId)).messages[0]!.text).toBe('o [número oculto]');
    await send(ana, conversationId, '¡Hola Beto!');
    const unmasked = (await history(ana, conversationId)).messages.map((message) => message.text);
    expect(unmasked).toEqual(['¡Hola Beto!', 'o 5598765432', text]);
    // Beto wrote first, so Ana's number reaches him as she wrote it.
    await send(ana, conversationId, 'el mío es 33 4444 5555');
    expect((await history(beto, conversationId)).messages[0]!.text).toBe('el mío es 33 4444 5555');
  });
});

describe('the same text to more than 5 people (docs/design/20-mensajes.md)', () => {
  it('holds the sixth: the sender sees it sent, the recipient never does, and a report waits', async () => {
    const spammer = await personWithAdvert(testApp, { first_name: 'Sergio', last_name: 'Spam' });
    const people: { member: Member; conversationId: number }[] = [];
    for (let index = 0; index < 7; index += 1) {
      const member = await personWithAdvert(testApp);
      people.push({ member, conversationId: await makeMutual(spammer, member) });
    }
    const text = 'Gana dinero desde casa, escríbeme';
    for (const { conversationId } of people) {
      expect((await send(spammer, conversationId, text)).statusCode).toBe(200);
    }
    for (const [index, { member, conversationId }] of people.entries()) {
      const delivered = index < 5;
      const seen = await history(member, conversationId);
      expect(seen.messages.length, `person ${index + 1}`).toBe(delivered ? 1 : 0);
      expect((await conversations(member)).unread_total).toBe(delivered ? 1 : 0);
      // The sender sees every one of them as sent.
      expect((await history(spammer, conversationId)).messages[0]).toMatchObject({ text, from_me: true });
    }
    const reports = (await openReports()).filter((report) => report.reported.id === spammer.id);
    expect(reports).toHaveLength(1);
    expect(reports[0]).toMatchObject({ message_text: text, reason: 'other' });
  });
});

describe('reporting a message (docs/design/20-mensajes.md)', () => {
  it('puts a report in the admins’ queue carrying the message text', async () => {
    const { ana, beto, conversationId } = await mutualPair(testApp);
    const sent = await send(beto, conversationId, 'Eres una tonta');
    const reported = await ana.agent.post('client/messages/report', {
      message_id: sent.body.sent.id,
      reason: 'offensive',
      text: 'Me insultó',
    });
    expect(reported.statusCode).toBe(200);
    const report = (await openReports()).find((entry) => entry.id === reported.body.report_id);
    expect(report).toMatchObject({
      reporter: { id: ana.id },
      reported: { id: beto.id },
      reason: 'offensive',
      text: 'Me insultó',
      message_text: 'Eres una tonta',
    });
  });

  it('refuses her own message (400) and anyone else’s conversation (404)', async () => {
    const { ana, beto, conversationId } = await mutualPair(testApp);
    const sent = await send(beto, conversationId, 'Hola');
    const own = await beto.agent.post('client/messages/report', {
      message_id: sent.body.sent.id,
      reason: 'other',
    });
    expect(own.statusCode).toBe(400);
    const stranger = await personWithAdvert(testApp);
    const outsider = await stranger.agent.post('client/messages/report', {
      message_id: sent.body.sent.id,
      reason: 'other',
    });
    expect(outsider.statusCode).toBe(404);
    expect(ana.id).not.toBe(stranger.id);
  });
});
