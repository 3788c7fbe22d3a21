import jsQR from 'jsqr';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { atTime } from '../../../src/shared/domain/mexico-dates';
import { mexicoDayAndHour } from '../../../src/shared/domain/mexico-time';
import { auditActions, insertEvent } from '../../support/admin-fixtures';
import { lastMailTo, mailsTo } from '../../support/outbox';
import { waitForQueueIdle } from '../../support/queue';
import { setUpTestApp } from '../../support/test-app';
import { loggedInClient } from './helpers';

const testApp = setUpTestApp({ seedDemo: false, loginAdmin: true });
const { admin } = testApp;

/** A member signed up and confirmed by the admin; answers the assistance id. */
async function confirmedMember(eventId: number, values: Parameters<typeof loggedInClient>[1] = {}) {
  const member = await loggedInClient(testApp, values);
  const signed = await member.agent.post<{ assistance_id: number }>('client/events/add', {
    event_id: eventId,
  });
  const assistanceId = signed.body.assistance_id;
  const confirmed = await admin.post('event/update', {
    admin_id: testApp.adminId,
    assistance: { id: assistanceId, status_id: 2 },
  });
  expect(confirmed.statusCode).toBe(200);
  return { ...member, assistanceId };
}

async function ticketOf(assistanceId: number): Promise<string> {
  const row = await testApp.app.db
    .selectFrom('assistance')
    .select('ticket')
    .where('id', '=', assistanceId)
    .executeTakeFirstOrThrow();
  return row.ticket!;
}

async function decodeQr(png: Buffer): Promise<string | undefined> {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return jsQR(new Uint8ClampedArray(data), info.width, info.height)?.data;
}

describe('confirmation tickets', () => {
  it('confirming issues an unguessable ticket and e-mails the .ics and a QR that decodes to it', async () => {
    const eventId = await insertEvent(testApp.app, { name: 'Cena con boleto', venue: 'Casa Lamm' });
    const member = await confirmedMember(eventId, { first_name: 'Lucía' });
    const ticket = await ticketOf(member.assistanceId);
    expect(ticket).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(Buffer.from(ticket, 'base64url')).toHaveLength(24);

    const mail = await lastMailTo(testApp.config.dataDir, member.email, (m) =>
      (m.subject ?? '').startsWith('Lugar confirmado'),
    );
    expect(mail.text).toContain('Casa Lamm');
    // The text gives the short code to say at the door; the long one travels only in the QR.
    expect(mail.text).not.toContain(ticket);
    expect(mail.text).toMatch(/di tu código:\n[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}\n/);
    expect(mail.attachments.map((attachment) => attachment.filename).sort()).toEqual([
      'boleto.png',
      'evento.ics',
    ]);
    const png = mail.attachments.find((attachment) => attachment.filename === 'boleto.png')!;
    expect(png.mimeType).toBe('image/png');
    expect(await decodeQr(Buffer.from(png.content as ArrayBuffer))).toBe(ticket);

    const mine = await member.agent.post<{ events: any[] }>('client/events/get', {});
    expect(mine.body.events[0]).toMatchObject({ status_id: 2, ticket, venue: 'Casa Lamm' });
    const details = await admin.post<{ assistance: any[] }>('event/details', {
      admin_id: testApp.adminId,
      event_id: eventId,
    });
    expect(details.body.assistance[0]).toMatchObject({ status_id: 2, ticket, checked_in: 0 });
  });

  it('keeps the spec rule: confirmed places of a gender never exceed its limit (409)', async () => {
    const eventId = await insertEvent(testApp.app, { limit_w: 2 });
    const first = await confirmedMember(eventId, { gender: 1 });
    const second = await loggedInClient(testApp, { gender: 1 });
    const signed = await second.agent.post<{ assistance_id: number }>('client/events/add', {
      event_id: eventId,
    });
    expect(signed.body).toMatchObject({ status_id: 1 });
    await admin.post('event/update', { event: { id: eventId, name: 'Evento de prueba', limit_w: 1 } });
    const refused = await admin.post('event/update', {
      assistance: { id: signed.body.assistance_id, status_id: 2 },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.body.message).toBe('Ya no hay lugares disponibles para mujeres en este evento');
    expect(await ticketOf(first.assistanceId)).toBeTruthy();
    const row = await testApp.app.db
      .selectFrom('assistance')
      .select(['status_id', 'ticket'])
      .where('id', '=', signed.body.assistance_id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status_id: 1, ticket: null });
  });

  it('tickets are unique across attendees', async () => {
    const eventId = await insertEvent(testApp.app);
    const a = await confirmedMember(eventId);
    const b = await confirmedMember(eventId);
    expect(await ticketOf(a.assistanceId)).not.toBe(await ticketOf(b.assistanceId));
  });
});

