import { describe, expect, it } from 'vitest';
import { promotionHoldEnd } from '../../../src/server/events/attendance/promotion-hold';
import type { ClientEventsGetResponse } from '../../../src/shared/contracts/client-events';
import { mexicoDayAndHour, mexicoLocalToUtc } from '../../../src/shared/domain/mexico-time';
import { insertEvent } from '../../support/admin-fixtures';
import { lastMailTo } from '../../support/outbox';
import { setUpPaymentsApp } from '../../support/payments';
import { loggedInClient } from '../events/helpers';

const HOUR_MS = 3_600_000;
const { testApp, placeOf } = setUpPaymentsApp({ seedDemo: false });

/** A full paid event (one place for women) with one woman waiting; the holder then cancels. */
async function placeFreedBy(event: { day?: string; hour?: string }) {
  const eventId = await insertEvent(testApp.app, { limit_w: 1, ...event });
  const holder = await loggedInClient(testApp, { gender: 1 });
  const waiting = await loggedInClient(testApp, { gender: 1 });
  await holder.agent.post('client/events/add', { event_id: eventId });
  expect((await waiting.agent.post('client/events/add', { event_id: eventId })).body).toMatchObject({
    status_id: 3,
  });
  const freedFrom = new Date();
  expect((await holder.agent.post('client/events/cancel', { event_id: eventId })).statusCode).toBe(200);
  const freedUntil = new Date();
  return { eventId, waiting, freedFrom, freedUntil, place: await placeOf(eventId, waiting.id) };
}

describe('the fair waiting list (docs/design/21-pocket.md)', () => {
  it('holds a place given to the next person waiting for at least 12 hours, out of the night', async () => {
    const { eventId, waiting, freedFrom, freedUntil, place } = await placeFreedBy({});
    expect(place.status_id).toBe(1);
    const dueAt = new Date(place.payment_due_at!);
    expect(dueAt.getTime()).toBeGreaterThanOrEqual(freedFrom.getTime() + 12 * HOUR_MS);
    const hour = mexicoDayAndHour(dueAt).hour;
    expect(hour >= '08:00' && hour < '23:00').toBe(true);
    // The rule, at the moment the place freed (the rule never ends earlier for a later moment).
    const rules = { holdHours: 12, ordinaryHoldMinutes: 30 };
    const start = mexicoLocalToUtc('2030-01-15', '20:00');
    expect(dueAt.getTime()).toBeGreaterThanOrEqual(promotionHoldEnd(freedFrom, start, rules).getTime());
    expect(dueAt.getTime()).toBeLessThanOrEqual(promotionHoldEnd(freedUntil, start, rules).getTime());

    const mine = await waiting.agent.post<ClientEventsGetResponse>('client/events/get', {});
    expect(mine.body.events.find((entry) => entry.event_id === eventId)).toMatchObject({
      status_id: 1,
      freed_place_due_at: place.payment_due_at,
    });
    const mail = await lastMailTo(testApp.config.dataDir, waiting.email, (sent) =>
      sent.subject!.startsWith('Se liberó un lugar'),
    );
    expect(mail.text).toContain('Paga $100.00 MXN antes del');
  });

  it('ends the hold two hours before the start when the start is nearer than that', async () => {
    // Five hours from now, to the minute, as events store it.
    const { day, hour } = mexicoDayAndHour(new Date(Date.now() + 5 * HOUR_MS));
    const { place } = await placeFreedBy({ day, hour });
    expect(place.payment_due_at).toBe(
      new Date(mexicoLocalToUtc(day, hour).getTime() - 2 * HOUR_MS).toISOString(),
    );
  });

  it('says nothing of a freed place to a member who got hers by signing up', async () => {
    const eventId = await insertEvent(testApp.app, { limit_w: 3 });
    const member = await loggedInClient(testApp, { gender: 1 });
    await member.agent.post('client/events/add', { event_id: eventId });
    const mine = await member.agent.post<ClientEventsGetResponse>('client/events/get', {});
    expect(mine.body.events.find((entry) => entry.event_id === eventId)).toMatchObject({
      status_id: 1,
      freed_place_due_at: null,
    });
  });
});
