import { describe, expect, it } from 'vitest';
import { dayInMexicoCity } from '../../../src/shared/domain/mexico-time';
import { auditActions, FIXTURE_PASSWORD, insertEvent } from '../../support/admin-fixtures';
import { lastMailTo, mailsTo } from '../../support/outbox';
import { pressCheckoutButton, setUpPaymentsApp } from '../../support/payments';
import { loggedInClient } from '../events/helpers';

const { testApp, provider, settle, paymentOf } = setUpPaymentsApp({ seedDemo: false, loginAdmin: true });
const { admin } = testApp;

/** A day `days` from today, Mexico City time. */
function inDays(days: number): string {
  const day = new Date(`${dayInMexicoCity()}T12:00:00Z`);
  day.setUTCDate(day.getUTCDate() + days);
  return day.toISOString().slice(0, 10);
}

async function paidMember(eventId: number, gender = 1) {
  const member = await loggedInClient(testApp, { gender });
  await member.agent.post('client/events/add', { event_id: eventId });
  const { body } = await member.agent.post('client/payments/checkout', { event_id: eventId });
  await pressCheckoutButton(body.url, 'tarjeta');
  await settle();
  return member;
}

describe('cancelling a paid place (the 48-hour rule)', () => {
  it('refunds in full when cancelled at least 48 hours before the start', async () => {
    const eventId = await insertEvent(testApp.app, { day: inDays(10) });
    const member = await paidMember(eventId);
    const before = await member.agent.post('client/payments/get');
    expect(before.body.payments[0].refund_until).not.toBeNull();
    const cancel = await member.agent.post('client/events/cancel', { event_id: eventId });
    expect(cancel.statusCode).toBe(200);
    await settle();
    expect(await paymentOf(eventId, member.id)).toMatchObject({ status: 'refunded', refunded_cents: 10000 });
    const mail = await lastMailTo(testApp.config.dataDir, member.email, (m) =>
      m.subject!.startsWith('Reembolso'),
    );
    expect(mail.text).toContain('más de 48 horas de anticipación');
    const after = await member.agent.post('client/payments/get');
    expect(after.body.payments).toEqual([expect.objectContaining({ event_id: eventId, state: 'refunded' })]);
    const { payment_intent_id: intentId } = await paymentOf(eventId, member.id);
    const refunds = provider().deliveries.filter(
      (d) => d.event.type === 'charge.refunded' && d.payload.includes(intentId!),
    );
    expect(refunds).toHaveLength(1);
  });

  it('frees the place without a refund when cancelled later than that', async () => {
    const eventId = await insertEvent(testApp.app, { day: inDays(1), hour: '23:30' });
    const member = await paidMember(eventId);
    const before = await member.agent.post('client/payments/get');
    expect(before.body.payments[0]).toMatchObject({ state: 'paid', refund_until: null });
    await member.agent.post('client/events/cancel', { event_id: eventId });
    await settle();
    expect(await paymentOf(eventId, member.id)).toMatchObject({ status: 'paid', refund_requested_at: null });
    const subjects = (await mailsTo(testApp.config.dataDir, member.email)).map((m) => m.subject);
    expect(subjects).not.toContainEqual(expect.stringMatching(/^Reembolso/));
  });
});

