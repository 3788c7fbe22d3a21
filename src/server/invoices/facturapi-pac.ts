import FacturapiModule, { FacturapiError } from 'facturapi';
import { GENERIC_RFC } from '../../shared/domain/cfdi';
import type { IssuerConfig } from '../platform/config';
import {
  type CancellationMotive,
  type NewCreditNote,
  type NewGlobalInvoice,
  type NewReceipt,
  type Pac,
  type PacInvoice,
  type PacItem,
  PacRefusal,
  PacUnavailable,
} from './pac';

/** Facturapi's document in the shape the client answers (amounts in pesos). */
interface FacturapiDocument {
  id: string;
  uuid?: string;
  total: number;
  invoice?: string | null;
}

// Node loads the client's CommonJS build, whose default import is the whole module; Vite loads the ES build.
const Facturapi =
  (FacturapiModule as unknown as { default?: typeof FacturapiModule }).default ?? FacturapiModule;
type Facturapi = InstanceType<typeof Facturapi>;

const pesos = (cents: number) => Number((cents / 100).toFixed(2));
const cents = (amount: number) => Math.round(amount * 100);

/** Reads a binary answer of the client (a Node stream, or a Blob in other runtimes) whole. */
async function bytesOf(answer: unknown): Promise<Buffer> {
  if (answer instanceof Blob) return Buffer.from(await answer.arrayBuffer());
  const chunks: Buffer[] = [];
  for await (const chunk of answer as AsyncIterable<Uint8Array>) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}

export interface FacturapiPacOptions {
  apiKey: string;
  /** Another server speaking Facturapi's API (the test PAC), e.g. http://127.0.0.1:12112/v2. */
  apiBase: string | undefined;
  issuer: IssuerConfig;
  /** Asked before every call: a restored database in quarantine calls no PAC (docs/design/24-backups.md). */
  refusal: () => Promise<string | null>;
  timeoutMs: number;
}

/**
 * The PAC through Facturapi's official client (docs/decisions/0068). The client has no timeout of
 * its own: a call that takes longer than `timeoutMs` is given up here (the request may still
 * finish at Facturapi), and the idempotency key makes the next try find what it made.
 */
export class FacturapiPac implements Pac {
  private readonly client: Facturapi;

  constructor(private readonly options: FacturapiPacOptions) {
    this.client = new Facturapi(options.apiKey);
    if (options.apiBase) this.client.BASE_URL = options.apiBase.replace(/\/$/, '');
  }

  /** The same PAC with another time limit (a member waits less than a job). */
  withTimeout(timeoutMs: number): FacturapiPac {
    return new FacturapiPac({ ...this.options, timeoutMs });
  }

