import { describe, expect, it } from 'vitest';
import { mexicoDayAndHour } from '../../../src/shared/domain/mexico-time';
import { insertEvent } from '../../support/admin-fixtures';
import { lastMailTo, mailsTo } from '../../support/outbox';
import { waitForQueueIdle } from '../../support/queue';
import { setUpTestApp } from '../../support/test-app';
import { loggedInClient, setEventStatus } from './helpers';

const testApp = setUpTestApp();

async function assistanceRows(eventId: number, clientId: number) {
  return testApp.app.db
    .selectFrom('assistance')
    .selectAll()
    .where('event_id', '=', eventId)
    .where('client_id', '=', clientId)
    .execute();
}

describe('client/events/add', () => {
  it('signs the client up as registered (1) and answers success', async () => {
    const { agent, id } = await loggedInClient(testApp);
    const eventId = await insertEvent(testApp.app);
    const response = await agent.post('client/events/add', { client_id: id, event_id: eventId });
    expect(response.statusCode).toBe(200);
    expect(response.body).toMatchObject({
      status: 'success',
      created: true,
      assistance_id: expect.any(Number),
    });
    const rows = await assistanceRows(eventId, id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status_id: 1, contacted: 0 });
  });

  it('is idempotent: a second sign-up keeps one row and says so', async () => {
    const { agent, id } = await loggedInClient(testApp);
    const eventId = await insertEvent(testApp.app);
    const first = await agent.post('client/events/add', { event_id: eventId });
    const second = await agent.post('client/events/add', { event_id: eventId });
    expect(second.statusCode).toBe(200);
    expect(second.body).toMatchObject({ created: false, assistance_id: first.body.assistance_id });
    expect(second.body.message).toMatch(/Ya estabas registrado/);
    expect(await assistanceRows(eventId, id)).toHaveLength(1);
  });

  it('puts a sign-up to an event marked Agotado on the waiting list (3)', async () => {
    const { agent, id } = await loggedInClient(testApp);
    const eventId = await insertEvent(testApp.app);
    await setEventStatus(testApp.app, eventId, 2);
    const response = await agent.post('client/events/add', { event_id: eventId });
    expect(response.statusCode).toBe(200);
    expect(response.body).toMatchObject({ status: 'success', status_id: 3, position: 1 });
    expect(response.body.message).toBe('Los lugares están ocupados: quedaste en la lista de espera, lugar 1');
    expect(await assistanceRows(eventId, id)).toMatchObject([{ status_id: 3 }]);
  });

  it.each([0, 3])('refuses an event with status %i as missing (404)', async (status) => {
    const { agent, id } = await loggedInClient(testApp);
    const eventId = await insertEvent(testApp.app);
    await setEventStatus(testApp.app, eventId, status);
    const response = await agent.post('client/events/add', { event_id: eventId });
    expect(response.statusCode).toBe(404);
    expect(await assistanceRows(eventId, id)).toHaveLength(0);
  });

  it('refuses an event that does not exist (404)', async () => {
    const { agent } = await loggedInClient(testApp);
    const response = await agent.post('client/events/add', { event_id: 987_654 });
    expect(response.statusCode).toBe(404);
    expect(response.body.message).toMatch(/evento/);
  });

  it('refuses an event without day and hour, and one already past', async () => {
    const { agent, id } = await loggedInClient(testApp);
    const unscheduled = await insertEvent(testApp.app);
    await testApp.app.db
      .updateTable('events')
      .set({ day: null, hour: null })
      .where('id', '=', unscheduled)
      .execute();
    expect((await agent.post('client/events/add', { event_id: unscheduled })).statusCode).toBe(409);
    const past = await insertEvent(testApp.app);
    await testApp.app.db.updateTable('events').set({ day: '2020-01-01' }).where('id', '=', past).execute();
    const response = await agent.post('client/events/add', { event_id: past });
    expect(response.statusCode).toBe(409);
    expect(response.body.message).toMatch(/ya pasó/);
    expect(await assistanceRows(past, id)).toHaveLength(0);
  });

  it('answers 401 to a visitor and stores nothing', async () => {
    const eventId = await insertEvent(testApp.app);
    const response = await testApp.agent().post('client/events/add', { event_id: eventId });
    expect(response.statusCode).toBe(401);
    expect(response.body.status).toBe('warning');
    const rows = await testApp.app.db
      .selectFrom('assistance')
      .select('id')
      .where('event_id', '=', eventId)
      .execute();
    expect(rows).toHaveLength(0);
  });

  it("refuses another client's id with 403", async () => {
    const caller = await loggedInClient(testApp);
    const other = await loggedInClient(testApp);
    const eventId = await insertEvent(testApp.app);
    const response = await caller.agent.post('client/events/add', { client_id: other.id, event_id: eventId });
    expect(response.statusCode).toBe(403);
    expect(await assistanceRows(eventId, other.id)).toHaveLength(0);
    expect(await assistanceRows(eventId, caller.id)).toHaveLength(0);
  });

  it('refuses a malformed body with 400 naming the field', async () => {
    const { agent } = await loggedInClient(testApp);
    const response = await agent.post('client/events/add', { event_id: -3 });
    expect(response.statusCode).toBe(400);
    expect(response.body.message).toContain('evento');
  });

  it('e-mails a confirmation with an .ics calendar file, once', async () => {
    const { agent, email } = await loggedInClient(testApp);
    const eventId = await insertEvent(testApp.app, { name: 'Noche de juegos, vino; y más' });
    await agent.post('client/events/add', { event_id: eventId });
    const mail = await lastMailTo(testApp.config.dataDir, email);
    expect(mail.subject).toContain('Noche de juegos');
    const ics = mail.attachments.find((attachment) => attachment.filename === 'evento.ics');
    expect(ics?.mimeType).toBe('text/calendar');
    const text = typeof ics!.content === 'string' ? ics!.content : new TextDecoder().decode(ics!.content);
    expect(text).toContain('BEGIN:VEVENT');
    expect(text).toContain('SUMMARY:Noche de juegos\\, vino\\; y más');
    // 20:00 in Mexico City (UTC-6) on 2030-01-15.
    expect(text).toContain('DTSTART:20300116T020000Z');
    expect(text).toContain(`/evento/${eventId}`);

    await agent.post('client/events/add', { event_id: eventId });
    await waitForQueueIdle(testApp.app.db);
    expect(await mailsTo(testApp.config.dataDir, email)).toHaveLength(1);
  });
});

