import { describe, expect, it } from 'vitest';
import type { MutualEntry } from '../../../src/shared/contracts/interests';
import { CLIENT_STATUS } from '../../../src/shared/domain/statuses';
import { mailsTo } from '../../support/outbox';
import { waitForQueueIdle } from '../../support/queue';
import { setUpTestApp } from '../../support/test-app';
import { setClientStatus } from '../people/helpers';
import { conversations, history, type Member, mutualPair } from './message-helpers';

const testApp = setUpTestApp({ seedDemo: false });

const ANA = { phone: '55 1234 5678', instagram: '@ana.lopez.cdmx' };
const BETO = { phone: '33 4444 5555', instagram: 'beto_ruiz_gdl' };
const NOTHING = { phone: '', instagram: '', whatsapp: null, contact_shared: false };

async function mutualEntry(member: Member): Promise<MutualEntry> {
  const response = await member.agent.post<{ mutual: MutualEntry[] }>('client/interested/get', {});
  expect(response.statusCode).toBe(200);
  expect(response.body.mutual).toHaveLength(1);
  return response.body.mutual[0]!;
}

/** Every answer a member reads about the other: none may carry a contact detail before consent. */
async function everythingSeenBy(member: Member, conversationId: number): Promise<string> {
  const answers = await Promise.all([
    member.agent.post('client/interested/get', {}),
    member.agent.post('client/conversations/get', {}),
    member.agent.post('client/messages/get', { conversation_id: conversationId }),
  ]);
  return answers.map((answer) => JSON.stringify(answer.body)).join('\n');
}

function share(member: Member, conversationId: number) {
  return member.agent.post('client/whatsapp/share', { conversation_id: conversationId });
}

describe('contact by consent (docs/design/26-contact.md)', () => {
  it('shows no phone, Instagram or WhatsApp to either person until both pressed "Compartir mi contacto"', async () => {
    const { ana, beto, conversationId } = await mutualPair(testApp, ANA, BETO);
    for (const [viewer, other] of [
      [ana, BETO],
      [beto, ANA],
    ] as const) {
      expect(await mutualEntry(viewer)).toMatchObject({ ...NOTHING, conversation_id: conversationId });
      expect((await conversations(viewer)).conversations[0]).toMatchObject({
        ...NOTHING,
        shared_by_me: false,
      });
      const seen = await everythingSeenBy(viewer, conversationId);
      expect(seen).not.toContain(other.phone);
      expect(seen).not.toContain(other.phone.replace(/\D/g, ''));
      expect(seen).not.toContain(other.instagram.replace('@', ''));
    }

    const first = await share(ana, conversationId);
    expect(first.statusCode).toBe(200);
    expect(first.body.message).toBe('Listo: verás su contacto cuando también comparta el suyo');
    expect(first.body.conversation).toMatchObject({ ...NOTHING, shared_by_me: true });
    // One press hands over nothing, in either direction.
    expect(await mutualEntry(ana)).toMatchObject(NOTHING);
    expect(await mutualEntry(beto)).toMatchObject(NOTHING);
    expect(await everythingSeenBy(beto, conversationId)).not.toContain(ANA.instagram.replace('@', ''));
    expect((await conversations(beto)).conversations[0]).toMatchObject({ ...NOTHING, shared_by_me: false });

    const second = await share(beto, conversationId);
    expect(second.body.message).toBe('Listo: ya pueden ver el contacto del otro');
    expect(second.body.conversation).toMatchObject({
      phone: ANA.phone,
      instagram: ANA.instagram,
      whatsapp: 'https://wa.me/525512345678',
      contact_shared: true,
      shared_by_me: true,
    });
    expect(await mutualEntry(ana)).toMatchObject({
      phone: BETO.phone,
      instagram: BETO.instagram,
      whatsapp: 'https://wa.me/523344445555',
      contact_shared: true,
    });
    expect(await mutualEntry(beto)).toMatchObject({
      phone: ANA.phone,
      whatsapp: 'https://wa.me/525512345678',
    });
    expect((await history(ana, conversationId)).conversation).toMatchObject({
      phone: BETO.phone,
      contact_shared: true,
    });

    // Pressing again changes nothing.
    expect((await share(ana, conversationId)).statusCode).toBe(200);
    expect(await mutualEntry(ana)).toMatchObject({ phone: BETO.phone, contact_shared: true });
  });

  it('tells the other person she shared, in the list, the conversation, /intereses and by push, once', async () => {
    const { ana, beto, conversationId } = await mutualPair(testApp, ANA, BETO);
    await share(ana, conversationId);
    // Beto is one tap away, and every place he looks says so; nothing of hers is shown yet.
    expect((await conversations(beto)).conversations[0]).toMatchObject({
      ...NOTHING,
      shared_by_me: false,
      shared_by_other: true,
    });
    expect((await history(beto, conversationId)).conversation).toMatchObject({ shared_by_other: true });
    expect(await mutualEntry(beto)).toMatchObject({ ...NOTHING, shared_by_me: false, shared_by_other: true });
    // Ana is told she is waiting, not that both must press.
    expect(await mutualEntry(ana)).toMatchObject({ ...NOTHING, shared_by_me: true, shared_by_other: false });
    await share(ana, conversationId);
    await share(beto, conversationId);
    const pushes = await testApp.app.db
      .selectFrom('jobs')
      .select('key')
      .where('kind', '=', 'push-notification')
      .where('key', 'like', `push:contact-shared:${conversationId}:%`)
      .orderBy('id')
      .execute();
    // One to Beto when Ana pressed (her second press adds none), one to Ana when Beto did.
    expect(pushes.map((job) => job.key)).toEqual([
      `push:contact-shared:${conversationId}:${ana.id}`,
      `push:contact-shared:${conversationId}:${beto.id}`,
    ]);
  });

  it('hides the shared contact again once the conversation closes (the person deactivated)', async () => {
    const { ana, beto, conversationId } = await mutualPair(testApp, ANA, BETO);
    await share(ana, conversationId);
    await share(beto, conversationId);
    await setClientStatus(testApp.app, beto.id, CLIENT_STATUS.inactive);
    expect((await history(ana, conversationId)).conversation).toMatchObject({ ...NOTHING, closed: true });
  });

  it('refuses to share in a conversation she is not in, without saying it exists', async () => {
    const { conversationId } = await mutualPair(testApp, ANA, BETO);
    const { ana: stranger } = await mutualPair(testApp);
    const response = await share(stranger, conversationId);
    expect(response.statusCode).toBe(404);
    expect(response.body.message).toBe('Esta conversación no existe');
  });

  it('sends the mutual-interest e-mails with no contact detail of the other', async () => {
    const { ana, beto } = await mutualPair(testApp, ANA, BETO);
    await waitForQueueIdle(testApp.app.db);
    for (const [member, other] of [
      [ana, BETO],
      [beto, ANA],
    ] as const) {
      const mails = await mailsTo(testApp.config.dataDir, member.email);
      const mutualMail = mails.find((mail) => mail.subject?.includes('interés mutuo'));
      expect(mutualMail).toBeDefined();
      const body = `${mutualMail!.subject}\n${mutualMail!.text}\n${mutualMail!.html ?? ''}`;
      expect(body).not.toContain(other.phone);
      expect(body).not.toContain(other.phone.replace(/\D/g, ''));
      expect(body).not.toContain(other.instagram.replace('@', ''));
      expect(body).not.toContain('wa.me');
    }
  });
});
