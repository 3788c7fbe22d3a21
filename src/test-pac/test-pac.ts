import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify';
import { CFDI_USES, GENERIC_RFC, personaOfRfc, TAX_REGIMES } from '../shared/domain/cfdi';
import { mesesOf, PERIODICIDAD, periodEnd } from '../shared/domain/invoice-periods';
import { dayInMexicoCity } from '../shared/domain/mexico-time';
import { rfcProblem } from '../shared/domain/rfc';
import {
  type Customer,
  type Issuer,
  type Item,
  invoicePdf,
  invoiceXml,
  type StoredInvoice,
  type StoredReceipt,
} from './pac-documents';
import { issuedPage } from './pac-pages';

/**
 * The test PAC (docs/design/28-facturas.md, docs/decisions/0068): a real HTTP server on loopback that
 * speaks the part of Facturapi's v2 API Cita calls — receipts with a self-invoice link, invoicing
 * a receipt, the global invoice, credit notes, cancellations, the PDF and XML — with Facturapi's
 * error objects (`{ message, status }`). The product reaches it through the official client's base
 * URL. What it issues says «SIN VALIDEZ FISCAL»; GET /emitidos shows it all.
 */

export interface TestPacOptions {
  port?: number;
  host?: string;
  apiKey?: string;
  /** The organizer its documents name as issuer. */
  issuer: Issuer;
  /** JSON file that keeps the documents across restarts (the demo); memory only when absent. */
  stateFile?: string;
}

export interface TestPac {
  /** The API base (…/v2) for the official client. */
  url: string;
  apiKey: string;
  /** The next `count` answers wait `ms` first (the document is made before): a PAC that times out. */
  slowNext(count: number, ms: number): void;
  receipts(): StoredReceipt[];
  invoices(): StoredInvoice[];
  close(): Promise<void>;
}

class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly path?: string,
  ) {
    super(message);
  }
}

/** Taxpayers the test PAC knows, as the SAT's list would answer for them: name and CP must match. */
const KNOWN_TAXPAYERS: Record<string, { name: string; zip: string }> = {
  EKU9003173C9: { name: 'ESCUELA KEMPER URGATE', zip: '42501' },
};

/** A régimen de capital written with the name: CFDI 4.0 wants the name alone, as on the Constancia. */
const CAPITAL_REGIME =
  /\b(S\.?\s?A\.?(\s+DE\s+C\.?\s?V\.?)?|S\.?\s?DE\s+R\.?\s?L\.?(\s+DE\s+C\.?\s?V\.?)?|S\.?\s?C\.?)$/i;

interface State {
  receipts: StoredReceipt[];
  invoices: StoredInvoice[];
  folio: number;
}

function load(file: string | undefined): State {
  if (file && fs.existsSync(file)) return JSON.parse(fs.readFileSync(file, 'utf8')) as State;
  return { receipts: [], invoices: [], folio: 0 };
}

const objectId = () => randomBytes(12).toString('hex');
const round = (amount: number) => Math.round(amount * 100) / 100;

function totalOf(items: Item[]): number {
  return round(items.reduce((sum, item) => sum + item.product.price * item.quantity, 0));
}

function checkItems(items: unknown): Item[] {
  if (!Array.isArray(items) || items.length === 0)
    throw new ApiError(400, 'El comprobante debe tener al menos un concepto', 'items');
  for (const item of items as Item[]) {
    if (!item?.product?.description)
      throw new ApiError(400, 'Falta la descripción del concepto', 'items.product.description');
    if (!(typeof item.product.price === 'number' && item.product.price > 0))
      throw new ApiError(400, 'El precio del concepto debe ser mayor que 0', 'items.product.price');
    if (!/^\d{8}$/.test(item.product.product_key ?? ''))
      throw new ApiError(
        400,
        'La clave de producto o servicio debe tener 8 dígitos',
        'items.product.product_key',
      );
  }
  return (items as Item[]).map((item) => ({ quantity: item.quantity ?? 1, product: item.product }));
}

/**
 * The receiver's checks a PAC makes against the SAT's rules (Anexo 20 4.0 and its catalogs) and
 * its list of taxpayers: each refusal says what to fix, with the SAT's error code.
 */
