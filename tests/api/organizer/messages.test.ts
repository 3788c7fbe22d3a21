import { describe, expect, it } from 'vitest';
import { deliverOrganizerMessage } from '../../../src/server/organizer/send-message';
import { insertEvent } from '../../support/admin-fixtures';
import { mailsTo } from '../../support/outbox';
import { waitForQueueIdle } from '../../support/queue';
import { setUpTestApp } from '../../support/test-app';
import { loggedInClient } from '../events/helpers';
import { pastNight } from './helpers';

const testApp = setUpTestApp({ seedDemo: false, loginAdmin: true });
const { admin } = testApp;

const message = (body: Record<string, unknown>) =>
  admin.post<{
    recipients: number;
    skipped: number;
    sent: boolean;
    preview: { first_name: string; text: string } | null;
  }>('admin/event/message', {
    title: 'Gracias por venir',
    text: 'La próxima noche es el viernes.',
    send: false,
    ...body,
  });

const header = (mail: { headers: { key: string; value: string }[] }, key: string) =>
  mail.headers.find((entry) => entry.key === key.toLowerCase())?.value;

describe('mensajes a los asistentes (docs/design/25-organizers.md)', () => {
  it('counts each segment of a night: confirmed, waiting, came, did not come, came and matched nobody', async () => {
    const { eventId } = await pastNight(testApp.app);
    const counts: Record<string, number> = {};
    for (const segment of ['confirmed', 'waiting', 'checked_in', 'no_show', 'no_match']) {
      const answer = await message({ event_id: eventId, segment });
      expect(answer.statusCode).toBe(200);
      expect(answer.body.sent).toBe(false);
      counts[segment] = answer.body.recipients;
    }
    expect(counts).toEqual({ confirmed: 4, waiting: 1, checked_in: 3, no_show: 1, no_match: 1 });
  });

  it('nobody "did not come" before the night begins', async () => {
    const eventId = await insertEvent(testApp.app, { day: '2030-06-01' });
    const { id } = await loggedInClient(testApp);
    await testApp.app.db
      .insertInto('assistance')
      .values({
        event_id: eventId,
        client_id: id,
        status_id: 2,
        contacted: 0,
        created_at: new Date().toISOString(),
      })
      .execute();
    expect((await message({ event_id: eventId, segment: 'no_show' })).body.recipients).toBe(0);
    expect((await message({ event_id: eventId, segment: 'confirmed' })).body.recipients).toBe(1);
  });

  it('sends by e-mail once per person, even when a delivery runs twice, and audits the sending', async () => {
    const { eventId, carla, ana } = await pastNight(testApp.app);
    const sent = await message({ event_id: eventId, segment: 'no_match', send: true });
    expect(sent.statusCode).toBe(200);
    expect(sent.body).toMatchObject({ recipients: 1, sent: true, message: 'Mensaje enviado a 1 persona' });
    await waitForQueueIdle(testApp.app.db);
    const mails = await mailsTo(testApp.config.dataDir, carla.email);
    expect(mails.map((mail) => mail.subject)).toEqual(['Gracias por venir']);
    expect(mails[0]?.text).toContain('La próxima noche es el viernes.');
    // Not news: no unsubscribe header on a message about her own night.
    expect(header(mails[0]!, 'List-Unsubscribe')).toBeUndefined();
    expect(await mailsTo(testApp.config.dataDir, ana.email)).toEqual([]);

    const { id: messageId } = await testApp.app.db
      .selectFrom('organizer_messages')
      .select('id')
      .where('event_id', '=', eventId)
      .executeTakeFirstOrThrow();
    await deliverOrganizerMessage(testApp.app, { message_id: messageId, client_id: carla.id });
    await waitForQueueIdle(testApp.app.db);
    expect(await mailsTo(testApp.config.dataDir, carla.email)).toHaveLength(1);

    const audit = await admin.post<{ entries: { action: string; sentence: string }[] }>(
      'admin/audit/get',
      {},
    );
    expect(audit.body.entries[0]).toMatchObject({ action: 'organizer_message.send' });
    expect(audit.body.entries[0]?.sentence).toContain('«Gracias por venir» a 1 persona de «Noche de catas»');
  });

  it('previews the e-mail exactly as she gets it: our greeting, or none when the text brings its own', async () => {
    const { eventId, carla } = await pastNight(testApp.app);
    const plain = await message({ event_id: eventId, segment: 'no_match' });
    expect(plain.body.preview).toEqual({
      first_name: 'Carla',
      text: expect.stringMatching(
        /^Hola Carla:\n\nLa próxima noche es el viernes\.\n\n\S+\/evento\/\d+\n\nCita$/,
      ),
    });
    const greeted = { event_id: eventId, segment: 'no_match', text: 'Hola, gracias por venir.' };
    const preview = (await message(greeted)).body.preview;
    expect(preview?.text.startsWith('Hola, gracias por venir.\n')).toBe(true);
    expect(preview?.text).not.toContain('Hola Carla:');

    await message({ ...greeted, send: true });
    await waitForQueueIdle(testApp.app.db);
    const [mail] = await mailsTo(testApp.config.dataDir, carla.email);
    // The .eml's transport adds a final line break; the words are the preview's.
    expect(mail?.text?.replace(/\r\n/g, '\n').trimEnd()).toBe(preview?.text);
  });

  it("keeps the night's record of what was sent, when, to which group and how many", async () => {
    const { eventId } = await pastNight(testApp.app);
    const empty = await admin.post('admin/event/messages', { event_id: eventId });
    expect(empty.statusCode).toBe(200);
    expect(empty.body.messages).toEqual([]);
    await message({ event_id: eventId, segment: 'checked_in', title: 'Fotos de la noche', send: true });
    await message({ event_id: eventId, segment: 'no_show', title: 'Te extrañamos' });
    await message({ event_id: eventId, segment: 'no_show', title: 'Te extrañamos', send: true });
    const record = await admin.post('admin/event/messages', { event_id: eventId });
    expect(record.body.messages).toMatchObject([
      { title: 'Te extrañamos', segment: 'no_show', recipients: 1, text: 'La próxima noche es el viernes.' },
      { title: 'Fotos de la noche', segment: 'checked_in', recipients: 3 },
    ]);
    expect(Date.parse(record.body.messages[0].sent_at)).toBeGreaterThan(Date.now() - 60_000);
    expect((await admin.post('admin/event/messages', { event_id: 999_999 })).statusCode).toBe(404);
  });

  it('refuses news with an event, a segment without one, and callers who are not admins', async () => {
    const eventId = await insertEvent(testApp.app);
    const withEvent = await message({ event_id: eventId, segment: 'news' });
    expect(withEvent.statusCode).toBe(400);
    expect(withEvent.body.message).toContain('Las novedades van sin evento');
    expect((await message({ segment: 'confirmed' })).statusCode).toBe(400);
    expect((await message({ event_id: 999_999, segment: 'confirmed' })).statusCode).toBe(404);
    const member = await loggedInClient(testApp);
    const asMember = await member.agent.post('admin/event/message', {
      segment: 'news',
      title: 'x',
      text: 'y',
      send: true,
    });
    expect(asMember.statusCode).toBe(401);
  });
});

