import { describe, expect, it } from 'vitest';
import { periodEnd } from '../../../src/shared/domain/invoice-periods';
import { dayInMexicoCity } from '../../../src/shared/domain/mexico-time';
import { insertEvent } from '../../support/admin-fixtures';
import { setUpInvoicesApp, TEST_COMPANY } from '../../support/invoices';
import { loggedInClient } from '../events/helpers';

/** docs/design/28-facturas.md: a paid place confirmed by hand gets its receipt; undoing it cancels or is refused. */

const { testApp, pac, settle, placeOf, paymentOf, documentsOf } = setUpInvoicesApp({
  seedDemo: false,
  loginAdmin: true,
});
const { admin } = testApp;
const today = dayInMexicoCity();

/** A member holding an unpaid place at a new event of that price; answers her, the event and her sign-up. */
async function heldPlace(price = 35000) {
  const eventId = await insertEvent(testApp.app, { price_w_cents: price, price_m_cents: price });
  const member = await loggedInClient(testApp, { gender: 1 });
  const signUp = await member.agent.post('client/events/add', { event_id: eventId });
  expect(signUp.body).toMatchObject({ status_id: 1 });
  return { member, eventId, assistanceId: signUp.body.assistance_id as number };
}

const confirmByHand = (assistanceId: number, payment?: { method: string; amount_cents?: number }) =>
  admin.post('event/update', { assistance: { id: assistanceId, status_id: 2, ...(payment && { payment }) } });
const undo = (assistanceId: number) =>
  admin.post('event/update', { assistance: { id: assistanceId, status_id: 1 } });

/** A paid place the admin confirmed by hand, its receipt issued. */
async function paidByHand(price = 35000) {
  const place = await heldPlace(price);
  expect((await confirmByHand(place.assistanceId, { method: 'cash' })).statusCode).toBe(200);
  await settle();
  return place;
}

const atPac = (pacId: string | null) =>
  pac()
    .receipts()
    .find((known) => known.id === pacId)!;

describe('a paid place confirmed by hand', () => {
  it('gets one receipt at the PAC, as an online payment does, and «Facturar» until the period ends', async () => {
    const before = pac().receipts().length;
    const { member, eventId, assistanceId } = await heldPlace(40000);
    await confirmByHand(assistanceId, { method: 'transfer', amount_cents: 38000 });
    await settle();
    const payment = await paymentOf(eventId, member.id);
    const [receipt, ...more] = await documentsOf(member.id);
    expect(more).toEqual([]);
    expect(receipt).toMatchObject({
      kind: 'receipt',
      key: `receipt-${payment.id}`,
      state: 'issued',
      payment_id: payment.id,
      assistance_id: assistanceId,
      total_cents: 38000,
      payment_form: '03',
      error: null,
    });
    expect(pac().receipts().length - before).toBe(1);
    expect(atPac(receipt!.pac_id)).toMatchObject({ total: 380, status: 'open', payment_form: '03' });
    const answer = await member.agent.post('client/invoice/get', { assistance_id: assistanceId });
    expect(answer.body.invoice).toEqual({
      state: 'receipt',
      self_invoice_until: periodEnd(today, 'month'),
      pdf_url: null,
      xml_url: null,
    });
    const invoiced = await member.agent.post('client/invoice/add', {
      assistance_id: assistanceId,
      fiscal: TEST_COMPANY,
    });
    expect(invoiced.statusCode).toBe(200);
    expect(invoiced.body.invoice.state).toBe('invoiced');
  });

  it('gives a free place nothing to invoice', async () => {
    const { member, assistanceId } = await heldPlace(0);
    expect((await confirmByHand(assistanceId)).statusCode).toBe(200);
    await settle();
    expect(await documentsOf(member.id)).toEqual([]);
    const answer = await member.agent.post('client/invoice/get', { assistance_id: assistanceId });
    expect(answer.statusCode).toBe(404);
  });
});

