import { describe, expect, it } from 'vitest';
import { scheduleHoldEnd } from '../../../src/server/events/attendance/payment-holds';
import { insertEvent } from '../../support/admin-fixtures';
import { lastMailTo, mailsTo } from '../../support/outbox';
import { pressCheckoutButton, setUpPaymentsApp } from '../../support/payments';
import { waitForJobs, waitForQueueIdle } from '../../support/queue';
import { loggedInClient } from '../events/helpers';

// Holds of 1.2 s, so their end can be waited for; the tests wait for the job, never a fixed time.
const { testApp, provider, settle, placeOf, paymentOf } = setUpPaymentsApp({
  seedDemo: false,
  env: { PAYMENT_HOLD_MINUTES: '0.02' },
});

/** Waits until the hold-end job of this sign-up has run. */
async function holdEnded(assistanceId: number): Promise<void> {
  await waitForJobs(testApp.app.db, (jobs) =>
    jobs.some(
      (job) =>
        job.kind === 'payment-hold-end' &&
        job.key?.startsWith(`payment-hold-end:assistance:${assistanceId}:`) &&
        job.state === 'done',
    ),
  );
  await waitForQueueIdle(testApp.app.db);
}

function women(count: number) {
  return Promise.all(Array.from({ length: count }, () => loggedInClient(testApp, { gender: 1 })));
}