function checkCustomer(customer: Customer | undefined, use: string | undefined): Customer {
  if (!customer) throw new ApiError(400, 'Faltan los datos del receptor', 'customer');
  const rfc = String(customer.tax_id ?? '').toUpperCase();
  const problem = rfcProblem(rfc);
  if (problem) throw new ApiError(400, `${problem} (CFDI40140)`, 'customer.tax_id');
  const regime = TAX_REGIMES.find((known) => known.code === customer.tax_system);
  if (!regime)
    throw new ApiError(
      400,
      'El régimen fiscal del receptor no existe en el catálogo del SAT (CFDI40157)',
      'customer.tax_system',
    );
  const persona = personaOfRfc(rfc);
  if (!regime[persona])
    throw new ApiError(
      400,
      `El régimen fiscal ${regime.code} no corresponde a una persona ${persona === 'fisica' ? 'física' : 'moral'}: elige el que aparece en tu Constancia de Situación Fiscal (CFDI40158)`,
      'customer.tax_system',
    );
  const cfdiUse = CFDI_USES.find((known) => known.code === use);
  if (!cfdiUse || !(cfdiUse.regimes as readonly string[]).includes(regime.code))
    throw new ApiError(
      400,
      `El uso de CFDI ${use ?? ''} no aplica al régimen fiscal ${regime.code} (CFDI40161)`,
      'use',
    );
  const zip = String(customer.address?.zip ?? '');
  if (!/^\d{5}$/.test(zip))
    throw new ApiError(
      400,
      'El código postal del domicilio fiscal debe tener 5 dígitos (CFDI40147)',
      'customer.address.zip',
    );
  const name = String(customer.legal_name ?? '').trim();
  if (!name)
    throw new ApiError(400, 'Falta el nombre o razón social del receptor (CFDI40145)', 'customer.legal_name');
  if (CAPITAL_REGIME.test(name))
    throw new ApiError(
      400,
      'El nombre del receptor no debe incluir el régimen de capital (por ejemplo «S.A. de C.V.»): escríbelo como en la Constancia de Situación Fiscal (CFDI40145)',
      'customer.legal_name',
    );
  const known = KNOWN_TAXPAYERS[rfc];
  if (known && known.name !== name.toUpperCase())
    throw new ApiError(
      400,
      'El nombre del receptor no corresponde al RFC en la lista de contribuyentes del SAT: escríbelo exactamente como en tu Constancia de Situación Fiscal (CFDI40145)',
      'customer.legal_name',
    );
  if (known && known.zip !== zip)
    throw new ApiError(
      400,
      'El código postal no corresponde al domicilio fiscal del RFC: usa el de tu Constancia de Situación Fiscal (CFDI40147)',
      'customer.address.zip',
    );
  return {
    legal_name: name.toUpperCase(),
    tax_id: rfc,
    tax_system: regime.code,
    email: customer.email,
    address: { zip },
  };
}

/** A JSON body as sent: every field is checked before use. */
type Body = Record<string, unknown>;

