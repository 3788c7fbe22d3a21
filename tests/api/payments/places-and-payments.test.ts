import { describe, expect, it } from 'vitest';
import { dayInMexicoCity, mexicoLocalToUtc } from '../../../src/shared/domain/mexico-time';
import { insertEvent } from '../../support/admin-fixtures';
import { pressCheckoutButton, setUpPaymentsApp } from '../../support/payments';
import { loggedInClient } from '../events/helpers';

// A refund rule of its own, so that the answers are seen to carry the server's hours.
const { testApp, settle, placeOf, paymentOf } = setUpPaymentsApp({
  seedDemo: false,
  loginAdmin: true,
  env: { REFUND_HOURS: '72' },
});
const { admin } = testApp;

/** A day `days` from today, Mexico City time. */
function inDays(days: number): string {
  const day = new Date(`${dayInMexicoCity()}T12:00:00Z`);
  day.setUTCDate(day.getUTCDate() + days);
  return day.toISOString().slice(0, 10);
}

async function payByCard(member: Awaited<ReturnType<typeof loggedInClient>>, eventId: number) {
  const checkout = await member.agent.post('client/payments/checkout', { event_id: eventId });
  expect(checkout.statusCode).toBe(200);
  await pressCheckoutButton(checkout.body.url, 'tarjeta');
  await settle();
}

describe('"Limpiar lista" on a paid event (docs/design/22-places-and-money.md)', () => {
  it('removes the sign-ups and keeps their payments, detached, with amounts and provider ids', async () => {
    const eventId = await insertEvent(testApp.app, { day: inDays(10) });
    const paid = await loggedInClient(testApp, { gender: 1 });
    await paid.agent.post('client/events/add', { event_id: eventId });
    await payByCard(paid, eventId);
    const pending = await loggedInClient(testApp, { gender: 2 });
    await pending.agent.post('client/events/add', { event_id: eventId });
    expect((await pending.agent.post('client/payments/checkout', { event_id: eventId })).statusCode).toBe(
      200,
    );
    const paidBefore = await paymentOf(eventId, paid.id);
    const pendingBefore = await paymentOf(eventId, pending.id);

    const clean = await admin.post('event/update', { clean_id: eventId });
    expect(clean.statusCode).toBe(200);

    const left = await testApp.app.db
      .selectFrom('assistance')
      .select('id')
      .where('event_id', '=', eventId)
      .execute();
    expect(left).toEqual([]);
    expect(await paymentOf(eventId, paid.id)).toEqual({ ...paidBefore, assistance_id: null });
    expect(await paymentOf(eventId, pending.id)).toEqual({ ...pendingBefore, assistance_id: null });
    expect(paidBefore).toMatchObject({ status: 'paid', amount_cents: 10000 });
    expect(paidBefore.payment_intent_id).not.toBeNull();
  });
});

describe('signing up again after cancelling a paid place (docs/design/22-places-and-money.md)', () => {
  it('gets a new hold, with the amount due, and can pay again', async () => {
    const eventId = await insertEvent(testApp.app, { day: inDays(10) });
    const member = await loggedInClient(testApp, { gender: 1 });
    await member.agent.post('client/events/add', { event_id: eventId });
    await payByCard(member, eventId);
    const paidFirst = await member.agent.post('client/payments/get');
    expect(paidFirst.body.payments).toEqual([expect.objectContaining({ state: 'paid', refund_hours: 72 })]);
    const start = mexicoLocalToUtc(inDays(10), '20:00').getTime();
    expect(new Date(paidFirst.body.payments[0].refund_until).getTime()).toBe(start - 72 * 3_600_000);
    await member.agent.post('client/events/cancel', { event_id: eventId });
    await settle();
    expect(await paymentOf(eventId, member.id)).toMatchObject({ status: 'refunded' });

    const again = await member.agent.post('client/events/add', { event_id: eventId });
    expect(again.body).toMatchObject({ status_id: 1, amount_cents: 10000 });
    expect(again.body.payment_due_at).not.toBeNull();
    const due = await member.agent.post('client/payments/get');
    expect(due.body.payments).toEqual([
      expect.objectContaining({
        event_id: eventId,
        state: 'due',
        amount_cents: 10000,
        due_at: again.body.payment_due_at,
      }),
    ]);

    await payByCard(member, eventId);
    expect(await placeOf(eventId, member.id)).toMatchObject({ status_id: 2, payment_due_at: null });
    expect(await paymentOf(eventId, member.id)).toMatchObject({ status: 'paid', refund_requested_at: null });
    const paid = await member.agent.post('client/payments/get');
    expect(paid.body.payments).toEqual([expect.objectContaining({ event_id: eventId, state: 'paid' })]);
  });

  it('can pay again after a late cancellation that kept the money', async () => {
    // Two days ahead: inside the 72-hour rule, so cancelling keeps the money.
    const eventId = await insertEvent(testApp.app, { day: inDays(2), hour: '23:30' });
    const member = await loggedInClient(testApp, { gender: 1 });
    await member.agent.post('client/events/add', { event_id: eventId });
    await payByCard(member, eventId);
    await member.agent.post('client/events/cancel', { event_id: eventId });
    await settle();
    const kept = await paymentOf(eventId, member.id);
    expect(kept).toMatchObject({ status: 'paid', refund_requested_at: null });

    await member.agent.post('client/events/add', { event_id: eventId });
    const due = await member.agent.post('client/payments/get');
    expect(due.body.payments).toEqual([expect.objectContaining({ event_id: eventId, state: 'due' })]);
    await payByCard(member, eventId);
    expect(await placeOf(eventId, member.id)).toMatchObject({ status_id: 2 });
    const latest = await paymentOf(eventId, member.id);
    expect(latest.id).not.toBe(kept.id);
    expect(latest).toMatchObject({ status: 'paid', refund_requested_at: null });
  });
});