describe('a held place that is not paid in time', () => {
  it('is cancelled (payment_expired) and goes to the first person waiting, who gets her own hold', async () => {
    const eventId = await insertEvent(testApp.app, { limit_w: 1 });
    const [first, second] = await women(2);
    await first!.agent.post('client/events/add', { event_id: eventId });
    const queued = await second!.agent.post('client/events/add', { event_id: eventId });
    expect(queued.body).toMatchObject({ status_id: 3, position: 1 });
    const held = await placeOf(eventId, first!.id);
    await holdEnded(held.id);

    expect(await placeOf(eventId, first!.id)).toMatchObject({
      status_id: 4,
      cancel_reason: 'payment_expired',
    });
    const promoted = await placeOf(eventId, second!.id);
    expect(promoted.status_id).toBe(1);
    expect(promoted.payment_due_at).not.toBeNull();
    const ended = await lastMailTo(testApp.config.dataDir, first!.email, (mail) =>
      mail.subject!.startsWith('Se acabó el tiempo para pagar'),
    );
    expect(ended.text).toContain('lo liberamos para la siguiente persona en espera');
    const freed = await lastMailTo(testApp.config.dataDir, second!.email, (mail) =>
      mail.subject!.startsWith('Se liberó un lugar'),
    );
    expect(freed.text).toContain('Paga $100.00 MXN antes del');
  });

  it('a payment that arrives after the place went to someone else is refunded in full, once', async () => {
    const eventId = await insertEvent(testApp.app, { limit_w: 1 });
    const [late, next] = await women(2);
    await late!.agent.post('client/events/add', { event_id: eventId });
    await next!.agent.post('client/events/add', { event_id: eventId });
    const { body } = await late!.agent.post('client/payments/checkout', { event_id: eventId });
    const already = provider().deliveries.length;
    provider().setWebhookDelivery(false);
    await pressCheckoutButton(body.url, 'tarjeta');
    provider().setWebhookDelivery(true);
    await holdEnded((await placeOf(eventId, late!.id)).id);
    expect((await placeOf(eventId, next!.id)).status_id).toBe(1);

    const completed = provider()
      .deliveries.slice(already)
      .find((d) => d.event.type === 'checkout.session.completed')!;
    const answer = await testApp.agent().post('payments/webhook', undefined, {
      rawBody: completed.payload,
      headers: { 'stripe-signature': completed.signature },
    });
    expect(answer.statusCode).toBe(200);
    await settle();

    expect((await placeOf(eventId, late!.id)).status_id).toBe(4);
    expect((await placeOf(eventId, next!.id)).status_id).toBe(1);
    const payment = await paymentOf(eventId, late!.id);
    expect(payment).toMatchObject({ status: 'refunded', refunded_cents: 10000 });
    expect(payment.refund_id).toMatch(/^re_test_/);
    const refund = await lastMailTo(testApp.config.dataDir, late!.email, (mail) =>
      mail.subject!.startsWith('Reembolso'),
    );
    expect(refund.text).toContain('Tu pago llegó cuando el tiempo para pagar ya había terminado');
    expect(refund.text).toContain('$100.00 MXN');
    const refundEvents = provider().deliveries.filter(
      (d) => d.event.type === 'charge.refunded' && d.payload.includes(payment.payment_intent_id!),
    );
    expect(refundEvents).toHaveLength(1);
  });

  it('a late payment while the place is still free gives the place back, confirmed', async () => {
    const eventId = await insertEvent(testApp.app, { limit_w: 1 });
    const [member] = await women(1);
    await member!.agent.post('client/events/add', { event_id: eventId });
    const { body } = await member!.agent.post('client/payments/checkout', { event_id: eventId });
    provider().setWebhookDelivery(false);
    const already = provider().deliveries.length;
    await pressCheckoutButton(body.url, 'tarjeta');
    provider().setWebhookDelivery(true);
    await holdEnded((await placeOf(eventId, member!.id)).id);
    expect((await placeOf(eventId, member!.id)).status_id).toBe(4);
    const completed = provider()
      .deliveries.slice(already)
      .find((d) => d.event.type === 'checkout.session.completed')!;
    await testApp.agent().post('payments/webhook', undefined, {
      rawBody: completed.payload,
      headers: { 'stripe-signature': completed.signature },
    });
    await waitForQueueIdle(testApp.app.db);
    expect(await placeOf(eventId, member!.id)).toMatchObject({ status_id: 2, cancel_reason: null });
    expect((await paymentOf(eventId, member!.id)).status).toBe('paid');
  });

  it('an OXXO voucher extends the hold to its expiry; when it lapses the place goes to the next person', async () => {
    const eventId = await insertEvent(testApp.app, { limit_w: 1 });
    const [payer, next] = await women(2);
    await payer!.agent.post('client/events/add', { event_id: eventId });
    await next!.agent.post('client/events/add', { event_id: eventId });
    const { body } = await payer!.agent.post('client/payments/checkout', { event_id: eventId });
    expect((await pressCheckoutButton(body.url, 'oxxo')).status).toBe(303);
    await settle();
    const held = await placeOf(eventId, payer!.id);
    expect(held.status_id).toBe(1);
    expect(new Date(held.payment_due_at!).getTime()).toBeGreaterThan(Date.now() + 86_400_000);
    const payments = await payer!.agent.post('client/payments/get');
    expect(payments.body.payments).toEqual([
      expect.objectContaining({
        state: 'awaiting',
        method: 'oxxo',
        due_at: held.payment_due_at,
        instructions: expect.objectContaining({ kind: 'oxxo', number: expect.stringMatching(/^\d{18}$/) }),
      }),
    ]);
    const voucherMail = await lastMailTo(testApp.config.dataDir, payer!.email, (mail) =>
      mail.subject!.startsWith('Tu ficha OXXO'),
    );
    expect(voucherMail.text).toContain(payments.body.payments[0].instructions.number);
    const again = await payer!.agent.post('client/payments/checkout', { event_id: eventId });
    expect(again.statusCode).toBe(409);
    expect(again.body.message).toMatch(/^Ya generaste una ficha OXXO: págala antes del /);

    await pressCheckoutButton(body.url, 'vencer-ficha');
    await provider().webhooksSettled();
    await holdEnded(held.id);
    expect(await placeOf(eventId, payer!.id)).toMatchObject({
      status_id: 4,
      cancel_reason: 'payment_expired',
    });
    expect((await placeOf(eventId, next!.id)).status_id).toBe(1);
    expect((await paymentOf(eventId, payer!.id)).status).toBe('failed');
  });

  it('a SPEI transfer received confirms the place', async () => {
    const eventId = await insertEvent(testApp.app);
    const [member] = await women(1);
    await member!.agent.post('client/events/add', { event_id: eventId });
    const { body } = await member!.agent.post('client/payments/checkout', { event_id: eventId });
    await pressCheckoutButton(body.url, 'spei');
    await settle();
    const pending = await member!.agent.post('client/payments/get');
    expect(pending.body.payments[0]).toMatchObject({
      state: 'awaiting',
      method: 'spei',
      instructions: { kind: 'spei', clabe: expect.stringMatching(/^\d{18}$/), bank_name: 'BANAMEX' },
    });
    await pressCheckoutButton(body.url, 'pagar-ficha');
    await settle();
    expect((await placeOf(eventId, member!.id)).status_id).toBe(2);
    const receipt = await lastMailTo(testApp.config.dataDir, member!.email, (mail) =>
      mail.subject!.startsWith('Recibo de pago'),
    );
    expect(receipt.text).toContain('Forma de pago: transferencia SPEI');
  });
});