export async function startTestPac(options: TestPacOptions): Promise<TestPac> {
  const apiKey = options.apiKey ?? `sk_test_cita${randomBytes(12).toString('hex')}`;
  const state = load(options.stateFile);
  let slow = { count: 0, ms: 0 };
  let base = '';
  const save = () => {
    if (options.stateFile) fs.writeFileSync(options.stateFile, JSON.stringify(state));
  };
  // Closing ends every connection at once: an answer the test made slow may still be on its way,
  // and Fastify would otherwise keep that connection for its 72 s keep-alive.
  const server = Fastify({ logger: false, forceCloseConnections: true });
  // The client sends its JSON content type on a DELETE without a body too, as Facturapi accepts.
  server.removeContentTypeParser('application/json');
  server.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    if (body === '') return done(null, {});
    try {
      done(null, JSON.parse(body as string));
    } catch {
      done(Object.assign(new Error('El cuerpo no es JSON válido'), { statusCode: 400 }), undefined);
    }
  });

  const authorize = (request: FastifyRequest) => {
    if (request.headers.authorization !== `Bearer ${apiKey}`)
      throw new ApiError(401, 'La llave de API no es válida');
  };

  const delay = async () => {
    if (slow.count <= 0) return;
    slow.count -= 1;
    await new Promise((resolve) => setTimeout(resolve, slow.ms));
  };

  /** An API call: authentication, the delay, Facturapi's error object. */
  const api =
    (handler: (request: FastifyRequest) => unknown) =>
    async (request: FastifyRequest, reply: FastifyReply) => {
      try {
        authorize(request);
        const answer = await handler(request);
        await delay();
        if (Buffer.isBuffer(answer)) return answer;
        return answer;
      } catch (error) {
        await delay();
        if (error instanceof ApiError) {
          return reply
            .code(error.status)
            .send({ message: error.message, status: error.status, path: error.path });
        }
        return reply.code(500).send({ message: 'Error interno del PAC de prueba', status: 500 });
      }
    };

  const receiptOf = (id: string) => {
    const receipt = state.receipts.find((known) => known.id === id);
    if (!receipt) throw new ApiError(404, `No se encontró el recibo ${id}`);
    return receipt;
  };
  const invoiceOf = (id: string) => {
    const invoice = state.invoices.find((known) => known.id === id);
    if (!invoice) throw new ApiError(404, `No se encontró la factura ${id}`);
    return invoice;
  };
  const newInvoice = (
    fields: Omit<
      StoredInvoice,
      | 'id'
      | 'object'
      | 'created_at'
      | 'date'
      | 'livemode'
      | 'status'
      | 'cancellation_status'
      | 'uuid'
      | 'folio_number'
      | 'issuer'
      | 'cancellation_motive'
    >,
  ) => {
    state.folio += 1;
    const now = new Date().toISOString();
    const invoice: StoredInvoice = {
      id: objectId(),
      object: 'invoice',
      created_at: now,
      date: now,
      livemode: false,
      status: 'valid',
      cancellation_status: 'none',
      uuid: randomUUID().toUpperCase(),
      folio_number: state.folio,
      issuer: options.issuer,
      cancellation_motive: null,
      ...fields,
    };
    state.invoices.push(invoice);
    return invoice;
  };
  const idempotent = <T extends { idempotency_key: string | null }>(list: T[], key: unknown) => {
    if (typeof key === 'string' && key && list.some((known) => known.idempotency_key === key))
      throw new ApiError(409, 'Ya existe un documento con esta idempotency_key');
  };

  server.post(
    '/v2/receipts',
    api((request) => {
      const body = (request.body ?? {}) as Body;
      idempotent(state.receipts, body.idempotency_key);
      const items = checkItems(body.items);
      const date = typeof body.date === 'string' ? new Date(body.date) : new Date();
      if (Number.isNaN(date.getTime())) throw new ApiError(400, 'La fecha no es válida', 'date');
      const key = randomBytes(5).toString('hex').toUpperCase();
      const receipt: StoredReceipt = {
        id: objectId(),
        object: 'receipt',
        created_at: new Date().toISOString(),
        date: date.toISOString(),
        livemode: false,
        folio_number: state.receipts.length + 1,
        external_id: typeof body.external_id === 'string' ? body.external_id : null,
        idempotency_key: typeof body.idempotency_key === 'string' ? body.idempotency_key : null,
        payment_form: String(body.payment_form ?? '01'),
        items,
        currency: 'MXN',
        total: totalOf(items),
        invoice: null,
        expires_at: `${periodEnd(dayInMexicoCity(date), 'month')}T23:59:59-06:00`,
        key,
        status: 'open',
        self_invoice_url: `${base}/autofactura/${key}`,
      };
      state.receipts.push(receipt);
      save();
      return receipt;
    }),
  );
  server.get(
    '/v2/receipts',
    api((request) => {
      const query = request.query as Record<string, string | undefined>;
      const data = state.receipts.filter(
        (receipt) => query.external_id === undefined || receipt.external_id === query.external_id,
      );
      return { page: 1, total_pages: 1, total_results: data.length, data };
    }),
  );
  server.get(
    '/v2/receipts/:id',
    api((request) => receiptOf((request.params as { id: string }).id)),
  );
  server.post(
    '/v2/receipts/global-invoice',
    api((request) => {
      const body = (request.body ?? {}) as Body;
      idempotent(state.invoices, body.idempotency_key);
      const periodicity = body.periodicity as keyof typeof PERIODICIDAD;
      if (!(periodicity in PERIODICIDAD))
        throw new ApiError(400, 'La periodicidad no es válida', 'periodicity');
      const from = new Date(String(body.from));
      const to = new Date(String(body.to));
      if (Number.isNaN(from.getTime()) || Number.isNaN(to.getTime()))
        throw new ApiError(400, 'El periodo no es válido', 'from');
      const open = state.receipts.filter((receipt) => {
        const at = new Date(receipt.date).getTime();
        return receipt.status === 'open' && at >= from.getTime() && at <= to.getTime();
      });
      if (open.length === 0)
        throw new ApiError(400, 'No hay recibos abiertos en el periodo para la factura global');
      const end = dayInMexicoCity(to);
      const invoice = newInvoice({
        type: 'I',
        series: String(body.series ?? 'G'),
        customer: {
          legal_name: 'PUBLICO EN GENERAL',
          tax_id: GENERIC_RFC,
          tax_system: '616',
          address: { zip: options.issuer.zip },
        },
        use: 'S01',
        payment_form: open[0]!.payment_form,
        payment_method: 'PUE',
        currency: 'MXN',
        total: round(open.reduce((sum, receipt) => sum + receipt.total, 0)),
        // One concept per receipt, its folio as NoIdentificacion (guía de llenado, factura global).
        items: open.map((receipt) => ({
          quantity: 1,
          identification: String(receipt.folio_number),
          product: {
            ...receipt.items[0]!.product,
            description: 'Venta',
            product_key: '01010101',
            unit_key: 'ACT',
            price: receipt.total,
          },
        })),
        related_documents: [],
        global: {
          periodicity: PERIODICIDAD[periodicity],
          months: mesesOf(end),
          year: Number(end.slice(0, 4)),
        },
        idempotency_key: typeof body.idempotency_key === 'string' ? body.idempotency_key : null,
      });
      for (const receipt of open) {
        receipt.status = 'invoiced_globally';
        receipt.invoice = invoice.id;
      }
      save();
      return invoice;
    }),
  );
  server.post(
    '/v2/receipts/:id/invoice',
    api((request) => {
      const receipt = receiptOf((request.params as { id: string }).id);
      const body = (request.body ?? {}) as Body;
      if (receipt.status === 'invoiced_to_customer' || receipt.status === 'invoiced_globally')
        throw new ApiError(409, 'Este recibo ya fue facturado');
      if (receipt.status === 'canceled')
        throw new ApiError(400, 'Este recibo fue cancelado y ya no puede facturarse');
      if (Date.now() > new Date(receipt.expires_at).getTime())
        throw new ApiError(400, 'El plazo para facturar este recibo terminó');
      const customer = checkCustomer(body.customer as Customer | undefined, body.use as string | undefined);
      const invoice = newInvoice({
        type: 'I',
        series: String(body.series ?? 'A'),
        customer,
        use: String(body.use),
        payment_form: receipt.payment_form,
        payment_method: 'PUE',
        currency: 'MXN',
        total: receipt.total,
        items: receipt.items,
        related_documents: [],
        global: null,
        idempotency_key: typeof body.idempotency_key === 'string' ? body.idempotency_key : null,
      });
      receipt.status = 'invoiced_to_customer';
      receipt.invoice = invoice.id;
      save();
      return invoice;
    }),
  );
  server.delete(
    '/v2/receipts/:id',
    api((request) => {
      const receipt = receiptOf((request.params as { id: string }).id);
      if (receipt.status !== 'open' && receipt.status !== 'canceled')
        throw new ApiError(400, 'Sólo un recibo abierto puede cancelarse: este ya fue facturado');
      receipt.status = 'canceled';
      save();
      return receipt;
    }),
  );
  server.post(
    '/v2/invoices',
    api((request) => {
      const body = (request.body ?? {}) as Body;
      idempotent(state.invoices, body.idempotency_key);
      if (body.type !== 'E')
        throw new ApiError(400, 'El PAC de prueba sólo emite aquí notas de crédito (type E)', 'type');
      const related = Array.isArray(body.related_documents) ? body.related_documents : [];
      const uuids: string[] = related.flatMap((entry: { documents?: string[] }) => entry.documents ?? []);
      if (uuids.length === 0 || !uuids.every((uuid) => state.invoices.some((known) => known.uuid === uuid)))
        throw new ApiError(
          400,
          'Una nota de crédito debe relacionar una factura emitida (CFDI40203)',
          'related_documents',
        );
      const receiver = body.customer as Customer | undefined;
      // A credit note of a global invoice goes to «público en general» too, uso S01 (guía de llenado).
      const toPublic = String(receiver?.tax_id ?? '').toUpperCase() === GENERIC_RFC;
      if (
        toPublic &&
        !uuids.every((uuid) => state.invoices.some((known) => known.uuid === uuid && known.global))
      )
        throw new ApiError(
          400,
          'Una nota de crédito a público en general sólo puede relacionar una factura global',
          'related_documents',
        );
      if (toPublic && body.use !== 'S01')
        throw new ApiError(400, 'El uso de CFDI para público en general es S01 (CFDI40161)', 'use');
      const customer = toPublic
        ? {
            legal_name: 'PUBLICO EN GENERAL',
            tax_id: GENERIC_RFC,
            tax_system: '616',
            address: { zip: options.issuer.zip },
          }
        : checkCustomer(
            receiver,
            // G02 (devoluciones) applies to the same regímenes as G01.
            body.use === 'G02' ? 'G01' : String(body.use),
          );
      const items = checkItems(body.items);
      const invoice = newInvoice({
        type: 'E',
        series: String(body.series ?? 'NC'),
        customer,
        use: String(body.use),
        payment_form: String(body.payment_form ?? '01'),
        payment_method: 'PUE',
        currency: 'MXN',
        total: totalOf(items),
        items,
        related_documents: related.map((entry: { relationship?: string; documents?: string[] }) => ({
          relationship: String(entry.relationship ?? '01'),
          documents: entry.documents ?? [],
        })),
        global: null,
        idempotency_key: typeof body.idempotency_key === 'string' ? body.idempotency_key : null,
      });
      save();
      return invoice;
    }),
  );
  server.get(
    '/v2/invoices/:id',
    api((request) => invoiceOf((request.params as { id: string }).id)),
  );
  server.delete(
    '/v2/invoices/:id',
    api((request) => {
      const invoice = invoiceOf((request.params as { id: string }).id);
      const motive = String((request.query as Record<string, string | undefined>).motive ?? '');
      if (!['01', '02', '03', '04'].includes(motive))
        throw new ApiError(400, 'El motivo de cancelación debe ser 01, 02, 03 o 04', 'motive');
      invoice.status = 'canceled';
      invoice.cancellation_status = 'accepted';
      invoice.cancellation_motive = motive;
      save();
      return invoice;
    }),
  );
  server.get(
    '/v2/invoices/:id/pdf',
    api(async (request) => invoicePdf(invoiceOf((request.params as { id: string }).id))),
  );
  server.get(
    '/v2/invoices/:id/xml',
    api(async (request) => Buffer.from(invoiceXml(invoiceOf((request.params as { id: string }).id)))),
  );
  server.addHook('onSend', async (request, reply, payload) => {
    if (request.url.endsWith('/pdf') && reply.statusCode === 200)
      reply.header('content-type', 'application/pdf');
    if (request.url.endsWith('/xml') && reply.statusCode === 200)
      reply.header('content-type', 'application/xml');
    return payload;
  });
  // The page's own links: the files of what it issued, for whoever opens the page on this machine.
  server.get('/emitidos/:id/:file', async (request, reply) => {
    const { id, file } = request.params as { id: string; file: string };
    const invoice = state.invoices.find((known) => known.id === id);
    if (!invoice || (file !== 'factura.pdf' && file !== 'factura.xml'))
      return reply.code(404).send('No existe');
    if (file === 'factura.xml') return reply.type('application/xml').send(invoiceXml(invoice));
    return reply.type('application/pdf').send(await invoicePdf(invoice));
  });
  server.get('/emitidos', async (_request, reply) => {
    reply.type('text/html; charset=utf-8');
    return issuedPage(state.receipts, state.invoices);
  });

  await server.listen({ port: options.port ?? 0, host: options.host ?? '127.0.0.1' });
  const address = server.server.address();
  if (typeof address !== 'object' || !address) throw new Error('the test PAC is not listening');
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  base = `http://${host === '0.0.0.0' || host === '[::]' ? '127.0.0.1' : host}:${address.port}`;
  return {
    url: `${base}/v2`,
    apiKey,
    slowNext(count, ms) {
      slow = { count, ms };
    },
    receipts: () => state.receipts,
    invoices: () => state.invoices,
    close: () => server.close(),
  };
}
