import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FacturapiPac } from '../../../src/server/invoices/facturapi-pac';
import { PacRefusal } from '../../../src/server/invoices/pac';
import { configFromEnv } from '../../../src/server/platform/config';
import { dayInMexicoCity } from '../../../src/shared/domain/mexico-time';
import { startTestPac, type TestPac } from '../../../src/test-pac/test-pac';

/** The PAC interface through Facturapi's client, against the test PAC: the operations every step uses. */
let pac: TestPac;
let client: FacturapiPac;
const issuer = configFromEnv({}).invoices.issuer;
const BUYER = {
  rfc: 'EKU9003173C9',
  name: 'ESCUELA KEMPER URGATE',
  regime: '601',
  zip: '42501',
  use: 'G03',
  email: 'contabilidad@kemper.mx',
};

beforeAll(async () => {
  pac = await startTestPac({ issuer });
  client = new FacturapiPac({
    apiKey: pac.apiKey,
    apiBase: pac.url,
    issuer,
    refusal: async () => null,
    timeoutMs: 5000,
  });
});
afterAll(async () => {
  await pac.close();
});

const receipt = (key: string, priceCents: number) =>
  client.createReceipt({
    key,
    item: { description: 'Lugar en «Noche de prueba»', priceCents },
    paymentForm: '04',
    paidAt: new Date().toISOString(),
  });

describe('the PAC interface against the test PAC', () => {
  it('leaves out of the global invoice a receipt its buyer invoiced and one cancelled', async () => {
    const invoiced = await receipt('k-invoiced', 35000);
    const cancelled = await receipt('k-cancelled', 20000);
    const open = await receipt('k-open', 25000);
    const invoice = await client.invoiceReceipt(invoiced.pacId, BUYER, 'k-invoice');
    await client.cancelReceipt(cancelled.pacId);
    const today = dayInMexicoCity();
    const global = await client.createGlobalInvoice({
      key: 'k-global',
      period: 'month',
      from: today,
      to: today,
      heldReceiptId: open.pacId,
    });
    expect(global.totalCents).toBe(25000);
    const stored = pac.invoices().find((known) => known.id === global.pacId)!;
    expect(stored.customer).toMatchObject({ tax_id: 'XAXX010101000', tax_system: '616' });
    expect(stored.use).toBe('S01');
    expect(stored.global).toEqual({
      periodicity: '04',
      months: today.slice(5, 7),
      year: Number(today.slice(0, 4)),
    });
    expect(pac.receipts().find((known) => known.id === open.pacId)!.status).toBe('invoiced_globally');
    expect(pac.receipts().find((known) => known.id === invoiced.pacId)!.invoice).toBe(invoice.pacId);
    const xml = (await client.invoiceXml(global.pacId)).toString();
    expect(xml).toContain('<cfdi:InformacionGlobal Periodicidad="04"');
    // Nothing left open in the period: a second global has nothing to hold.
    await expect(
      client.createGlobalInvoice({
        key: 'k-global-2',
        period: 'month',
        from: today,
        to: today,
        heldReceiptId: open.pacId,
      }),
    ).rejects.toBeInstanceOf(PacRefusal);
    // An invoiced receipt cannot be cancelled as a receipt any more.
    await expect(client.cancelReceipt(invoiced.pacId)).rejects.toBeInstanceOf(PacRefusal);
  });

  it('relates a credit note to its invoice (relation 01) and cancels an invoice with the SAT motive', async () => {
    const paid = await receipt('k-refund', 30000);
    const invoice = await client.invoiceReceipt(paid.pacId, BUYER, 'k-refund-invoice');
    const note = await client.createCreditNote({
      key: 'k-note',
      invoiceUuid: invoice.uuid,
      receiver: BUYER,
      item: { description: 'Devolución parcial', priceCents: 10000 },
      paymentForm: '04',
    });
    expect(note.totalCents).toBe(10000);
    const xml = (await client.invoiceXml(note.pacId)).toString();
    expect(xml).toContain('TipoDeComprobante="E"');
    expect(xml).toContain('<cfdi:CfdiRelacionados TipoRelacion="01">');
    expect(xml).toContain(`UUID="${invoice.uuid}"`);
    await client.cancelInvoice(invoice.pacId, '02');
    expect(pac.invoices().find((known) => known.id === invoice.pacId)).toMatchObject({
      status: 'canceled',
      cancellation_motive: '02',
    });
  });

  it('answers the invoice a receipt already has when asked twice', async () => {
    const paid = await receipt('k-twice', 15000);
    const first = await client.invoiceReceipt(paid.pacId, BUYER, 'k-twice-invoice');
    const second = await client.invoiceReceipt(paid.pacId, BUYER, 'k-twice-invoice-2');
    expect(second).toEqual(first);
  });
});
