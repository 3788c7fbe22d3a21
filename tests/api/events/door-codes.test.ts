import { describe, expect, it } from 'vitest';
import { freeDoorCode } from '../../../src/server/events/attendance/tickets';
import { formatDoorCode } from '../../../src/shared/domain/door-code';
import { insertEvent } from '../../support/admin-fixtures';
import { lastMailTo } from '../../support/outbox';
import { setUpTestApp } from '../../support/test-app';
import { loggedInClient } from './helpers';

const testApp = setUpTestApp({ seedDemo: false, loginAdmin: true });
const { admin } = testApp;

/** A member signed up and confirmed by the admin, with her ticket's short code as stored. */
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
  const row = await testApp.app.db
    .selectFrom('assistance')
    .select('door_code')
    .where('id', '=', assistanceId)
    .executeTakeFirstOrThrow();
  return { ...member, assistanceId, doorCode: row.door_code! };
}

const checkIn = (eventId: number, code: string) =>
  admin.post<{ message?: string; name?: string }>('event/update', { checkin: { event_id: eventId, code } });

describe('the ticket’s short code', () => {
  it('comes with the confirmation: 8 Crockford characters, shown as XXXX-XXXX on her ticket and in the mail', async () => {
    const eventId = await insertEvent(testApp.app, { name: 'Cena con código' });
    const member = await confirmedMember(eventId);
    expect(member.doorCode).toMatch(/^[0-9A-HJKMNP-TV-Z]{8}$/);
    const shown = formatDoorCode(member.doorCode);

    const mine = await member.agent.post<{ events: any[] }>('client/events/get', {});
    expect(mine.body.events[0]).toMatchObject({ status_id: 2, door_code: shown });
    const tickets = await member.agent.get('/api/client/tickets');
    expect(JSON.parse(tickets.body).tickets[0]).toMatchObject({ event_id: eventId, door_code: shown });
    const mail = await lastMailTo(testApp.config.dataDir, member.email, (m) =>
      (m.subject ?? '').startsWith('Lugar confirmado'),
    );
    expect(mail.text).toContain(shown);
  });

  it('checks in typed in any case, with or without the dash', async () => {
    const eventId = await insertEvent(testApp.app);
    const typings: ((code: string) => string)[] = [
      (code) => formatDoorCode(code),
      (code) => formatDoorCode(code).toLowerCase(),
      (code) => code,
      (code) => code.toLowerCase(),
    ];
    for (const [index, typing] of typings.entries()) {
      const member = await confirmedMember(eventId, { first_name: `Invitada${index}`, last_name: 'Puerta' });
      const typed = typing(member.doorCode);
      const answer = await checkIn(eventId, typed);
      expect(answer.statusCode, typed).toBe(200);
      expect(answer.body.name).toBe(`Invitada${index} Puerta`);
      const again = await checkIn(eventId, typed);
      expect(again.statusCode, typed).toBe(409);
      expect(again.body.message).toMatch(
        new RegExp(`^Invitada${index} Puerta ya registró su llegada a las? `),
      );
    }
  });

  it('checks in the code typed in its two groups with a space, as the hint allows', async () => {
    const eventId = await insertEvent(testApp.app);
    const member = await confirmedMember(eventId, { first_name: 'Espacio', last_name: 'Puerta' });
    const typed = `${member.doorCode.slice(0, 4)} ${member.doorCode.slice(4)}`.toLowerCase();
    const answer = await checkIn(eventId, typed);
    expect(answer.statusCode).toBe(200);
    expect(answer.body.name).toBe('Espacio Puerta');
  });

  it('reads O as 0 and I or L as 1 when typed', async () => {
    const eventId = await insertEvent(testApp.app);
    const member = await confirmedMember(eventId);
    await testApp.app.db
      .updateTable('assistance')
      .set({ door_code: '0011AB01' })
      .where('id', '=', member.assistanceId)
      .execute();
    expect((await checkIn(eventId, 'oOiL-abOi')).statusCode).toBe(200);
  });

  it('refuses a short code of another event with a Spanish 400, and an unknown one with a 404', async () => {
    const eventId = await insertEvent(testApp.app);
    const otherEvent = await insertEvent(testApp.app);
    const member = await confirmedMember(otherEvent);
    const wrongDoor = await checkIn(eventId, formatDoorCode(member.doorCode));
    expect(wrongDoor.statusCode).toBe(400);
    expect(wrongDoor.body.message).toBe('Este boleto es de otro evento');
    const unknown = await checkIn(eventId, member.doorCode === 'ZZZZZZZZ' ? 'YYYY-YYYY' : 'ZZZZ-ZZZZ');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body.message).toBe('Este código no corresponde a ningún boleto');
    const outsideAlphabet = await checkIn(eventId, 'UUUU-UUUU');
    expect(outsideAlphabet.statusCode).toBe(404);
  });

  it('is unique within an event: the index refuses a copy there, another event may hold the same', async () => {
    const eventId = await insertEvent(testApp.app);
    const otherEvent = await insertEvent(testApp.app);
    const first = await confirmedMember(eventId, { first_name: 'Primera', last_name: 'Noche' });
    const second = await confirmedMember(eventId);
    expect(second.doorCode).not.toBe(first.doorCode);
    const copy = (assistanceId: number) =>
      testApp.app.db
        .updateTable('assistance')
        .set({ door_code: first.doorCode })
        .where('id', '=', assistanceId)
        .execute();
    await expect(copy(second.assistanceId)).rejects.toThrow(/unique/i);
    const elsewhere = await confirmedMember(otherEvent, { first_name: 'Otra', last_name: 'Noche' });
    await copy(elsewhere.assistanceId);
    // Each door finds its own attendee by the shared code.
    expect((await checkIn(otherEvent, first.doorCode)).body.name).toBe('Otra Noche');
    expect((await checkIn(eventId, first.doorCode)).body.name).toBe('Primera Noche');
  });

  it('draws again when the code drawn is already held in the event', async () => {
    const eventId = await insertEvent(testApp.app);
    const holder = await confirmedMember(eventId);
    const draws = [holder.doorCode, holder.doorCode, 'K7QM4D2X'];
    const code = await testApp.app.db
      .transaction()
      .execute((trx) => freeDoorCode(trx, eventId, () => draws.shift()!));
    expect(code).toBe('K7QM4D2X');
    expect(draws).toEqual([]);
  });
});