describe('client/events/get', () => {
  it("lists only the caller's sign-ups: coming events soonest first, then past ones latest first", async () => {
    const me = await loggedInClient(testApp);
    const other = await loggedInClient(testApp);
    const sooner = await insertEvent(testApp.app, { name: 'Segundo' });
    const later = await insertEvent(testApp.app, { name: 'Primero', day: '2030-03-01' });
    const notMine = await insertEvent(testApp.app, { name: 'Ajeno' });
    const recentPast = await insertEvent(testApp.app, { name: 'Ayer', day: '2024-05-10' });
    const olderPast = await insertEvent(testApp.app, { name: 'Hace mucho', day: '2023-02-01' });
    await me.agent.post('client/events/add', { event_id: sooner });
    await me.agent.post('client/events/add', { event_id: later });
    await other.agent.post('client/events/add', { event_id: notMine });
    // Sign-ups to past nights cannot be made any more: stored as they were, the older night last.
    for (const eventId of [recentPast, olderPast]) {
      await testApp.app.db
        .insertInto('assistance')
        .values({
          event_id: eventId,
          client_id: me.id,
          status_id: 2,
          contacted: 0,
          created_at: new Date().toISOString(),
        })
        .execute();
    }

    const response = await me.agent.post<{ events: any[] }>('client/events/get', { client_id: me.id });
    expect(response.statusCode).toBe(200);
    expect(response.body.events.map((event) => event.event_id)).toEqual([
      sooner,
      later,
      recentPast,
      olderPast,
    ]);
    expect(response.body.events[0]).toEqual({
      id: expect.any(Number),
      event_id: sooner,
      name: 'Segundo',
      day: '2030-01-15',
      hour: '20:00',
      status_id: 1,
      cancel_reason: null,
      freed_place_due_at: null,
      position: null,
      ticket: null,
      door_code: null,
      venue: '',
      address: '',
      city: 'cdmx',
      duration_minutes: 120,
      past: false,
      ended: false,
      checked_in: 0,
    });
  });

  it('keeps the ticket of a night under way until its duration has passed or she checks in', async () => {
    const { agent, id } = await loggedInClient(testApp);
    const underWay = await insertEvent(testApp.app, mexicoDayAndHour(new Date(Date.now() - 10 * 60_000)));
    const over = await insertEvent(testApp.app, mexicoDayAndHour(new Date(Date.now() - 3 * 3_600_000)));
    for (const eventId of [underWay, over]) {
      await testApp.app.db
        .insertInto('assistance')
        .values({
          event_id: eventId,
          client_id: id,
          status_id: 2,
          contacted: 0,
          created_at: new Date().toISOString(),
          ticket: `ticket-${eventId}-${id}`,
        })
        .execute();
    }
    const response = await agent.post<{ events: any[] }>('client/events/get', {});
    const entry = (eventId: number) => response.body.events.find((event) => event.event_id === eventId);
    expect(entry(underWay)).toMatchObject({ past: true, ended: false, ticket: `ticket-${underWay}-${id}` });
    expect(entry(over)).toMatchObject({ past: true, ended: true });
  });

  it('answers 401 to a visitor and 403 for another client id', async () => {
    expect((await testApp.agent().post('client/events/get', {})).statusCode).toBe(401);
    const me = await loggedInClient(testApp);
    const other = await loggedInClient(testApp);
    expect((await me.agent.post('client/events/get', { client_id: other.id })).statusCode).toBe(403);
  });
});
