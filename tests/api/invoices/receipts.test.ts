import { describe, expect, it } from 'vitest';
import { periodEnd } from '../../../src/shared/domain/invoice-periods';
import { dayInMexicoCity } from '../../../src/shared/domain/mexico-time';
import { setUpInvoicesApp } from '../../support/invoices';
import { lastMailTo } from '../../support/outbox';
import { waitForJobs } from '../../support/queue';

// The PAC's calls give up after 300 ms here, so a PAC made slow times out within the test.
const { testApp, pac, settle, paidPlace } = setUpInvoicesApp({ seedDemo: false, jobTimeoutMs: 300 });

async function receiptsOf(paymentClient: number) {
  return testApp.app.db
    .selectFrom('invoice_documents')
    .selectAll()
    .where('client_id', '=', paymentClient)
    .where('kind', '=', 'receipt')
    .execute();
}

describe('every confirmed paid place gets a receipt through the queue', () => {
  it('issues one receipt at the PAC with IVA included, open to invoicing until the month ends', async () => {
    const { member, assistanceId } = await paidPlace(35000);
    const [receipt, ...more] = await receiptsOf(member.id);
    expect(more).toEqual([]);
    expect(receipt).toMatchObject({ state: 'issued', total_cents: 35000, payment_form: '04', error: null });
    const atPac = pac()
      .receipts()
      .filter((known) => known.id === receipt!.pac_id);
    expect(atPac).toHaveLength(1);
    expect(atPac[0]).toMatchObject({ total: 350, status: 'open', payment_form: '04' });
    expect(atPac[0]!.items[0]!.product).toMatchObject({
      price: 350,
      tax_included: true,
      taxes: [{ type: 'IVA', rate: 0.16 }],
      product_key: '90131500',
      unit_key: 'E48',
    });

    const answer = await member.agent.post('client/invoice/get', { assistance_id: assistanceId });
    expect(answer.statusCode).toBe(200);
    expect(answer.body.invoice).toEqual({
      state: 'receipt',
      self_invoice_until: periodEnd(dayInMexicoCity(), 'month'),
      pdf_url: null,
      xml_url: null,
    });
    const mail = await lastMailTo(testApp.config.dataDir, member.email, (sent) =>
      sent.subject!.startsWith('Recibo de pago'),
    );
    expect(mail.text).toContain('Facturar');
  });

  it('retries a PAC that answers too late and still ends with one receipt', async () => {
    // The first answer (the receipt made) comes after the client gave up.
    pac().slowNext(1, 600);
    const before = pac().receipts().length;
    const { member } = await paidPlace(20000);
    const [pending] = await receiptsOf(member.id);
    const jobs = await waitForJobs(testApp.app.db, (rows) =>
      rows.some((row) => row.key === `invoice-receipt:${pending!.id}` && row.state === 'done'),
    );
    expect(jobs.find((row) => row.key === `invoice-receipt:${pending!.id}`)!.attempts).toBe(2);
    // The retry found, by its idempotency key, the receipt the first try made.
    const [receipt] = await receiptsOf(member.id);
    expect(receipt).toMatchObject({ state: 'issued', error: null });
    expect(pac().receipts().length - before).toBe(1);
    expect(pac().receipts().at(-1)!.id).toBe(receipt!.pac_id);
  });

  it('answers pending before the receipt exists, and nothing for a place that is not hers', async () => {
    const { member, assistanceId } = await paidPlace(15000);
    await testApp.app.db
      .updateTable('invoice_documents')
      .set({ state: 'pending', pac_id: null })
      .where('client_id', '=', member.id)
      .execute();
    const pending = await member.agent.post('client/invoice/get', { assistance_id: assistanceId });
    expect(pending.body.invoice.state).toBe('pending');
    const other = await paidPlace(15000);
    const foreign = await other.member.agent.post('client/invoice/get', { assistance_id: assistanceId });
    expect(foreign.statusCode).toBe(404);
    await settle();
  });
});
