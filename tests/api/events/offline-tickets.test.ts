import jsQR from 'jsqr';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { newDoorCode } from '../../../src/server/events/attendance/tickets';
import type { ClientTicketsAnswer } from '../../../src/shared/contracts/tickets';
import { mexicoDayAndHour } from '../../../src/shared/domain/mexico-time';
import { insertEvent } from '../../support/admin-fixtures';
import { setUpTestApp } from '../../support/test-app';
import { loggedInClient } from './helpers';

/** docs/design/21-pocket.md: GET /api/client/tickets, the answer the service worker keeps for the door. */
const testApp = setUpTestApp({ seedDemo: false, loginAdmin: true });
const { admin } = testApp;

type Member = Awaited<ReturnType<typeof loggedInClient>>;

async function signUp(member: Member, eventId: number): Promise<number> {
  const signed = await member.agent.post<{ assistance_id: number }>('client/events/add', {
    event_id: eventId,
  });
  expect(signed.statusCode).toBe(200);
  return signed.body.assistance_id;
}

async function confirm(assistanceId: number): Promise<void> {
  const confirmed = await admin.post('event/update', { assistance: { id: assistanceId, status_id: 2 } });
  expect(confirmed.statusCode).toBe(200);
}

async function ticketsOf(member: Member): Promise<ClientTicketsAnswer['tickets']> {
  const response = await member.agent.get('/api/client/tickets');
  expect(response.statusCode).toBe(200);
  return (JSON.parse(response.body) as ClientTicketsAnswer).tickets;
}

async function ticketCode(assistanceId: number): Promise<string> {
  const row = await testApp.app.db
    .selectFrom('assistance')
    .select('ticket')
    .where('id', '=', assistanceId)
    .executeTakeFirstOrThrow();
  return row.ticket ?? '';
}

async function decodeSvgQr(svg: string): Promise<string | undefined> {
  const { data, info } = await sharp(Buffer.from(svg), { density: 300 })
    .flatten({ background: '#ffffff' })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return jsQR(new Uint8ClampedArray(data), info.width, info.height)?.data;
}