  private async call<T>(what: string, run: () => Promise<T>): Promise<T> {
    const refused = await this.options.refusal();
    if (refused) throw new PacUnavailable(refused);
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(
        () => reject(new PacUnavailable(`el PAC no respondió en ${this.options.timeoutMs} ms (${what})`)),
        this.options.timeoutMs,
      );
    });
    try {
      return await Promise.race([run(), late]);
    } catch (error) {
      if (error instanceof FacturapiError) {
        if (error.status >= 400 && error.status < 500 && error.status !== 429)
          throw new PacRefusal(error.message, error.code);
        throw new PacUnavailable(`el PAC respondió ${error.status} (${what})`);
      }
      if (error instanceof PacUnavailable) throw error;
      throw new PacUnavailable(`no se pudo llamar al PAC (${what}): ${(error as Error).message}`);
    } finally {
      clearTimeout(timer);
    }
  }

  private product(item: PacItem) {
    const { issuer } = this.options;
    return {
      description: item.description,
      product_key: issuer.productKey,
      unit_key: issuer.unitKey,
      price: pesos(item.priceCents),
      tax_included: true,
      taxes: [{ type: 'IVA', rate: issuer.ivaRate }],
    };
  }

  async createReceipt(receipt: NewReceipt) {
    const body = {
      idempotency_key: receipt.key,
      external_id: receipt.key,
      date: receipt.paidAt,
      payment_form: receipt.paymentForm,
      items: [{ quantity: 1, product: this.product(receipt.item) }],
    };
    const made = await this.call('recibo', async () => {
      try {
        return (await this.client.receipts.create(body)) as unknown as FacturapiDocument;
      } catch (error) {
        // 409: this key made a receipt already (an answer lost to a timeout): that one is it.
        if (!(error instanceof FacturapiError) || error.status !== 409) throw error;
        const found = await this.client.receipts.list({ external_id: receipt.key });
        const existing = found.data[0] as unknown as FacturapiDocument | undefined;
        if (!existing) throw error;
        return existing;
      }
    });
    return { pacId: made.id, totalCents: cents(made.total) };
  }

  async invoiceReceipt(
    receiptId: string,
    receiver: NewCreditNote['receiver'],
    key: string,
  ): Promise<PacInvoice> {
    const body = {
      customer: {
        legal_name: receiver.name,
        tax_id: receiver.rfc,
        tax_system: receiver.regime,
        email: receiver.email,
        address: { zip: receiver.zip },
      },
      use: receiver.use,
      series: this.options.issuer.series,
      idempotency_key: key,
    };
    const invoice = await this.call('factura', async () => {
      try {
        return (await this.client.receipts.invoice(receiptId, body)) as unknown as FacturapiDocument;
      } catch (error) {
        // Already invoiced (a second try after a lost answer): the receipt names its invoice.
        if (!(error instanceof FacturapiError) || error.status !== 409) throw error;
        const receipt = (await this.client.receipts.retrieve(receiptId)) as unknown as FacturapiDocument;
        if (!receipt.invoice) throw error;
        return (await this.client.invoices.retrieve(receipt.invoice)) as unknown as FacturapiDocument;
      }
    });
    return { pacId: invoice.id, uuid: invoice.uuid ?? '', totalCents: cents(invoice.total) };
  }

  async createGlobalInvoice(global: NewGlobalInvoice): Promise<PacInvoice> {
    const invoice = await this.call('factura global', async () => {
      try {
        return (await this.client.receipts.createGlobalInvoice({
          periodicity: global.period,
          from: `${global.from}T00:00:00-06:00`,
          to: `${global.to}T23:59:59-06:00`,
          series: this.options.issuer.series,
          idempotency_key: global.key,
        })) as unknown as FacturapiDocument;
      } catch (error) {
        // 409: this key made the global already (an answer lost to a timeout): its receipts name it.
        if (!(error instanceof FacturapiError) || error.status !== 409) throw error;
        const held = (await this.client.receipts.retrieve(
          global.heldReceiptId,
        )) as unknown as FacturapiDocument;
        if (!held.invoice) throw error;
        return (await this.client.invoices.retrieve(held.invoice)) as unknown as FacturapiDocument;
      }
    });
    return { pacId: invoice.id, uuid: invoice.uuid ?? '', totalCents: cents(invoice.total) };
  }

  async cancelReceipt(receiptId: string): Promise<void> {
    await this.call('cancelar recibo', () => this.client.receipts.cancel(receiptId));
  }

  async createCreditNote(note: NewCreditNote): Promise<PacInvoice> {
    const { receiver } = note;
    const invoice = (await this.call('nota de crédito', () =>
      this.client.invoices.create({
        type: 'E',
        customer: {
          legal_name: receiver.name,
          tax_id: receiver.rfc,
          tax_system: receiver.regime,
          ...(receiver.email && { email: receiver.email }),
          address: { zip: receiver.zip },
        },
        // G02 (devoluciones) for her; «público en general» has only S01 (a global's credit note).
        use: receiver.rfc === GENERIC_RFC ? 'S01' : 'G02',
        payment_form: note.paymentForm,
        items: [{ quantity: 1, product: this.product(note.item) }],
        related_documents: [{ relationship: '01', documents: [note.invoiceUuid] }],
        series: this.options.issuer.series,
        idempotency_key: note.key,
      }),
    )) as unknown as FacturapiDocument;
    return { pacId: invoice.id, uuid: invoice.uuid ?? '', totalCents: cents(invoice.total) };
  }

  async cancelInvoice(invoiceId: string, motive: CancellationMotive): Promise<void> {
    await this.call('cancelar factura', () =>
      this.client.invoices.cancel(invoiceId, { motive: motive as never }),
    );
  }

  async invoicePdf(invoiceId: string): Promise<Buffer> {
    return bytesOf(await this.call('PDF', () => this.client.invoices.downloadPdf(invoiceId)));
  }

  async invoiceXml(invoiceId: string): Promise<Buffer> {
    return bytesOf(await this.call('XML', () => this.client.invoices.downloadXml(invoiceId)));
  }

  async check(): Promise<void> {
    await this.call('consulta', () => this.client.receipts.list({ limit: 1 }));
  }
}
