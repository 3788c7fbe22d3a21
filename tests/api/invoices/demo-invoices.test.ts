import { beforeAll, describe, expect, it } from 'vitest';
import { demoEmail } from '../../../src/server/seed/demo-content';
import {
  DEMO_FISCAL_DATA,
  DEMO_LAST_MONTH_PAYERS,
  DEMO_SELF_INVOICER,
  lastMonth,
  loadDemoInvoices,
} from '../../../src/server/seed/demo-invoices';
import { loadDemoPayments } from '../../../src/server/seed/demo-payments';
import { setUpInvoicesApp } from '../../support/invoices';

// The demo with payments and invoices on, as `npm start` loads it once the server listens.
const { testApp, pac, settle } = setUpInvoicesApp({ seedDemo: true });

beforeAll(async () => {
  await loadDemoPayments(testApp.app);
  await settle();
  await loadDemoInvoices(testApp.app);
  await settle();
});

const documents = () => testApp.app.db.selectFrom('invoice_documents').selectAll().orderBy('id').execute();

async function clientId(index: number): Promise<number> {
  const client = await testApp.app.db
    .selectFrom('clients')
    .select('id')
    .where('email', '=', demoEmail(index))
    .executeTakeFirstOrThrow();
  return client.id;
}

describe('the demo holds the back office «Facturación»', () => {
  it('last month’s global invoice holds the autumn places paid by card that month', async () => {
    const period = lastMonth();
    const all = await documents();
    const globals = all.filter((document) => document.kind === 'global');
    expect(globals).toHaveLength(1);
    const global = globals[0]!;
    expect(global).toMatchObject({
      state: 'issued',
      key: `global-${period.to}`,
      period_end: period.to,
      error: null,
      uuid: expect.stringMatching(/^[0-9a-f-]{36}$/i),
    });
    const held = all.filter((document) => document.global_id === global.id);
    expect(held).toHaveLength(DEMO_LAST_MONTH_PAYERS.length);
    for (const receipt of held) {
      expect(receipt).toMatchObject({ kind: 'receipt', state: 'issued', payment_form: '04' });
      expect(receipt.key).toBe(`receipt-${receipt.payment_id}`);
      expect(receipt.description).toBe('Lugar en «Speed Dating de otoño»');
      expect(receipt.paid_at! >= `${period.from}T06:00:00.000Z`).toBe(true);
      expect(receipt.self_invoice_until).toBe(period.to);
      // Each has its payment, paid by card that month.
      const payment = await testApp.app.db
        .selectFrom('payments')
        .selectAll()
        .where('id', '=', receipt.payment_id)
        .executeTakeFirstOrThrow();
      expect(payment).toMatchObject({ status: 'paid', method: 'card', amount_cents: receipt.total_cents });
    }
    expect(global.total_cents).toBe(held.reduce((sum, receipt) => sum + receipt.total_cents, 0));
    // The PAC holds the same: the global's receipts are invoiced globally there.
    const atPac = pac()
      .receipts()
      .filter((receipt) => held.some((document) => document.pac_id === receipt.id));
    expect(atPac.map((receipt) => receipt.status)).toEqual(held.map(() => 'invoiced_globally'));
    expect(
      pac()
        .invoices()
        .some((invoice) => invoice.id === global.pac_id),
    ).toBe(true);
  });

  it('a Roma place paid this month that its buyer invoiced, with her fiscal profile kept', async () => {
    const buyer = await clientId(DEMO_SELF_INVOICER);
    const all = await documents();
    const invoice = all.find((document) => document.kind === 'invoice');
    expect(invoice).toMatchObject({
      state: 'issued',
      client_id: buyer,
      description: 'Lugar en «Speed Dating en la Roma»',
      global_id: null,
    });
    expect(invoice!.key).toBe(`invoice-${invoice!.receipt_id}`);
    expect(JSON.parse(invoice!.receiver!)).toMatchObject({ rfc: DEMO_FISCAL_DATA.rfc });
    const receipt = all.find((document) => document.id === invoice!.receipt_id);
    expect(receipt).toMatchObject({ kind: 'receipt', state: 'issued', global_id: null });
    const profile = await testApp.app.db
      .selectFrom('fiscal_profiles')
      .selectAll()
      .where('client_id', '=', buyer)
      .executeTakeFirst();
    expect(profile).toMatchObject({ ...DEMO_FISCAL_DATA, email: demoEmail(DEMO_SELF_INVOICER) });
  });

  it('the Roma card payment’s receipt waits to be invoiced: issued, in no global, with no invoice', async () => {
    const all = await documents();
    const invoiced = new Set(all.map((document) => document.receipt_id));
    const waiting = all.filter(
      (document) =>
        document.kind === 'receipt' &&
        document.state === 'issued' &&
        document.global_id === null &&
        !invoiced.has(document.id),
    );
    expect(waiting).toHaveLength(1);
    expect(waiting[0]).toMatchObject({
      description: 'Lugar en «Speed Dating en la Roma»',
      error: null,
    });
    expect(waiting[0]!.client_id).not.toBe(await clientId(DEMO_SELF_INVOICER));
  });
});
