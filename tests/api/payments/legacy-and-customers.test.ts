import { describe, expect, it } from 'vitest';
import { enqueue } from '../../../src/server/platform/queue/queue';
import { dayInMexicoCity } from '../../../src/shared/domain/mexico-time';
import { FIXTURE_PASSWORD, insertEvent } from '../../support/admin-fixtures';
import { pressCheckoutButton, setUpPaymentsApp } from '../../support/payments';
import { loggedInClient } from '../events/helpers';

const { testApp, provider, settle, placeOf, paymentOf } = setUpPaymentsApp({ seedDemo: false });

function inDays(days: number): string {
  const day = new Date(`${dayInMexicoCity()}T12:00:00Z`);
  day.setUTCDate(day.getUTCDate() + days);
  return day.toISOString().slice(0, 10);
}

describe('an assistance-cancelled job queued before places and money were separated', () => {
  it('is still processed: a paid place cancelled early is refunded, an open checkout closed', async () => {
    const eventId = await insertEvent(testApp.app, { day: inDays(10) });
    const paid = await loggedInClient(testApp, { gender: 1 });
    await paid.agent.post('client/events/add', { event_id: eventId });
    const card = await paid.agent.post('client/payments/checkout', { event_id: eventId });
    await pressCheckoutButton(card.body.url, 'tarjeta');
    const open = await loggedInClient(testApp, { gender: 2 });
    await open.agent.post('client/events/add', { event_id: eventId });
    await open.agent.post('client/payments/checkout', { event_id: eventId });
    await settle();
    // What the old cancellation path left behind: the sign-ups cancelled, one job each to tell payments.
    const cancelledAt = new Date().toISOString();
    const places = [await placeOf(eventId, paid.id), await placeOf(eventId, open.id)];
    await testApp.app.db.transaction().execute(async (trx) => {
      for (const place of places) {
        await trx
          .updateTable('assistance')
          .set({ status_id: 4, cancel_reason: 'member', payment_due_at: null })
          .where('id', '=', place.id)
          .execute();
        await enqueue(trx, {
          kind: 'assistance-cancelled',
          key: `assistance-cancelled:${place.id}:${cancelledAt}`,
          payload: { assistance_id: place.id, reason: 'member', cancelled_at: cancelledAt },
        });
      }
    });
    testApp.app.queue.wake();
    await settle();
    const jobs = await testApp.app.db
      .selectFrom('jobs')
      .select(['state', 'last_error'])
      .where('kind', '=', 'assistance-cancelled')
      .execute();
    expect(jobs).toEqual([
      { state: 'done', last_error: null },
      { state: 'done', last_error: null },
    ]);
    expect(await paymentOf(eventId, paid.id)).toMatchObject({ status: 'refunded', refunded_cents: 10000 });
    expect(await paymentOf(eventId, open.id)).toMatchObject({ status: 'failed' });
  });
});

describe('a SPEI checkout leaves a Customer at the provider', () => {
  it('is recorded on the payment and deleted at the provider when she erases her account', async () => {
    const eventId = await insertEvent(testApp.app);
    const member = await loggedInClient(testApp, { gender: 1 });
    await member.agent.post('client/events/add', { event_id: eventId });
    const { body } = await member.agent.post('client/payments/checkout', { event_id: eventId });
    await pressCheckoutButton(body.url, 'spei');
    await settle();
    const payment = await paymentOf(eventId, member.id);
    expect(payment.customer_id).toMatch(/^cus_/);
    expect(provider().customerIds()).toContain(payment.customer_id);
    const erased = await member.agent.post('client/deactivate', { password: FIXTURE_PASSWORD });
    expect(erased.statusCode).toBe(200);
    await settle();
    expect(provider().customerIds()).not.toContain(payment.customer_id);
    const deletions = await testApp.app.db
      .selectFrom('jobs')
      .select(['state'])
      .where('kind', '=', 'payment-customer-delete')
      .execute();
    expect(deletions).toEqual([{ state: 'done' }]);
    expect(await paymentOf(eventId, member.id)).toMatchObject({ customer_id: null });
  });
});