describe('event/update {checkin}', () => {
  it('marks the confirmed attendee as arrived, answers name and gender, and 409 the second time', async () => {
    const eventId = await insertEvent(testApp.app);
    const member = await confirmedMember(eventId, { first_name: 'Renata', last_name: 'Ortiz', gender: 1 });
    const code = await ticketOf(member.assistanceId);
    const response = await admin.post('event/update', {
      admin_id: testApp.adminId,
      checkin: { event_id: eventId, code },
    });
    expect(response.statusCode).toBe(200);
    expect(response.body).toMatchObject({
      status: 'success',
      assistance_id: member.assistanceId,
      client_id: member.id,
      name: 'Renata Ortiz',
      gender: 1,
    });
    const again = await admin.post('event/update', { checkin: { event_id: eventId, code } });
    expect(again.statusCode).toBe(409);
    // The second scan names her and the minute she came in (Mexico City, as the door reads it).
    const { checked_in_at } = await testApp.app.db
      .selectFrom('assistance')
      .select('checked_in_at')
      .where('id', '=', member.assistanceId)
      .executeTakeFirstOrThrow();
    const { hour } = mexicoDayAndHour(new Date(checked_in_at!));
    expect(again.body).toMatchObject({
      status: 'warning',
      message: `Renata Ortiz ya registró su llegada ${atTime(hour)}`,
    });

    const details = await admin.post<{ event: any; assistance: any[] }>('event/details', {
      admin_id: testApp.adminId,
      event_id: eventId,
    });
    expect(details.body.assistance[0]).toMatchObject({ checked_in: 1 });
    expect(details.body.event).toMatchObject({ checked_in_w: 1, checked_in_m: 0, checked_in_x: 0 });
    expect(await auditActions(testApp.app, 'assistance', member.assistanceId)).toEqual([
      'assistance.confirm',
      'assistance.checkin',
    ]);
    const mine = await member.agent.post<{ events: any[] }>('client/events/get', {});
    expect(mine.body.events[0]).toMatchObject({ checked_in: 1 });
    const csv = await testApp.app.inject({
      method: 'GET',
      url: `/api/event/attendance.csv?event_id=${eventId}`,
      headers: { cookie: `cita_admin=${admin.cookie('cita_admin')}` },
    });
    const lines = csv.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe('Nombre,Correo,Teléfono,Instagram,Género,Estado,Lugar en espera,Contactado,Llegó');
    expect(lines[1]).toMatch(/^Renata Ortiz,.*,Mujer,Confirmado,,No,Sí$/);
  });

  it('ten simultaneous scans of one code check in once', async () => {
    const eventId = await insertEvent(testApp.app);
    const member = await confirmedMember(eventId);
    const code = await ticketOf(member.assistanceId);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => admin.post('event/update', { checkin: { event_id: eventId, code } })),
    );
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((answer) => answer.statusCode === 409)).toHaveLength(9);
    expect(await auditActions(testApp.app, 'assistance', member.assistanceId)).toEqual([
      'assistance.confirm',
      'assistance.checkin',
    ]);
  });

  it('refuses another event’s code (400), an unknown code (404) and an unconfirmed attendee (400)', async () => {
    const eventId = await insertEvent(testApp.app);
    const otherEvent = await insertEvent(testApp.app);
    const member = await confirmedMember(otherEvent);
    const code = await ticketOf(member.assistanceId);
    const wrongEvent = await admin.post('event/update', { checkin: { event_id: eventId, code } });
    expect(wrongEvent.statusCode).toBe(400);
    expect(wrongEvent.body.message).toBe('Este boleto es de otro evento');
    const unknown = await admin.post('event/update', {
      checkin: { event_id: eventId, code: 'x'.repeat(32) },
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body.message).toBe('Este código no corresponde a ningún boleto');
    const malformed = await admin.post('event/update', {
      checkin: { event_id: eventId, code: 'no es <código>' },
    });
    expect(malformed.statusCode).toBe(400);

    await admin.post('event/update', { assistance: { id: member.assistanceId, status_id: 1 } });
    const unconfirmed = await admin.post('event/update', { checkin: { event_id: otherEvent, code } });
    expect(unconfirmed.statusCode).toBe(400);
    expect(unconfirmed.body.message).toBe('Esta persona no tiene su lugar confirmado');
    const row = await testApp.app.db
      .selectFrom('assistance')
      .select('checked_in_at')
      .where('id', '=', member.assistanceId)
      .executeTakeFirstOrThrow();
    expect(row.checked_in_at).toBeNull();
    expect(
      (await testApp.agent().post('event/update', { checkin: { event_id: otherEvent, code } })).statusCode,
    ).toBe(401);
  });

  it('admin/stats counts the real check-ins', async () => {
    const eventId = await insertEvent(testApp.app, { name: 'Noche contada', day: '2031-05-01' });
    const member = await confirmedMember(eventId);
    await admin.post('event/update', {
      checkin: { event_id: eventId, code: await ticketOf(member.assistanceId) },
    });
    const stats = await admin.post<{ events: any[] }>('admin/stats', { admin_id: testApp.adminId });
    expect(stats.body.events.find((event) => event.id === eventId)).toMatchObject({ checked_in: 1 });
  });
});

