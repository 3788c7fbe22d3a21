import { describe, expect, it } from 'vitest';
import { ISSUE_RECEIPT_JOB } from '../../../src/server/invoices/invoice-records';
import { enqueue } from '../../../src/server/platform/queue/queue';
import { setUpInvoicesApp, TEST_COMPANY } from '../../support/invoices';

const { testApp, pac, settle, paidPlace, refund, documentsOf } = setUpInvoicesApp({ seedDemo: false });

describe('a refund corrects the place’s fiscal documents', () => {
  it('cancels the receipt of a place refunded before anyone invoiced it', async () => {
    const { member, eventId, assistanceId } = await paidPlace(30000);
    await refund(eventId, member.id);
    const [receipt, cancellation, ...more] = await documentsOf(member.id);
    expect(more).toEqual([]);
    expect(receipt).toMatchObject({ kind: 'receipt', state: 'cancelled' });
    expect(cancellation).toMatchObject({
      kind: 'cancellation',
      state: 'issued',
      receipt_id: receipt!.id,
      total_cents: 30000,
      pac_id: receipt!.pac_id,
    });
    expect(
      pac()
        .receipts()
        .find((known) => known.id === receipt!.pac_id)!.status,
    ).toBe('canceled');
    const state = await member.agent.post('client/invoice/get', { assistance_id: assistanceId });
    expect(state.body.invoice.state).toBe('cancelled');
    const add = await member.agent.post('client/invoice/add', {
      assistance_id: assistanceId,
      fiscal: TEST_COMPANY,
    });
    expect(add.statusCode).toBe(409);
    expect(add.body.message).toContain('se reembolsó');
  });

  it('gives a credit note related to her invoice for each refund after she invoiced', async () => {
    const { member, eventId, assistanceId } = await paidPlace(40000);
    await member.agent.post('client/invoice/add', { assistance_id: assistanceId, fiscal: TEST_COMPANY });
    await refund(eventId, member.id, 10000);
    await refund(eventId, member.id);
    const documents = await documentsOf(member.id);
    const invoice = documents.find((document) => document.kind === 'invoice')!;
    const notes = documents.filter((document) => document.kind === 'credit_note');
    expect(notes.map((note) => [note.state, note.total_cents])).toEqual([
      ['issued', 10000],
      ['issued', 30000],
    ]);
    expect(documents.find((document) => document.kind === 'receipt')!.state).toBe('issued');
    for (const note of notes) {
      const stored = pac()
        .invoices()
        .find((known) => known.id === note.pac_id)!;
      expect(stored).toMatchObject({ type: 'E', use: 'G02', customer: { tax_id: TEST_COMPANY.rfc } });
      expect(stored.related_documents).toEqual([{ relationship: '01', documents: [invoice.uuid] }]);
    }
    const state = await member.agent.post('client/invoice/get', { assistance_id: assistanceId });
    expect(state.body.invoice.state).toBe('invoiced');
  });

  it('never issues a receipt still pending when the refund came: the one the PAC made is cancelled', async () => {
    const { member, eventId, assistanceId } = await paidPlace(25000);
    // The PAC made the receipt but its answer was lost: here it is pending, with no PAC id.
    const [made] = await documentsOf(member.id);
    await testApp.app.db
      .updateTable('invoice_documents')
      .set({ state: 'pending', pac_id: null })
      .where('id', '=', made!.id)
      .execute();
    const before = pac().receipts().length;
    await refund(eventId, member.id);
    // The receipt's job runs again (its retry): it issues nothing now.
    await enqueue(testApp.app.db, {
      kind: ISSUE_RECEIPT_JOB,
      key: `invoice-receipt:${made!.id}:again`,
      payload: { document_id: made!.id },
    });
    await settle();
    const [receipt, cancellation] = await documentsOf(member.id);
    expect(receipt).toMatchObject({ state: 'cancelled', pac_id: made!.pac_id });
    expect(cancellation).toMatchObject({ kind: 'cancellation', state: 'issued' });
    expect(pac().receipts().length).toBe(before);
    expect(
      pac()
        .receipts()
        .find((known) => known.id === made!.pac_id)!.status,
    ).toBe('canceled');
    const state = await member.agent.post('client/invoice/get', { assistance_id: assistanceId });
    expect(state.body.invoice.state).toBe('cancelled');
  });
});
