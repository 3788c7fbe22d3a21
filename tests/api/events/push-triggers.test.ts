import { describe, expect, it } from 'vitest';
import { remindAttendee } from '../../../src/server/events/attendance/reminders';
import { dayInMexicoCity } from '../../../src/shared/domain/mexico-time';
import { insertEvent } from '../../support/admin-fixtures';
import { queuedPushes } from '../../support/push-jobs';
import { setUpTestApp } from '../../support/test-app';
import { loggedInClient } from './helpers';

// The queue does not run: the tests run the reminder themselves and read the push notifications
// queued, payload and all.
const testApp = setUpTestApp({ seedDemo: false, loginAdmin: true, env: { QUEUE_CONCURRENCY: '0' } });
const { admin } = testApp;

const pushesOf = async (clientId: number, kind: string) =>
  (await queuedPushes(testApp.app.db, clientId)).filter((push) => push.kind === kind);

async function confirmedMember(eventId: number) {
  const member = await loggedInClient(testApp, { gender: 1 });
  const signed = await member.agent.post<{ assistance_id: number }>('client/events/add', {
    event_id: eventId,
  });
  const confirmed = await admin.post('event/update', {
    admin_id: testApp.adminId,
    assistance: { id: signed.body.assistance_id, status_id: 2 },
  });
  expect(confirmed.statusCode).toBe(200);
  return { ...member, assistanceId: signed.body.assistance_id };
}

describe('recordatorio de evento (docs/design/21-pocket.md)', () => {
  it('comes with the reminder e-mail: tomorrow, the event and its time, to her tickets', async () => {
    const day = dayInMexicoCity(new Date(Date.now() + 24 * 3_600_000));
    const eventId = await insertEvent(testApp.app, {
      name: 'Catas de mezcal',
      day,
      hour: '20:00',
      venue: 'Casa Lamm',
    });
    const member = await confirmedMember(eventId);
    await remindAttendee(testApp.app, { assistance_id: member.assistanceId, day, hour: '20:00' });
    expect(await pushesOf(member.id, 'event_reminder')).toEqual([
      expect.objectContaining({
        clientId: member.id,
        title: 'Mañana: «Catas de mezcal» a las 8:00 p.m.',
        body: 'En Casa Lamm. Lleva a la mano tu boleto con su código QR.',
        url: '/asistencias',
      }),
    ]);
    // Run again (a retry, another instance): still one.
    await remindAttendee(testApp.app, { assistance_id: member.assistanceId, day, hour: '20:00' });
    expect(await pushesOf(member.id, 'event_reminder')).toHaveLength(1);
  });

  it('says nothing to a member who cancelled meanwhile', async () => {
    const day = dayInMexicoCity(new Date(Date.now() + 24 * 3_600_000));
    const eventId = await insertEvent(testApp.app, { day, hour: '13:00' });
    const member = await confirmedMember(eventId);
    expect((await member.agent.post('client/events/cancel', { event_id: eventId })).statusCode).toBe(200);
    await remindAttendee(testApp.app, { assistance_id: member.assistanceId, day, hour: '13:00' });
    expect(await pushesOf(member.id, 'event_reminder')).toEqual([]);
  });
});

describe('se liberó un lugar on a free event (docs/design/21-pocket.md)', () => {
  it('tells her the place is hers', async () => {
    const eventId = await insertEvent(testApp.app, { name: 'Paseo en bici', limit_w: 1 });
    const holder = await loggedInClient(testApp, { gender: 1 });
    const waiting = await loggedInClient(testApp, { gender: 1 });
    await holder.agent.post('client/events/add', { event_id: eventId });
    await waiting.agent.post('client/events/add', { event_id: eventId });
    expect((await holder.agent.post('client/events/cancel', { event_id: eventId })).statusCode).toBe(200);
    expect(await pushesOf(waiting.id, 'place_freed')).toEqual([
      expect.objectContaining({
        title: 'Se liberó un lugar en «Paseo en bici»',
        body: 'Ya es tuyo: dejaste la lista de espera.',
        url: `/evento/${eventId}`,
      }),
    ]);
  });
});
