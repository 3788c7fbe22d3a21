import { describe, expect, it } from 'vitest';
import { CLOSE_PERIOD_JOB, closePeriod } from '../../../src/server/invoices/global-invoice';
import { periodEnd } from '../../../src/shared/domain/invoice-periods';
import { dayInMexicoCity } from '../../../src/shared/domain/mexico-time';
import { setUpInvoicesApp, TEST_COMPANY } from '../../support/invoices';

const { testApp, pac, settle, paidPlace, refund } = setUpInvoicesApp({ seedDemo: false, loginAdmin: true });
const { admin } = testApp;
const today = dayInMexicoCity();

const receiptOf = (clientId: number) =>
  testApp.app.db
    .selectFrom('invoice_documents')
    .selectAll()
    .where('kind', '=', 'receipt')
    .where('client_id', '=', clientId)
    .executeTakeFirstOrThrow();

describe('the global invoice', () => {
  it('holds every receipt nobody invoiced, once; a partial refund of one becomes a credit note to it', async () => {
    const open = await paidPlace(30000);
    const invoiced = await paidPlace(20000);
    await invoiced.member.agent.post('client/invoice/add', {
      assistance_id: invoiced.assistanceId,
      fiscal: TEST_COMPANY,
    });
    const refunded = await paidPlace(10000);
    await refund(refunded.eventId, refunded.member.id);
    // A partial refund of a receipt still open waits for the invoice it will correct.
    await refund(open.eventId, open.member.id, 5000);
    const waiting = await testApp.app.db
      .selectFrom('invoice_documents')
      .selectAll()
      .where('kind', '=', 'credit_note')
      .where('client_id', '=', open.member.id)
      .executeTakeFirstOrThrow();
    expect(waiting.state).toBe('pending');

    const closed = await admin.post('admin/invoices/close-period', { period_end: today });
    expect(closed.statusCode).toBe(200);
    expect(closed.body.global).toMatchObject({ kind: 'global', state: 'issued', total_cents: 30000 });
    await settle();
    const stored = pac()
      .invoices()
      .find((known) => known.uuid === closed.body.global.uuid)!;
    expect(stored).toMatchObject({ customer: { tax_id: 'XAXX010101000' }, use: 'S01', total: 300 });
    expect((await receiptOf(open.member.id)).global_id).toBe(closed.body.global.id);
    expect((await receiptOf(invoiced.member.id)).global_id).toBeNull();
    expect((await receiptOf(refunded.member.id)).global_id).toBeNull();

    const note = await testApp.app.db
      .selectFrom('invoice_documents')
      .selectAll()
      .where('id', '=', waiting.id)
      .executeTakeFirstOrThrow();
    expect(note).toMatchObject({ state: 'issued', total_cents: 5000 });
    const noteAtPac = pac()
      .invoices()
      .find((known) => known.id === note.pac_id)!;
    expect(noteAtPac).toMatchObject({ type: 'E', use: 'S01', customer: { tax_id: 'XAXX010101000' } });
    expect(noteAtPac.related_documents).toEqual([
      { relationship: '01', documents: [closed.body.global.uuid] },
    ]);

    const state = await open.member.agent.post('client/invoice/get', { assistance_id: open.assistanceId });
    expect(state.body.invoice.state).toBe('in_global');
    const late = await open.member.agent.post('client/invoice/add', {
      assistance_id: open.assistanceId,
      fiscal: TEST_COMPANY,
    });
    expect(late.statusCode).toBe(409);
    expect(late.body.message).toContain('factura global');

    // Closing again answers the same global: nothing new at the PAC.
    const count = pac().invoices().length;
    const again = await admin.post('admin/invoices/close-period', { period_end: today });
    expect(again.body.global.id).toBe(closed.body.global.id);
    expect(pac().invoices()).toHaveLength(count);
  });

  it('puts a receipt invoiced and closed at once in exactly one of them', async () => {
    for (let round = 0; round < 3; round += 1) {
      const { member, assistanceId } = await paidPlace(15000);
      const day = `2099-01-0${round + 1}`;
      // A period ending in the future cannot be closed by hand: the close is called as the job calls it.
      const [invoice, close] = await Promise.allSettled([
        member.agent.post('client/invoice/add', { assistance_id: assistanceId, fiscal: TEST_COMPANY }),
        closePeriod(testApp.app, testApp.app.pac!, day),
      ]);
      await settle();
      const receipt = await receiptOf(member.id);
      const herInvoice = await testApp.app.db
        .selectFrom('invoice_documents')
        .selectAll()
        .where('kind', '=', 'invoice')
        .where('receipt_id', '=', receipt.id)
        .executeTakeFirst();
      const inGlobal = receipt.global_id !== null;
      const invoiced = herInvoice?.state === 'issued';
      expect(inGlobal !== invoiced).toBe(true);
      if (invoice.status === 'fulfilled' && invoice.value.statusCode === 409) expect(inGlobal).toBe(true);
      if (close.status === 'rejected') expect(invoiced).toBe(true);
      const atPac = pac()
        .receipts()
        .find((known) => known.id === receipt.pac_id)!;
      expect(atPac.status).toBe(inGlobal ? 'invoiced_globally' : 'invoiced_to_customer');
    }
  });

  it('lists the period’s documents with totals, retries a failed one and refuses an issued one', async () => {
    const { member } = await paidPlace(12000);
    const receipt = await receiptOf(member.id);
    await testApp.app.db
      .updateTable('invoice_documents')
      .set({ state: 'failed', error: 'La clave de producto o servicio debe tener 8 dígitos' })
      .where('id', '=', receipt.id)
      .execute();
    const list = await admin.post('admin/invoices/get', {});
    expect(list.statusCode).toBe(200);
    const failed = list.body.documents.find((document: { id: number }) => document.id === receipt.id);
    expect(failed).toMatchObject({ state: 'failed', error: expect.stringContaining('8 dígitos') });
    expect(list.body.totals.global_cents).toBeGreaterThan(0);
    const retry = await admin.post('admin/invoice/retry', { id: receipt.id });
    expect(retry.statusCode).toBe(200);
    expect(retry.body.document.state).toBe('pending');
    await settle();
    expect(await receiptOf(member.id)).toMatchObject({ state: 'issued' });
    const issued = await admin.post('admin/invoice/retry', { id: receipt.id });
    expect(issued.statusCode).toBe(409);
    expect(issued.body.message).toContain('ya se emitió');
    expect((await admin.post('admin/invoice/retry', { id: 999_999 })).statusCode).toBe(404);
    const empty = await admin.post('admin/invoices/get', { from: '2020-01-01', to: '2020-01-31' });
    expect(empty.body).toMatchObject({
      documents: [],
      totals: { invoiced_cents: 0, global_cents: 0, credited_cents: 0 },
    });
    expect(
      (await admin.post('admin/invoices/get', { from: '2020-02-01', to: '2020-01-31' })).statusCode,
    ).toBe(400);
  });

  it('closes each period once by itself: the job of this period waits for its end', async () => {
    const end = periodEnd(today, 'month');
    const job = await testApp.app.db
      .selectFrom('jobs')
      .selectAll()
      .where('key', '=', `${CLOSE_PERIOD_JOB}:${end}`)
      .executeTakeFirstOrThrow();
    expect(job.state).toBe('pending');
    expect(new Date(job.run_at).getTime()).toBeGreaterThan(Date.now());
  });
});