describe('payment racing the hold’s end and a cancellation', () => {
  it('never puts two people in one place, never keeps money without a place, never refunds twice', async () => {
    for (let round = 0; round < 6; round += 1) {
      const eventId = await insertEvent(testApp.app, { limit_w: 1 });
      const [payer, next] = await women(2);
      await payer!.agent.post('client/events/add', { event_id: eventId });
      await next!.agent.post('client/events/add', { event_id: eventId });
      const { body } = await payer!.agent.post('client/payments/checkout', { event_id: eventId });
      const already = provider().deliveries.length;
      provider().setWebhookDelivery(false);
      await pressCheckoutButton(body.url, 'tarjeta');
      provider().setWebhookDelivery(true);
      const completed = provider()
        .deliveries.slice(already)
        .find((d) => d.event.type === 'checkout.session.completed')!;
      const place = await placeOf(eventId, payer!.id);
      const webhook = testApp.agent().post('payments/webhook', undefined, {
        rawBody: completed.payload,
        headers: { 'stripe-signature': completed.signature },
      });
      // Odd rounds race the member's cancellation, even ones the hold's end (made due now).
      const rival =
        round % 2 === 1
          ? payer!.agent.post('client/events/cancel', { event_id: eventId })
          : (async () => {
              const now = new Date().toISOString();
              await testApp.app.db
                .updateTable('assistance')
                .set({ payment_due_at: now })
                .where('id', '=', place.id)
                .where('status_id', '=', 1)
                .execute();
              await scheduleHoldEnd(testApp.app.db, place.id, now);
              testApp.app.queue.wake();
            })();
      await Promise.all([webhook, rival]);
      await settle();

      const places = await testApp.app.db
        .selectFrom('assistance')
        .select(['client_id', 'status_id'])
        .where('event_id', '=', eventId)
        .execute();
      expect(places.filter((row) => row.status_id === 1 || row.status_id === 2)).toHaveLength(1);
      const payment = await paymentOf(eventId, payer!.id);
      const payerStatus = places.find((row) => row.client_id === payer!.id)!.status_id;
      if (payment.status === 'paid') expect(payerStatus).toBe(2);
      else expect(payment.status).toBe('refunded');
      const refunds = provider().deliveries.filter(
        (d) => d.event.type === 'charge.refunded' && d.payload.includes(payment.payment_intent_id!),
      );
      expect(refunds.length).toBe(payment.status === 'refunded' ? 1 : 0);
      const refundMails = (await mailsTo(testApp.config.dataDir, payer!.email)).filter((mail) =>
        mail.subject!.startsWith('Reembolso'),
      );
      expect(refundMails.length).toBe(payment.status === 'refunded' ? 1 : 0);
    }
  });
});