describe('the back office', () => {
  it('lists payments by event and status, shows them on the attendance list and in event/details', async () => {
    const eventId = await insertEvent(testApp.app, { price_w_cents: 20000, price_m_cents: 30000 });
    const woman = await paidMember(eventId, 1);
    const man = await loggedInClient(testApp, { gender: 2 });
    await man.agent.post('client/events/add', { event_id: eventId });
    await man.agent.post('client/payments/checkout', { event_id: eventId });

    const all = await admin.post('admin/payments/get', { event_id: eventId });
    expect(all.statusCode).toBe(200);
    expect(all.body).toMatchObject({ total: 2, page: 1, pages: 1 });
    expect(
      all.body.payments.map((p: { client_id: number; status: string }) => [p.client_id, p.status]),
    ).toEqual([
      [man.id, 'pending'],
      [woman.id, 'paid'],
    ]);
    const paidOnly = await admin.post('admin/payments/get', { event_id: eventId, status: 'paid' });
    expect(paidOnly.body.payments).toEqual([
      expect.objectContaining({
        client_id: woman.id,
        method: 'card',
        amount_cents: 20000,
        refund_requested: false,
      }),
    ]);

    const details = await admin.post('event/details', { event_id: eventId, admin_id: testApp.adminId });
    expect(details.body.payments).toEqual({ paid: 1, pending: 1, revenue_cents: 20000, refunded_cents: 0 });
    const attendees = details.body.assistance as { client_id: number; payment: unknown }[];
    expect(attendees.find((a) => a.client_id === woman.id)!.payment).toEqual({
      status: 'paid',
      method: 'card',
      amount_cents: 20000,
      paid_at: expect.any(String),
      awaiting: null,
    });
    expect(attendees.find((a) => a.client_id === man.id)!.payment).toMatchObject({
      status: 'pending',
      amount_cents: 30000,
    });
  });

  it('refunds a payment once, with its audit entry; cash and unpaid ones cannot be refunded online', async () => {
    const eventId = await insertEvent(testApp.app);
    const member = await paidMember(eventId);
    const payment = await paymentOf(eventId, member.id);
    const [first, second] = await Promise.all([
      admin.post('admin/payments/refund', { payment_id: payment.id }),
      admin.post('admin/payments/refund', { payment_id: payment.id }),
    ]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 409]);
    await settle();
    expect(await paymentOf(eventId, member.id)).toMatchObject({ status: 'refunded' });
    const again = await admin.post('admin/payments/refund', { payment_id: payment.id });
    expect(again.statusCode).toBe(409);
    expect(again.body.message).toBe('Este pago ya fue reembolsado');
    expect(await auditActions(testApp.app, 'payment', payment.id)).toEqual(['payment.refund']);
    const mail = await lastMailTo(testApp.config.dataDir, member.email, (m) =>
      m.subject!.startsWith('Reembolso'),
    );
    expect(mail.text).toContain('El equipo de Cita te devolvió el pago completo');
    expect((await admin.post('admin/payments/refund', { payment_id: 999_999 })).statusCode).toBe(404);
    const visitor = await testApp.agent().post('admin/payments/refund', { payment_id: payment.id });
    expect(visitor.statusCode).toBe(401);
    const memberTry = await member.agent.post('admin/payments/get', {});
    expect(memberTry.statusCode).toBe(401);
  });

  it('confirming by hand on a paid event records a cash payment', async () => {
    const eventId = await insertEvent(testApp.app);
    const member = await loggedInClient(testApp, { gender: 2 });
    const signUp = await member.agent.post('client/events/add', { event_id: eventId });
    const confirm = await admin.post('event/update', {
      assistance: { id: signUp.body.assistance_id, status_id: 2 },
    });
    expect(confirm.statusCode).toBe(200);
    expect(await paymentOf(eventId, member.id)).toMatchObject({
      status: 'manual',
      method: 'cash',
      amount_cents: 10000,
    });
    const place = await testApp.app.db
      .selectFrom('assistance')
      .select(['status_id', 'payment_due_at'])
      .where('id', '=', signUp.body.assistance_id)
      .executeTakeFirstOrThrow();
    expect(place).toEqual({ status_id: 2, payment_due_at: null });
    const refund = await admin.post('admin/payments/refund', {
      payment_id: (await paymentOf(eventId, member.id)).id,
    });
    expect(refund.statusCode).toBe(409);
    expect(refund.body.message).toBe('Los pagos en efectivo se devuelven en persona');
    const state = await member.agent.post('client/payments/get');
    expect(state.body.payments).toEqual([expect.objectContaining({ state: 'paid', method: 'cash' })]);
  });
});

describe('her payments as personal data', () => {
  it('are in her ARCO export; erasing her account unlinks them and refunds a place still to come', async () => {
    const eventId = await insertEvent(testApp.app, { day: inDays(10) });
    const member = await paidMember(eventId);
    const exported = await member.agent.post('client/data/export');
    expect(exported.body.data.payments).toEqual([
      expect.objectContaining({
        event_id: eventId,
        amount_cents: 10000,
        currency: 'mxn',
        status: 'paid',
        method: 'card',
      }),
    ]);
    const erased = await member.agent.post('client/deactivate', { password: FIXTURE_PASSWORD });
    expect(erased.statusCode).toBe(200);
    await settle();
    const payment = await paymentOf(eventId, member.id);
    expect(payment).toMatchObject({ status: 'refunded', assistance_id: null, amount_cents: 10000 });
  });
});