describe('novedades de eventos (docs/design/25-organizers.md)', () => {
  it('is off by default, turned on by her, in her export, and reaches her with a one-click unsubscribe', async () => {
    const lucia = await loggedInClient(testApp, { first_name: 'Lucía' });
    expect((await lucia.agent.post('client/news/get', {})).body.news).toBe(false);
    const before = await message({ segment: 'news' });
    const on = await lucia.agent.post('client/news/update', { client_id: lucia.id, news: true });
    expect(on.statusCode).toBe(200);
    expect((await lucia.agent.post('client/news/get', {})).body.news).toBe(true);
    expect((await message({ segment: 'news' })).body.recipients).toBe(before.body.recipients + 1);
    const exported = await lucia.agent.post<{ data: any }>('client/data/export', { client_id: lucia.id });
    expect(exported.body.data.event_news).toMatchObject({ wants_news: true });

    expect(
      (await message({ segment: 'news', title: 'Nuevas noches en diciembre', send: true })).statusCode,
    ).toBe(200);
    await waitForQueueIdle(testApp.app.db);
    const [mail] = await mailsTo(testApp.config.dataDir, lucia.email);
    expect(mail?.subject).toBe('Nuevas noches en diciembre');
    const unsubscribe = header(mail!, 'List-Unsubscribe') ?? '';
    expect(header(mail!, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    const [https, mailto] = unsubscribe.split(',').map((part) => part.trim().replace(/^<|>$/g, ''));
    expect(https).toMatch(/^https?:\/\/.+\/api\/news\/unsubscribe\?c=\d+&t=[0-9a-f]{64}$/);
    expect(mailto).toMatch(/^mailto:/);
    expect(mail?.text).toMatch(/Date de baja aquí: \S+\/novedades\/baja\?c=\d+&t=[0-9a-f]{64}/);

    // The mail provider's one-click POST, without a session (RFC 8058).
    const path = new URL(https!).pathname + new URL(https!).search;
    const forged = await testApp.app.inject({
      method: 'POST',
      url: path.replace(/t=[0-9a-f]{64}/, `t=${'0'.repeat(64)}`),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(forged.statusCode).toBe(400);
    expect((await lucia.agent.post('client/news/get', {})).body.news).toBe(true);
    const oneClick = await testApp.app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.statusCode).toBe(200);
    expect((await lucia.agent.post('client/news/get', {})).body.news).toBe(false);
  });

  it('reaches a member at most twice a week: the third is skipped for her and counted', async () => {
    const marta = await loggedInClient(testApp);
    await marta.agent.post('client/news/update', { news: true });
    const others = (await message({ segment: 'news' })).body.recipients - 1;
    for (const title of ['Primera', 'Segunda']) {
      expect((await message({ segment: 'news', title, send: true })).body.skipped).toBe(0);
    }
    const third = await message({ segment: 'news', title: 'Tercera' });
    expect(third.body).toMatchObject({ skipped: others + 1, recipients: 0 });
    const sent = await message({ segment: 'news', title: 'Tercera', send: true });
    expect(sent.body).toMatchObject({ skipped: others + 1, recipients: 0, sent: true });
    await waitForQueueIdle(testApp.app.db);
    expect((await mailsTo(testApp.config.dataDir, marta.email)).map((mail) => mail.subject)).toEqual([
      'Primera',
      'Segunda',
    ]);
  });
});
