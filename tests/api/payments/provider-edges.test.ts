import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { insertEvent } from '../../support/admin-fixtures';
import { lastMailTo } from '../../support/outbox';
import { pressCheckoutButton, setUpPaymentsApp } from '../../support/payments';
import { waitForQueueIdle } from '../../support/queue';
import { loggedInClient } from '../events/helpers';

const { testApp, provider, settle, placeOf, paymentOf } = setUpPaymentsApp({
  seedDemo: false,
  loginAdmin: true,
});
const { admin } = testApp;

/** Posts a body signed with the provider's own secret, as a genuine webhook would be. */
function deliverSigned(payload: string) {
  const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: provider().webhookSecret });
  return testApp.agent().post('payments/webhook', undefined, {
    rawBody: payload,
    headers: { 'stripe-signature': signature },
  });
}

async function heldPlace(gender = 1) {
  const eventId = await insertEvent(testApp.app);
  const member = await loggedInClient(testApp, { gender });
  await member.agent.post('client/events/add', { event_id: eventId });
  const { body } = await member.agent.post('client/payments/checkout', { event_id: eventId });
  return { eventId, member, checkoutUrl: body.url as string };
}

describe('a correctly signed webhook whose body the product cannot use', () => {
  it('answers 400 and changes nothing, never 500', async () => {
    const { eventId, member } = await heldPlace();
    const payment = await paymentOf(eventId, member.id);
    const event = (type: string, rest: Record<string, unknown>) =>
      JSON.stringify({
        id: `evt_mal_${type}_${Object.keys(rest).join('_')}`,
        object: 'event',
        type,
        ...rest,
      });
    const bodies = [
      'esto no es JSON',
      '[1, 2, 3]',
      JSON.stringify({ object: 'event', type: 'checkout.session.completed', data: { object: {} } }),
      event('checkout.session.completed', {}),
      event('checkout.session.completed', { data: {} }),
      event('checkout.session.completed', { data: { object: { id: { otro: 1 } } } }),
      event('checkout.session.completed', {
        data: {
          object: {
            id: payment.session_id,
            object: 'checkout.session',
            status: 'complete',
            payment_status: 'paid',
            amount_total: 'diez mil',
            currency: 'mxn',
            metadata: { payment_id: String(payment.id), event_id: String(eventId) },
          },
        },
      }),
      event('charge.refunded', { data: { object: { id: 'ch_x', payment_intent: 7 } } }),
      event('charge.refunded', { data: null }),
    ];
    const answers = [];
    for (const body of bodies) {
      const answer = await deliverSigned(body);
      answers.push({ body, code: answer.statusCode, ...answer.body });
    }
    expect(answers).toEqual(
      bodies.map((body) => ({
        body,
        code: 400,
        status: 'warning',
        message: 'El aviso de pago no se puede usar',
      })),
    );
    await waitForQueueIdle(testApp.app.db);
    expect(await placeOf(eventId, member.id)).toMatchObject({ status_id: 1 });
    expect(await paymentOf(eventId, member.id)).toMatchObject({ status: 'pending', method: null });
    const stored = await testApp.app.db
      .selectFrom('payment_webhook_events')
      .select('id')
      .where('id', 'like', 'evt_mal_%')
      .execute();
    expect(stored).toEqual([]);
  });
});

describe('no Stripe Customer for a Checkout Session', () => {
  it('asks the provider to create a customer only if the method requires one: a card payment leaves none', async () => {
    const { eventId, member, checkoutUrl } = await heldPlace();
    await pressCheckoutButton(checkoutUrl, 'tarjeta');
    await settle();
    const payment = await paymentOf(eventId, member.id);
    expect(payment.status).toBe('paid');
    const session = await testApp.app.stripe!.checkout.sessions.retrieve(payment.session_id!);
    expect(session.customer_creation).toBe('if_required');
    expect(session.customer).toBeNull();
    const intent = await testApp.app.stripe!.paymentIntents.retrieve(payment.payment_intent_id!);
    expect(intent.customer).toBeNull();
  });

  it('the ARCO export says which payment data is kept, for how long and why', async () => {
    const { eventId, member, checkoutUrl } = await heldPlace(2);
    await pressCheckoutButton(checkoutUrl, 'tarjeta');
    await settle();
    const exported = await member.agent.post('client/data/export');
    expect(exported.body.data.payments).toEqual([expect.objectContaining({ event_id: eventId })]);
    const note: string = exported.body.data.payments_retention;
    expect(note).toMatch(/cinco años/);
    expect(note).toMatch(/SAT/);
    expect(note).toMatch(/sin tu nombre ni tu correo/);
    expect(note).toMatch(/monto/);
  });
});

describe('the SPEI details', () => {
  it('name the account holder her bank asks for, on the site and in the e-mail', async () => {
    const { member, checkoutUrl } = await heldPlace();
    await pressCheckoutButton(checkoutUrl, 'spei');
    await settle();
    const state = await member.agent.post('client/payments/get');
    expect(state.body.payments[0].instructions).toMatchObject({
      kind: 'spei',
      account_holder_name: 'CITA PAGOS DE PRUEBA',
      bank_name: 'BANAMEX',
    });
    const mail = await lastMailTo(testApp.config.dataDir, member.email, (m) =>
      m.subject!.startsWith('Datos para tu transferencia'),
    );
    expect(mail.text).toContain('Beneficiario: CITA PAGOS DE PRUEBA');
  });
});

describe('the refund e-mail says where the money goes, by how she paid', () => {
  it('a duplicate OXXO payment: no card to go back to, the provider asks her for a bank account by e-mail', async () => {
    const { eventId, member, checkoutUrl } = await heldPlace(2);
    await pressCheckoutButton(checkoutUrl, 'oxxo');
    await settle();
    const place = await placeOf(eventId, member.id);
    // The organizer takes the money in cash at the door while the voucher is still pending.
    const confirm = await admin.post('event/update', { assistance: { id: place.id, status_id: 2 } });
    expect(confirm.statusCode).toBe(200);
    await pressCheckoutButton(checkoutUrl, 'pagar-ficha');
    await settle();
    const voucherPayment = await testApp.app.db
      .selectFrom('payments')
      .selectAll()
      .where('event_id', '=', eventId)
      .where('method', '=', 'oxxo')
      .executeTakeFirstOrThrow();
    expect(voucherPayment.status).toBe('refunded');
    const mail = await lastMailTo(testApp.config.dataDir, member.email, (m) =>
      m.subject!.startsWith('Reembolso'),
    );
    expect(mail.text).toContain(
      'Tu lugar ya estaba pagado, así que te devolvemos este segundo pago completo.',
    );
    expect(mail.text).toContain('Como pagaste en efectivo en OXXO');
    expect(mail.text).toContain(member.email);
    expect(mail.text).toMatch(/CLABE/);
    expect(mail.text).not.toContain('5 a 10 días hábiles en verse en tu cuenta');
  });

  it('a card payment goes back to the card', async () => {
    const { eventId, member, checkoutUrl } = await heldPlace();
    await pressCheckoutButton(checkoutUrl, 'tarjeta');
    await settle();
    const payment = await paymentOf(eventId, member.id);
    await admin.post('admin/payments/refund', { payment_id: payment.id });
    await settle();
    const mail = await lastMailTo(testApp.config.dataDir, member.email, (m) =>
      m.subject!.startsWith('Reembolso'),
    );
    expect(mail.text).toContain('vuelve a la tarjeta con la que pagaste');
  });
});
