import { describe, expect, it } from 'vitest';
import { insertEvent } from '../../support/admin-fixtures';
import { lastMailTo, mailsTo } from '../../support/outbox';
import { pressCheckoutButton, setUpPaymentsApp } from '../../support/payments';
import { loggedInClient } from '../events/helpers';

const { testApp, provider, settle, placeOf } = setUpPaymentsApp({ seedDemo: false, loginAdmin: true });

async function paymentsOf(eventId: number) {
  return testApp.app.db
    .selectFrom('payments')
    .selectAll()
    .where('event_id', '=', eventId)
    .orderBy('id')
    .execute();
}

describe('client/payments/checkout and paying by card', () => {
  it('holds the place for 30 minutes, opens one session for a double request and confirms on payment', async () => {
    const eventId = await insertEvent(testApp.app, { price_w_cents: 35000, price_m_cents: 40000 });
    const member = await loggedInClient(testApp, { gender: 1 });
    const before = Date.now();
    const signUp = await member.agent.post('client/events/add', { event_id: eventId });
    expect(signUp.body).toMatchObject({ status_id: 1 });
    const place = await placeOf(eventId, member.id);
    const holdMs = new Date(place.payment_due_at!).getTime() - before;
    expect(holdMs).toBeGreaterThan(29 * 60_000);
    expect(holdMs).toBeLessThanOrEqual(30 * 60_000 + 5_000);
    const signUpMail = await lastMailTo(testApp.config.dataDir, member.email, (mail) =>
      mail.subject!.startsWith('Tu registro'),
    );
    expect(signUpMail.text).toContain('Paga $350.00 MXN antes del');

    const [first, second] = await Promise.all([
      member.agent.post('client/payments/checkout', { event_id: eventId }),
      member.agent.post('client/payments/checkout', { event_id: eventId }),
    ]);
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    expect(second.body.url).toBe(first.body.url);
    expect(first.body.url).toMatch(new RegExp(`^${provider().url}/pago/cs_test_`));
    const third = await member.agent.post('client/payments/checkout', { event_id: eventId });
    expect(third.body.url).toBe(first.body.url);
    const payments = await paymentsOf(eventId);
    expect(payments).toHaveLength(1);
    expect(payments[0]).toMatchObject({ amount_cents: 35000, currency: 'mxn', status: 'pending' });

    const due = await member.agent.post('client/payments/get');
    expect(due.body.payments).toEqual([
      expect.objectContaining({
        event_id: eventId,
        state: 'due',
        amount_cents: 35000,
        due_at: place.payment_due_at,
      }),
    ]);

    const paid = await pressCheckoutButton(first.body.url, 'tarjeta');
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(`${testApp.config.publicUrl}/pago?evento=${eventId}`);
    await settle();

    const confirmed = await placeOf(eventId, member.id);
    expect(confirmed).toMatchObject({ status_id: 2, payment_due_at: null });
    expect(confirmed.ticket).toMatch(/^[\w-]{32}$/);
    expect(await paymentsOf(eventId)).toEqual([
      expect.objectContaining({ status: 'paid', method: 'card', amount_cents: 35000 }),
    ]);
    const receipt = await lastMailTo(testApp.config.dataDir, member.email, (mail) =>
      mail.subject!.startsWith('Recibo de pago'),
    );
    expect(receipt.text).toContain('Monto: $350.00 MXN');
    expect(receipt.text).toContain('Forma de pago: tarjeta');
    await lastMailTo(testApp.config.dataDir, member.email, (mail) =>
      mail.subject!.startsWith('Lugar confirmado'),
    );

    const state = await member.agent.post('client/payments/get');
    expect(state.body.payments).toEqual([
      expect.objectContaining({
        event_id: eventId,
        state: 'paid',
        method: 'card',
        refund_until: expect.any(String),
      }),
    ]);
    const again = await member.agent.post('client/payments/checkout', { event_id: eventId });
    expect(again.statusCode).toBe(409);
    expect(again.body.message).toBe('Tu lugar ya está confirmado y pagado');
  });

  it('charges LGBTQ+ members the lower price and men the men’s price; free places need no payment', async () => {
    const eventId = await insertEvent(testApp.app, { price_w_cents: 30000, price_m_cents: 25000 });
    const lgbt = await loggedInClient(testApp, { gender: 3 });
    const man = await loggedInClient(testApp, { gender: 2 });
    for (const member of [lgbt, man]) {
      await member.agent.post('client/events/add', { event_id: eventId });
      const answer = await member.agent.post('client/payments/checkout', { event_id: eventId });
      expect(answer.statusCode).toBe(200);
    }
    const amounts = Object.fromEntries(
      (await paymentsOf(eventId)).map((row) => [row.client_id, row.amount_cents]),
    );
    expect(amounts).toEqual({ [lgbt.id]: 25000, [man.id]: 25000 });

    const freeEvent = await insertEvent(testApp.app, { price_w_cents: 0, price_m_cents: 0 });
    const woman = await loggedInClient(testApp, { gender: 1 });
    await woman.agent.post('client/events/add', { event_id: freeEvent });
    expect((await placeOf(freeEvent, woman.id)).payment_due_at).toBeNull();
    const free = await woman.agent.post('client/payments/checkout', { event_id: freeEvent });
    expect(free.statusCode).toBe(409);
    expect(free.body.message).toBe('Este evento no requiere pago en línea');
  });

  it('refuses people who hold no place, and another member’s sign-up cannot be paid through the body', async () => {
    const eventId = await insertEvent(testApp.app, { limit_w: 1 });
    const [holder, waiting, stranger] = await Promise.all(
      [1, 1, 1].map((gender) => loggedInClient(testApp, { gender })),
    );
    await holder!.agent.post('client/events/add', { event_id: eventId });
    await waiting!.agent.post('client/events/add', { event_id: eventId });
    const queued = await waiting!.agent.post('client/payments/checkout', { event_id: eventId });
    expect(queued.statusCode).toBe(409);
    expect(queued.body.message).toBe(
      'Estás en la lista de espera: podrás pagar cuando se libere un lugar para ti',
    );
    const outsider = await stranger!.agent.post('client/payments/checkout', {
      event_id: eventId,
      client_id: holder!.id,
    });
    expect(outsider.statusCode).toBe(403);
    const own = await stranger!.agent.post('client/payments/checkout', { event_id: eventId });
    expect(own.statusCode).toBe(404);
    expect(own.body.message).toBe('No estás registrado/a en este evento');
    const anonymous = await testApp.agent().post('client/payments/checkout', { event_id: eventId });
    expect(anonymous.statusCode).toBe(401);
    expect(await paymentsOf(eventId)).toHaveLength(0);
  });

  it('a declined card leaves the session open and the place held', async () => {
    const eventId = await insertEvent(testApp.app);
    const member = await loggedInClient(testApp, { gender: 2 });
    await member.agent.post('client/events/add', { event_id: eventId });
    const { body } = await member.agent.post('client/payments/checkout', { event_id: eventId });
    const declined = await pressCheckoutButton(body.url, 'tarjeta-rechazada');
    expect(declined.status).toBe(402);
    expect(await declined.text()).toContain('Tarjeta rechazada');
    await settle();
    expect((await placeOf(eventId, member.id)).status_id).toBe(1);
    expect((await member.agent.post('client/payments/checkout', { event_id: eventId })).body.url).toBe(
      body.url,
    );
    expect(
      (await mailsTo(testApp.config.dataDir, member.email)).map((mail) => mail.subject),
    ).not.toContainEqual(expect.stringMatching(/^Recibo/));
  });
});