/** A confirmed place with this ticket code (and a door code), written directly (for nights already started). */
async function confirmedPlace(eventId: number, clientId: number, ticket: string): Promise<number> {
  const { id } = await testApp.app.db
    .insertInto('assistance')
    .values({
      event_id: eventId,
      client_id: clientId,
      status_id: 2,
      contacted: 0,
      ticket,
      door_code: newDoorCode(),
      created_at: new Date().toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/** Mexico City's day and hour `minutes` from now (negative: in the past). */
function fromNow(minutes: number): { day: string; hour: string } {
  return mexicoDayAndHour(new Date(Date.now() + minutes * 60_000));
}

describe('GET /api/client/tickets', () => {
  it('asks a visitor to log in (401) and stores nothing in the HTTP cache', async () => {
    const response = await testApp.agent().get('/api/client/tickets');
    expect(response.statusCode).toBe(401);
    expect(JSON.parse(response.body)).toMatchObject({
      status: 'warning',
      message: 'Inicia sesión para continuar',
    });

    const member = await loggedInClient(testApp);
    const own = await member.agent.get('/api/client/tickets');
    expect(own.headers['cache-control']).toBe('private, no-store');
  });

  it('answers her confirmed ticket with the event, the place and a QR that decodes to her code', async () => {
    const eventId = await insertEvent(testApp.app, {
      name: 'Noche de salsa',
      venue: 'Salón Los Ángeles',
      day: '2031-03-14',
      hour: '20:30',
    });
    await testApp.app.db
      .updateTable('events')
      .set({ address: 'Lerdo 206, Guerrero', duration_minutes: 150 })
      .where('id', '=', eventId)
      .execute();
    const member = await loggedInClient(testApp);
    const assistanceId = await signUp(member, eventId);
    await confirm(assistanceId);
    const code = await ticketCode(assistanceId);

    const answer = JSON.parse((await member.agent.get('/api/client/tickets')).body) as ClientTicketsAnswer;
    expect(answer.client_id).toBe(member.id);
    expect(answer.tickets).toHaveLength(1);
    const [ticket] = answer.tickets;
    expect(ticket).toMatchObject({
      assistance_id: assistanceId,
      event_id: eventId,
      name: 'Noche de salsa',
      day: '2031-03-14',
      hour: '20:30',
      // 20:30 in Mexico City (UTC−6) plus two and a half hours.
      ends_at: '2031-03-15T05:00:00.000Z',
      venue: 'Salón Los Ángeles',
      address: 'Lerdo 206, Guerrero',
      code,
    });
    expect(ticket?.qr_svg).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
    expect(await decodeSvgQr(ticket?.qr_svg ?? '')).toBe(code);
  });

  it("never lists another member's ticket, even for the same event", async () => {
    const eventId = await insertEvent(testApp.app, { name: 'Cena compartida' });
    const ana = await loggedInClient(testApp, { gender: 1 });
    const beto = await loggedInClient(testApp, { gender: 2 });
    await confirm(await signUp(ana, eventId));
    const betoPlace = await signUp(beto, eventId);

    expect((await ticketsOf(ana)).map((ticket) => ticket.event_id)).toEqual([eventId]);
    // Beto holds a place but is not confirmed: nothing of Ana's shows up for him.
    expect(await ticketsOf(beto)).toEqual([]);

    await confirm(betoPlace);
    const anaCode = (await ticketsOf(ana))[0]?.code;
    const betoTickets = await ticketsOf(beto);
    expect(betoTickets).toHaveLength(1);
    expect(betoTickets[0]?.code).not.toBe(anaCode);
    expect(betoTickets[0]?.code).toBe(await ticketCode(betoPlace));
  });

  it('leaves out places not confirmed, cancelled, checked in, undated and events that ended', async () => {
    const member = await loggedInClient(testApp);
    const registered = await insertEvent(testApp.app, { name: 'Solo registrada' });
    await signUp(member, registered);

    const full = await insertEvent(testApp.app, { name: 'Lista de espera', limit_w: 0 });
    await signUp(member, full);

    const cancelled = await insertEvent(testApp.app, { name: 'Cancelada' });
    await confirm(await signUp(member, cancelled));
    const cancel = await member.agent.post('client/events/cancel', { event_id: cancelled });
    expect(cancel.statusCode).toBe(200);

    // Sign-ups close when a night starts: these places are written as they stood before it.
    const ended = await insertEvent(testApp.app, { name: 'Ya terminó', ...fromNow(-6 * 60) });
    await confirmedPlace(ended, member.id, 'codigo-de-una-noche-que-ya-paso00');

    const checkedIn = await insertEvent(testApp.app, { name: 'Ya llegó' });
    const checkedInPlace = await signUp(member, checkedIn);
    await confirm(checkedInPlace);
    const checkin = await admin.post('event/update', {
      checkin: { event_id: checkedIn, code: await ticketCode(checkedInPlace) },
    });
    expect(checkin.statusCode).toBe(200);

    const undated = await insertEvent(testApp.app, { name: 'Sin fecha' });
    await confirm(await signUp(member, undated));
    await testApp.app.db
      .updateTable('events')
      .set({ day: null, hour: null })
      .where('id', '=', undated)
      .execute();

    // A latecomer keeps hers once the night has started, until it ends.
    const started = await insertEvent(testApp.app, { name: 'Ya empezó', ...fromNow(-30) });
    await testApp.app.db
      .updateTable('events')
      .set({ duration_minutes: 180 })
      .where('id', '=', started)
      .execute();
    const late = await confirmedPlace(started, member.id, 'codigo-de-quien-llega-tarde-00000');

    const tickets = await ticketsOf(member);
    expect(tickets.map((ticket) => ticket.name)).toEqual(['Ya empezó']);
    expect(tickets[0]?.assistance_id).toBe(late);
  });
});
