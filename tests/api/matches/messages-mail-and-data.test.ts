import { describe, expect, it } from 'vitest';
import { eraseClient } from '../../../src/server/accounts/account';
import { MemberStatusHooks } from '../../../src/server/accounts/member-status-hooks';
import { FIXTURE_PASSWORD } from '../../support/admin-fixtures';
import { mailsTo } from '../../support/outbox';
import { waitForJobs } from '../../support/queue';
import { setUpTestApp } from '../../support/test-app';
import { conversations, history, mutualPair, send } from './message-helpers';

const testApp = setUpTestApp({
  seedDemo: false,
  env: { MESSAGE_EMAIL_DELAY_MINUTES: '0.01', QUEUE_POLL_MS: '50', PUBLIC_URL: 'https://cita.example.mx' },
});

/** Waits until `count` away e-mail checks of this conversation ran, and every e-mail queued so far went out. */
async function awayChecksRan(conversationId: number, count: number) {
  await waitForJobs(
    testApp.app.db,
    (jobs) =>
      jobs.filter(
        (job) =>
          job.kind === 'message-away-mail' &&
          job.state === 'done' &&
          job.key?.startsWith(`message-away:${conversationId}:`),
      ).length >= count,
  );
  await waitForJobs(testApp.app.db, (jobs) =>
    jobs.every((job) => job.kind !== 'mail' || job.state === 'done'),
  );
}

const awayMails = async (email: string) =>
  (await mailsTo(testApp.config.dataDir, email)).filter((mail) =>
    mail.subject?.startsWith('Tienes un mensaje nuevo'),
  );

describe('the away e-mail (docs/design/20-mensajes.md)', () => {
  it('sends one e-mail, without the text, when a message stays unread; at most one in 6 hours', async () => {
    const { ana, beto, conversationId } = await mutualPair(testApp);
    const jobsBefore = (await testApp.app.db.selectFrom('jobs').select('id').execute()).length;
    await send(ana, conversationId, 'Un secreto: me encantan los tacos');
    await send(ana, conversationId, '¿Y a ti?');
    await awayChecksRan(conversationId, 1);
    const [mail, ...more] = await awayMails(beto.email);
    expect(more).toEqual([]);
    expect(mail?.subject).toBe('Tienes un mensaje nuevo de Ana');
    expect(mail?.text).toContain(`https://cita.example.mx/mensajes/${conversationId}`);
    expect(mail?.text).not.toContain('tacos');
    expect(mail?.text).not.toContain('¿Y a ti?');

    // Read, then a new message unread again: within the 6 hours, no second e-mail.
    const page = await history(beto, conversationId);
    await beto.agent.post('client/messages/read', {
      conversation_id: conversationId,
      up_to_id: page.messages[0]!.id,
    });
    await send(ana, conversationId, '¿Sigues ahí?');
    const jobs = await testApp.app.db.selectFrom('jobs').select('id').execute();
    expect(jobs.length).toBeGreaterThan(jobsBefore);
    await awayChecksRan(conversationId, 2);
    expect(await awayMails(beto.email)).toHaveLength(1);
    expect(await awayMails(ana.email)).toEqual([]);
  });

  it('sends nothing when the message was read in time', async () => {
    const { ana, beto, conversationId } = await mutualPair(testApp);
    const sent = await send(ana, conversationId, 'Hola');
    await beto.agent.post('client/messages/read', {
      conversation_id: conversationId,
      up_to_id: sent.body.sent.id,
    });
    await awayChecksRan(conversationId, 1);
    expect(await awayMails(beto.email)).toEqual([]);
  });
});

describe('personal data (docs/design/20-mensajes.md, docs/design/18-personal-data.md)', () => {
  it('exports her conversations with every message, the other person as First L.', async () => {
    const { ana, beto, conversationId } = await mutualPair(testApp);
    await send(ana, conversationId, 'Hola Beto');
    await send(beto, conversationId, 'Hola Ana');
    const exported = await ana.agent.post<{ data: { conversations: any[] } }>('client/data/export', {});
    expect(exported.statusCode).toBe(200);
    expect(exported.body.data.conversations).toEqual([
      expect.objectContaining({
        id: conversationId,
        with: 'Beto R.',
        messages: [
          expect.objectContaining({ from_me: true, text: 'Hola Beto' }),
          expect.objectContaining({ from_me: false, text: 'Hola Ana' }),
        ],
      }),
    ]);
  });

  it('erasure deletes the messages she sent; the other sees her gone and the conversation closed', async () => {
    const { ana, beto, conversationId } = await mutualPair(testApp);
    await send(ana, conversationId, 'Hola Beto, soy Ana');
    await send(beto, conversationId, 'Hola Ana');
    await send(ana, conversationId, '¿Cómo estás?');
    const { app } = testApp;
    await eraseClient(
      app.db,
      app.personalData,
      app.config,
      app.config.emailHashKey,
      ana.id,
      FIXTURE_PASSWORD,
      new MemberStatusHooks(),
    );

    const betoList = await conversations(beto);
    expect(betoList.conversations[0]).toMatchObject({
      id: conversationId,
      other: { name: 'Esta persona ya no está en Cita', photo: null, age: null },
      closed: true,
      erased: true,
      unread: 0,
      last_message: { text: 'Hola Ana', from_me: true },
    });
    expect(betoList.unread_total).toBe(0);
    expect((await history(beto, conversationId)).conversation).toMatchObject({ closed: true, erased: true });
    expect((await history(beto, conversationId)).messages.map((message) => message.text)).toEqual([
      'Hola Ana',
    ]);
    expect((await send(beto, conversationId, '¿Hola?')).statusCode).toBe(409);
    const left = await app.db.selectFrom('messages').select('id').where('sender_id', '=', ana.id).execute();
    expect(left).toEqual([]);
  });
});
