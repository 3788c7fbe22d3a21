import { describe, expect, it } from 'vitest';
import { insertEvent } from '../../support/admin-fixtures';
import { lastMailTo } from '../../support/outbox';
import { setUpTestApp } from '../../support/test-app';
import { loggedInClient } from './helpers';

const testApp = setUpTestApp({ seedDemo: false, loginAdmin: true });
const { admin } = testApp;

// insertEvent's default night: 2030-01-15 at 20:00, Mexico City.
const WHEN = 'martes 15 de enero de 2030, 8:00 p.m.';

function mailTo(email: string, subject: string) {
  return lastMailTo(testApp.config.dataDir, email, (mail) => (mail.subject ?? '').startsWith(subject));
}

describe('the dates of the event e-mails read as people say them', () => {
  it('writes the sign-up and waiting-list mails with weekday, day, month and a 12-hour time', async () => {
    const eventId = await insertEvent(testApp.app, { limit_w: 1 });
    const first = await loggedInClient(testApp, { gender: 1 });
    const second = await loggedInClient(testApp, { gender: 1 });
    await first.agent.post('client/events/add', { event_id: eventId });
    await second.agent.post('client/events/add', { event_id: eventId });

    const registered = await mailTo(first.email, 'Tu registro');
    expect(registered.text).toContain(`, el ${WHEN} (hora del centro de México)`);
    expect(registered.text).not.toContain('2030-01-15');
    expect(registered.text).not.toContain(' a las ');
    const waiting = await mailTo(second.email, 'Lista de espera');
    expect(waiting.text).toContain(`(${WHEN}) están ocupados`);
    expect(waiting.text).not.toContain('2030-01-15');
  });

  it('writes the confirmed-place mail and the freed-place mail the same way', async () => {
    const eventId = await insertEvent(testApp.app, { limit_w: 1 });
    const holder = await loggedInClient(testApp, { gender: 1 });
    const next = await loggedInClient(testApp, { gender: 1 });
    const held = await holder.agent.post<{ assistance_id: number }>('client/events/add', {
      event_id: eventId,
    });
    await next.agent.post('client/events/add', { event_id: eventId });

    await admin.post('event/update', { assistance: { id: held.body.assistance_id, status_id: 2 } });
    const confirmed = await mailTo(holder.email, 'Lugar confirmado');
    expect(confirmed.text).toContain(`está confirmado: ${WHEN} (hora del centro de México)`);

    await holder.agent.post('client/events/cancel', { event_id: eventId });
    const freed = await mailTo(next.email, 'Se liberó un lugar');
    expect(freed.text).toContain(`(${WHEN}) y ya es tuyo`);
    expect(freed.text).not.toContain('2030-01-15');
  });
});
