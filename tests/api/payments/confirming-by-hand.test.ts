import { describe, expect, it } from 'vitest';
import type { AuditEntry } from '../../../src/shared/contracts/admin';
import { auditActions, insertEvent } from '../../support/admin-fixtures';
import { pressCheckoutButton, setUpPaymentsApp } from '../../support/payments';
import { loggedInClient } from '../events/helpers';

/** docs/design/22-places-and-money.md: confirming a place by hand on a paid event, and undoing it. */

const { testApp, settle, placeOf, paymentOf } = setUpPaymentsApp({ seedDemo: false, loginAdmin: true });
const { admin } = testApp;

async function heldPlace(eventId: number, gender = 2) {
  const member = await loggedInClient(testApp, { gender });
  const signUp = await member.agent.post('client/events/add', { event_id: eventId });
  expect(signUp.body).toMatchObject({ status_id: 1, amount_cents: expect.any(Number) });
  return { member, assistanceId: signUp.body.assistance_id as number };
}

async function attendee(eventId: number, assistanceId: number) {
  const details = await admin.post('event/details', { admin_id: testApp.adminId, event_id: eventId });
  expect(details.statusCode).toBe(200);
  return details.body.assistance.find((row: { id: number }) => row.id === assistanceId);
}

async function latestAudit(): Promise<AuditEntry[]> {
  const response = await admin.post<{ entries: AuditEntry[] }>('admin/audit/get', {});
  expect(response.statusCode).toBe(200);
  return response.body.entries;
}