describe('the reminder 24 h before', () => {
  async function remindersOf(assistanceId: number) {
    const jobs = await testApp.app.db
      .selectFrom('jobs')
      .selectAll()
      .where('kind', '=', 'event-reminder')
      .execute();
    return jobs.filter((job) => job.key?.startsWith(`event-reminder:assistance:${assistanceId}:`));
  }

  /** Brings a planned job's time to now and lets the queue run it. */
  async function runNow(jobId: number) {
    await testApp.app.db
      .updateTable('jobs')
      .set({ run_at: new Date().toISOString() })
      .where('id', '=', jobId)
      .execute();
    testApp.app.queue.wake();
    await waitForQueueIdle(testApp.app.db);
  }

  const reminders = async (email: string) =>
    (await mailsTo(testApp.config.dataDir, email)).filter((mail) => mail.subject?.startsWith('Mañana:'));

  it('is planned at 24 h before, sent once, and not planned again by a second confirmation', async () => {
    const eventId = await insertEvent(testApp.app, {
      name: 'Recordatorio',
      day: '2030-06-10',
      hour: '20:00',
    });
    const member = await confirmedMember(eventId);
    const [job] = await remindersOf(member.assistanceId);
    // 20:00 in Mexico City (UTC-6) on 2030-06-10, minus 24 h.
    expect(job).toMatchObject({ state: 'pending', run_at: '2030-06-10T02:00:00.000Z' });
    await runNow(job!.id);
    expect(await reminders(member.email)).toHaveLength(1);
    expect((await reminders(member.email))[0]!.text).toContain('Recordatorio');

    await admin.post('event/update', { assistance: { id: member.assistanceId, status_id: 1 } });
    await admin.post('event/update', { assistance: { id: member.assistanceId, status_id: 2 } });
    expect(await remindersOf(member.assistanceId)).toHaveLength(1);
    testApp.app.queue.wake();
    await waitForQueueIdle(testApp.app.db);
    expect(await reminders(member.email)).toHaveLength(1);
  });

  it('is skipped for an attendee who is no longer confirmed', async () => {
    const eventId = await insertEvent(testApp.app, { day: '2030-06-11' });
    const member = await confirmedMember(eventId);
    await admin.post('event/update', { assistance: { id: member.assistanceId, status_id: 4 } });
    const [job] = await remindersOf(member.assistanceId);
    await runNow(job!.id);
    expect(await reminders(member.email)).toHaveLength(0);
  });

  it('follows a moved event: the old reminder sends nothing, one for the new time is planned', async () => {
    const eventId = await insertEvent(testApp.app, { name: 'Se movió', day: '2030-06-12', hour: '20:00' });
    const member = await confirmedMember(eventId);
    const [old] = await remindersOf(member.assistanceId);
    const moved = await admin.post('event/update', {
      event: { id: eventId, name: 'Se movió', day: '2030-06-19', hour: '19:30' },
    });
    expect(moved.statusCode).toBe(200);
    await runNow(old!.id);
    expect(await reminders(member.email)).toHaveLength(0);
    const planned = (await remindersOf(member.assistanceId)).filter((job) => job.id !== old!.id);
    expect(planned).toMatchObject([{ state: 'pending', run_at: '2030-06-19T01:30:00.000Z' }]);
    await runNow(planned[0]!.id);
    const sent = await reminders(member.email);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.text).toContain(
      'el miércoles 19 de junio de 2030, 7:30 p.m. (hora del centro de México)',
    );
  });

  it('is not planned when the confirmation comes less than 24 h before', async () => {
    const soon = new Date(Date.now() + 3 * 3_600_000);
    const eventId = await insertEvent(testApp.app, mexicoDayAndHour(soon));
    const member = await confirmedMember(eventId);
    expect(await remindersOf(member.assistanceId)).toHaveLength(0);
  });
});