describe('undoing a confirmation by hand', () => {
  it('cancels a receipt nobody invoiced (never issued later, never in a global) and refuses one in a global', async () => {
    const undone = await paidByHand(30000);
    const kept = await paidByHand(25000);
    // A receipt the PAC made but whose answer was lost (pending here) ends cancelled too.
    const lost = await paidByHand(20000);
    const [lostReceipt] = await documentsOf(lost.member.id);
    await testApp.app.db
      .updateTable('invoice_documents')
      .set({ state: 'pending', pac_id: null })
      .where('id', '=', lostReceipt!.id)
      .execute();
    const receiptsAtPac = pac().receipts().length;

    for (const place of [undone, lost]) expect((await undo(place.assistanceId)).statusCode).toBe(200);
    await settle();
    for (const place of [undone, lost]) {
      const [receipt, cancellation, ...more] = await documentsOf(place.member.id);
      expect(more).toEqual([]);
      expect(receipt).toMatchObject({ kind: 'receipt', state: 'cancelled', global_id: null });
      expect(cancellation).toMatchObject({ kind: 'cancellation', state: 'issued', receipt_id: receipt!.id });
      expect(atPac(receipt!.pac_id).status).toBe('canceled');
      expect(await paymentOf(place.eventId, place.member.id)).toMatchObject({ status: 'void' });
      const state = await place.member.agent.post('client/invoice/get', {
        assistance_id: place.assistanceId,
      });
      expect(state.body.invoice.state).toBe('cancelled');
    }
    expect(pac().receipts().length).toBe(receiptsAtPac);

    const closed = await admin.post('admin/invoices/close-period', { period_end: today });
    expect(closed.statusCode).toBe(200);
    for (const place of [undone, lost]) expect((await documentsOf(place.member.id))[0]!.global_id).toBeNull();
    const [keptReceipt] = await documentsOf(kept.member.id);
    expect(keptReceipt!.global_id).toBe(closed.body.global.id);

    // Once a global holds the receipt, the sale is declared: the undo is refused and nothing changes.
    const refused = await undo(kept.assistanceId);
    expect(refused.statusCode).toBe(409);
    expect(refused.body.message).toContain('factura global');
    expect(await placeOf(kept.eventId, kept.member.id)).toMatchObject({ status_id: 2 });
    expect(await paymentOf(kept.eventId, kept.member.id)).toMatchObject({ status: 'manual' });
    expect((await documentsOf(kept.member.id)).map((document) => document.state)).toEqual(['issued']);
  });

  it('is refused in Spanish once she invoiced the payment, and changes nothing', async () => {
    const { member, eventId, assistanceId } = await paidByHand();
    const invoiced = await member.agent.post('client/invoice/add', {
      assistance_id: assistanceId,
      fiscal: TEST_COMPANY,
    });
    expect(invoiced.statusCode).toBe(200);
    const refused = await undo(assistanceId);
    expect(refused.statusCode).toBe(409);
    expect(refused.body.message).toContain('ya se facturó');
    expect(refused.body.message).toContain('nota de crédito');
    await settle();
    expect(await placeOf(eventId, member.id)).toMatchObject({ status_id: 2 });
    expect(await paymentOf(eventId, member.id)).toMatchObject({ status: 'manual' });
    const documents = await documentsOf(member.id);
    expect(documents.map((document) => [document.kind, document.state])).toEqual([
      ['receipt', 'issued'],
      ['invoice', 'issued'],
    ]);
    expect(atPac(documents[0]!.pac_id).status).toBe('invoiced_to_customer');
  });

  it('and her «Facturar» at the same moment: exactly one of the two wins', async () => {
    for (let round = 0; round < 4; round += 1) {
      const { member, eventId, assistanceId } = await paidByHand(15000);
      const invoiceIt = () =>
        member.agent.post('client/invoice/add', { assistance_id: assistanceId, fiscal: TEST_COMPANY });
      // Each request leaves first in half the rounds: either may win, the other must leave no trace.
      const undoFirst = round % 2 === 0;
      const first = undoFirst ? undo(assistanceId) : invoiceIt();
      const second = undoFirst ? invoiceIt() : undo(assistanceId);
      const [early, late] = await Promise.all([first, second]);
      const [undone, invoice] = undoFirst ? [early, late] : [late, early];
      await settle();
      const documents = await documentsOf(member.id);
      const receipt = documents.find((document) => document.kind === 'receipt')!;
      const herInvoice = documents.find((document) => document.kind === 'invoice');
      if (undone.statusCode === 200) {
        expect(invoice.statusCode).toBe(409);
        expect(herInvoice).toBeUndefined();
        expect(receipt.state).toBe('cancelled');
        expect(atPac(receipt.pac_id).status).toBe('canceled');
        expect(await placeOf(eventId, member.id)).toMatchObject({ status_id: 1 });
      } else {
        expect(undone.statusCode).toBe(409);
        expect(invoice.statusCode).toBe(200);
        expect(herInvoice?.state).toBe('issued');
        expect(receipt.state).toBe('issued');
        expect(atPac(receipt.pac_id).status).toBe('invoiced_to_customer');
        expect(await placeOf(eventId, member.id)).toMatchObject({ status_id: 2 });
        expect(await paymentOf(eventId, member.id)).toMatchObject({ status: 'manual' });
      }
    }
  });
});