describe('confirming a paid place by hand', () => {
  it('records the method and the amount the organizer took, and says so in the audit trail', async () => {
    const eventId = await insertEvent(testApp.app, { price_m_cents: 35000 });
    const { member, assistanceId } = await heldPlace(eventId);
    expect(await attendee(eventId, assistanceId)).toMatchObject({ amount_due_cents: 35000, payment: null });
    const confirm = await admin.post('event/update', {
      assistance: { id: assistanceId, status_id: 2, payment: { method: 'transfer', amount_cents: 30000 } },
    });
    expect(confirm.statusCode).toBe(200);
    const payment = await paymentOf(eventId, member.id);
    expect(payment).toMatchObject({ status: 'manual', method: 'transfer', amount_cents: 30000 });
    expect(await placeOf(eventId, member.id)).toMatchObject({ status_id: 2, payment_due_at: null });
    expect(await attendee(eventId, assistanceId)).toMatchObject({
      payment: { status: 'manual', method: 'transfer', amount_cents: 30000, awaiting: null },
    });
    expect(await auditActions(testApp.app, 'assistance', assistanceId)).toEqual(['assistance.confirm']);
    expect(await auditActions(testApp.app, 'payment', payment.id)).toEqual(['payment.manual']);
    const sentences = (await latestAudit()).map((entry) => entry.sentence);
    expect(sentences).toContainEqual(
      expect.stringMatching(
        /registró un pago a mano de \$300\.00 MXN \(transferencia\) de .+ por «Evento de prueba»/,
      ),
    );
  });

  it('takes the price she owes when the amount is left out', async () => {
    const eventId = await insertEvent(testApp.app, { price_w_cents: 25000, price_m_cents: 40000 });
    const { member, assistanceId } = await heldPlace(eventId, 1);
    const confirm = await admin.post('event/update', {
      assistance: { id: assistanceId, status_id: 2, payment: { method: 'other' } },
    });
    expect(confirm.statusCode).toBe(200);
    expect(await paymentOf(eventId, member.id)).toMatchObject({
      status: 'manual',
      method: 'other',
      amount_cents: 25000,
    });
  });

  it('refuses a method or an amount that cannot be right, in Spanish, and changes nothing', async () => {
    const eventId = await insertEvent(testApp.app, { price_m_cents: 10000 });
    const { member, assistanceId } = await heldPlace(eventId);
    const refused: [unknown, RegExp][] = [
      [{ method: 'cheque', amount_cents: 10000 }, /efectivo, transferencia u otro/],
      [{ method: 'cash', amount_cents: 0 }, /mayor que cero/],
      [{ method: 'cash', amount_cents: -500 }, /mayor que cero/],
      [{ method: 'cash', amount_cents: 99.5 }, /centavos/],
      [{ method: 'cash', amount_cents: 100_001 }, /diez veces el precio/],
    ];
    for (const [payment, message] of refused) {
      const answer = await admin.post('event/update', {
        assistance: { id: assistanceId, status_id: 2, payment },
      });
      expect(answer.statusCode, JSON.stringify(payment)).toBe(400);
      expect(answer.body.status).toBe('warning');
      expect(answer.body.message).toMatch(message);
    }
    const onCancel = await admin.post('event/update', {
      assistance: { id: assistanceId, status_id: 4, payment: { method: 'cash' } },
    });
    expect(onCancel.statusCode).toBe(400);
    expect(onCancel.body.message).toMatch(/sólo se indica al confirmar/);
    expect(await placeOf(eventId, member.id)).toMatchObject({ status_id: 1 });
    const payments = await testApp.app.db
      .selectFrom('payments')
      .select('id')
      .where('event_id', '=', eventId)
      .execute();
    expect(payments).toEqual([]);
  });

  it('refuses a payment on a place that owes nothing', async () => {
    const eventId = await insertEvent(testApp.app, { price_m_cents: 0, price_w_cents: 0 });
    const { assistanceId } = await heldPlace(eventId);
    expect(await attendee(eventId, assistanceId)).toMatchObject({ amount_due_cents: 0 });
    const answer = await admin.post('event/update', {
      assistance: { id: assistanceId, status_id: 2, payment: { method: 'cash', amount_cents: 5000 } },
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.body.message).toMatch(/no tiene precio/);
  });

  it('shows the back office an OXXO voucher or a SPEI transfer still pending', async () => {
    const eventId = await insertEvent(testApp.app);
    const oxxo = await heldPlace(eventId);
    const spei = await heldPlace(eventId, 1);
    for (const [who, button] of [
      [oxxo, 'oxxo'],
      [spei, 'spei'],
    ] as const) {
      const { body } = await who.member.agent.post('client/payments/checkout', { event_id: eventId });
      await pressCheckoutButton(body.url, button);
    }
    await settle();
    expect(await attendee(eventId, oxxo.assistanceId)).toMatchObject({
      payment: { status: 'pending', method: 'oxxo', awaiting: 'oxxo' },
    });
    expect(await attendee(eventId, spei.assistanceId)).toMatchObject({
      payment: { status: 'pending', method: 'spei', awaiting: 'spei' },
    });
    // Confirmed by hand while the voucher is still open: the list still says it is pending.
    await admin.post('event/update', {
      assistance: { id: oxxo.assistanceId, status_id: 2, payment: { method: 'cash' } },
    });
    expect(await attendee(eventId, oxxo.assistanceId)).toMatchObject({
      payment: { status: 'manual', method: 'cash', awaiting: 'oxxo' },
    });
  });
});

describe('undoing a confirmation by hand', () => {
  it('puts the place back on hold, voids the money recorded (kept, not deleted), and leaves the place hers', async () => {
    const eventId = await insertEvent(testApp.app, { limit_m: 1 });
    const { member, assistanceId } = await heldPlace(eventId);
    const waiting = await loggedInClient(testApp, { gender: 2 });
    const waitingSignUp = await waiting.agent.post('client/events/add', { event_id: eventId });
    expect(waitingSignUp.body).toMatchObject({ status_id: 3 });
    await admin.post('event/update', {
      assistance: { id: assistanceId, status_id: 2, payment: { method: 'cash', amount_cents: 10000 } },
    });
    const manual = await paymentOf(eventId, member.id);
    const undo = await admin.post('event/update', { assistance: { id: assistanceId, status_id: 1 } });
    expect(undo.statusCode).toBe(200);
    await settle();
    const place = await placeOf(eventId, member.id);
    expect(place.status_id).toBe(1);
    expect(place.payment_due_at! > new Date().toISOString()).toBe(true);
    expect(await placeOf(eventId, waiting.id)).toMatchObject({ status_id: 3 });
    const voided = await testApp.app.db
      .selectFrom('payments')
      .selectAll()
      .where('id', '=', manual.id)
      .executeTakeFirstOrThrow();
    expect(voided).toMatchObject({ status: 'void', amount_cents: 10000, method: 'cash' });
    expect(voided.voided_at).not.toBeNull();
    expect(await auditActions(testApp.app, 'assistance', assistanceId)).toEqual([
      'assistance.confirm',
      'assistance.unconfirm',
    ]);
    expect(await auditActions(testApp.app, 'payment', manual.id)).toEqual(['payment.manual', 'payment.void']);
    const sentences = (await latestAudit()).map((entry) => entry.sentence);
    expect(sentences).toContainEqual(
      expect.stringMatching(/anuló el pago a mano de \$100\.00 MXN \(efectivo\)/),
    );
    // She can pay online again, and the figures no longer count the voided money.
    const state = await member.agent.post('client/payments/get');
    expect(state.body.payments).toEqual([expect.objectContaining({ event_id: eventId, state: 'due' })]);
    const checkout = await member.agent.post('client/payments/checkout', { event_id: eventId });
    expect(checkout.statusCode).toBe(200);
    const details = await admin.post('event/details', { admin_id: testApp.adminId, event_id: eventId });
    expect(details.body.payments).toMatchObject({ paid: 0, revenue_cents: 0 });
  });

  it('holds the place again until a voucher still pending expires', async () => {
    const eventId = await insertEvent(testApp.app);
    const { member, assistanceId } = await heldPlace(eventId);
    const { body } = await member.agent.post('client/payments/checkout', { event_id: eventId });
    await pressCheckoutButton(body.url, 'oxxo');
    await settle();
    const voucherHold = (await placeOf(eventId, member.id)).payment_due_at;
    await admin.post('event/update', { assistance: { id: assistanceId, status_id: 2 } });
    await admin.post('event/update', { assistance: { id: assistanceId, status_id: 1 } });
    expect(await placeOf(eventId, member.id)).toMatchObject({ status_id: 1, payment_due_at: voucherHold });
  });

  it('refuses to undo a place paid online: that money is refunded instead', async () => {
    const eventId = await insertEvent(testApp.app);
    const { member, assistanceId } = await heldPlace(eventId);
    const { body } = await member.agent.post('client/payments/checkout', { event_id: eventId });
    await pressCheckoutButton(body.url, 'tarjeta');
    await settle();
    const undo = await admin.post('event/update', { assistance: { id: assistanceId, status_id: 1 } });
    expect(undo.statusCode).toBe(409);
    expect(undo.body.message).toMatch(/se pagó en línea/);
    expect(await placeOf(eventId, member.id)).toMatchObject({ status_id: 2 });
    expect(await paymentOf(eventId, member.id)).toMatchObject({ status: 'paid' });
  });
});
