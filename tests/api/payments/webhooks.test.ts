import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { insertEvent } from '../../support/admin-fixtures';
import { mailsTo } from '../../support/outbox';
import { pressCheckoutButton, setUpPaymentsApp } from '../../support/payments';
import { waitForQueueIdle } from '../../support/queue';
import { loggedInClient } from '../events/helpers';

const { testApp, provider } = setUpPaymentsApp({ seedDemo: false });

/** Posts a webhook body to the app as the provider would, with the given signature header. */
function deliver(payload: string, signature?: string) {
  return testApp.agent().post('payments/webhook', undefined, {
    rawBody: payload,
    headers: signature === undefined ? {} : { 'stripe-signature': signature },
  });
}

function sign(payload: string, timestamp?: number): string {
  return Stripe.webhooks.generateTestHeaderString({ payload, secret: provider().webhookSecret, timestamp });
}

async function paidPlaceWithoutWebhooks(action = 'tarjeta') {
  const eventId = await insertEvent(testApp.app);
  const member = await loggedInClient(testApp, { gender: 1 });
  await member.agent.post('client/events/add', { event_id: eventId });
  const { body } = await member.agent.post('client/payments/checkout', { event_id: eventId });
  const already = provider().deliveries.length;
  provider().setWebhookDelivery(false);
  try {
    await pressCheckoutButton(body.url, action);
    if (action === 'oxxo') await pressCheckoutButton(body.url, 'pagar-ficha');
  } finally {
    provider().setWebhookDelivery(true);
  }
  return { eventId, member, held: provider().deliveries.slice(already) };
}

async function statusOf(eventId: number, clientId: number) {
  const row = await testApp.app.db
    .selectFrom('assistance')
    .select('status_id')
    .where('event_id', '=', eventId)
    .where('client_id', '=', clientId)
    .executeTakeFirstOrThrow();
  return row.status_id;
}

async function paymentStatus(eventId: number) {
  const rows = await testApp.app.db
    .selectFrom('payments')
    .select('status')
    .where('event_id', '=', eventId)
    .execute();
  return rows.map((row) => row.status);
}

describe('POST /api/payments/webhook', () => {
  it('refuses a missing, forged or stale signature with 400 and changes nothing', async () => {
    const { eventId, member, held } = await paidPlaceWithoutWebhooks();
    const completed = held.find((delivery) => delivery.event.type === 'checkout.session.completed')!;
    const missing = await deliver(completed.payload);
    expect(missing.statusCode).toBe(400);
    expect(missing.body.message).toBe('Falta la firma del aviso de pago');
    const forged = await deliver(
      completed.payload,
      Stripe.webhooks.generateTestHeaderString({ payload: completed.payload, secret: 'whsec_de_otro' }),
    );
    expect(forged.statusCode).toBe(400);
    expect(forged.body.message).toBe('La firma del aviso de pago no es válida');
    const tampered = await deliver(completed.payload.replace('"paid"', '"unpaid"'), completed.signature);
    expect(tampered.statusCode).toBe(400);
    const stale = await deliver(
      completed.payload,
      sign(completed.payload, Math.floor(Date.now() / 1000) - 301),
    );
    expect(stale.statusCode).toBe(400);
    await waitForQueueIdle(testApp.app.db);
    expect(await statusOf(eventId, member.id)).toBe(1);
    expect(await paymentStatus(eventId)).toEqual(['pending']);

    const genuine = await deliver(completed.payload, completed.signature);
    expect(genuine.statusCode).toBe(200);
    expect(genuine.body.message).toBe('Aviso aplicado');
    expect(await statusOf(eventId, member.id)).toBe(2);
  });

  it('applies the same event once, even delivered twice at the same time', async () => {
    const { eventId, member, held } = await paidPlaceWithoutWebhooks();
    const completed = held.find((delivery) => delivery.event.type === 'checkout.session.completed')!;
    const answers = await Promise.all([
      deliver(completed.payload, completed.signature),
      deliver(completed.payload, completed.signature),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    expect(answers.map((answer) => answer.body.message).sort()).toEqual([
      'Aviso aplicado',
      'Aviso ya aplicado',
    ]);
    const later = await deliver(completed.payload, completed.signature);
    expect(later.body.message).toBe('Aviso ya aplicado');
    await waitForQueueIdle(testApp.app.db);
    expect(await statusOf(eventId, member.id)).toBe(2);
    const subjects = (await mailsTo(testApp.config.dataDir, member.email)).map((mail) => mail.subject);
    expect(subjects.filter((subject) => subject!.startsWith('Recibo de pago'))).toHaveLength(1);
    expect(subjects.filter((subject) => subject!.startsWith('Lugar confirmado'))).toHaveLength(1);
  });

  it('applies events in the wrong order once: the voucher paid before its completion arrives', async () => {
    const { eventId, member, held } = await paidPlaceWithoutWebhooks('oxxo');
    expect(held.map((delivery) => delivery.event.type)).toEqual([
      'checkout.session.completed',
      'checkout.session.async_payment_succeeded',
    ]);
    const [completed, succeeded] = held as [(typeof held)[0], (typeof held)[0]];
    expect((await deliver(succeeded.payload, succeeded.signature)).statusCode).toBe(200);
    expect(await statusOf(eventId, member.id)).toBe(2);
    expect((await deliver(completed.payload, completed.signature)).statusCode).toBe(200);
    await waitForQueueIdle(testApp.app.db);
    expect(await statusOf(eventId, member.id)).toBe(2);
    expect(await paymentStatus(eventId)).toEqual(['paid']);
    const subjects = (await mailsTo(testApp.config.dataDir, member.email)).map((mail) => mail.subject);
    expect(subjects.filter((subject) => subject!.startsWith('Recibo de pago'))).toHaveLength(1);
    expect(subjects.filter((subject) => subject!.startsWith('Tu ficha OXXO'))).toHaveLength(0);
  });

  it('refuses (and logs) a signed event whose amount, currency or metadata do not match the payment', async () => {
    const { eventId, member, held } = await paidPlaceWithoutWebhooks();
    const completed = held.find((delivery) => delivery.event.type === 'checkout.session.completed')!;
    const event = JSON.parse(completed.payload);
    const variants = [
      { amount_total: 1 },
      { currency: 'usd' },
      { metadata: { ...event.data.object.metadata, event_id: String(eventId + 1000) } },
    ];
    for (const change of variants) {
      const forged = JSON.stringify({
        ...event,
        id: `${event.id}_${Object.keys(change)[0]}`,
        data: { object: { ...event.data.object, ...change } },
      });
      const answer = await deliver(forged, sign(forged));
      expect(answer.statusCode).toBe(400);
      expect(answer.body.message).toBe('El aviso de pago no coincide con el pago registrado');
    }
    await waitForQueueIdle(testApp.app.db);
    expect(await statusOf(eventId, member.id)).toBe(1);
    expect(await paymentStatus(eventId)).toEqual(['pending']);
  });

  it('acknowledges events the product does not use', async () => {
    const payload = JSON.stringify({
      id: 'evt_test_otro',
      object: 'event',
      type: 'customer.created',
      data: { object: {} },
    });
    const answer = await deliver(payload, sign(payload));
    expect(answer.statusCode).toBe(200);
    expect(answer.body.message).toBe('Aviso sin uso');
  });
});
