import { createHash, randomBytes } from 'node:crypto';
import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify';
import qs from 'qs';
import Stripe from 'stripe';
import { STRIPE_API_VERSION } from '../shared/contracts/stripe-api';
import { checkoutPage, type PageAction, voucherPage } from './provider-pages';
import {
  type Charge,
  type CheckoutSession,
  type Customer,
  digits,
  type Metadata,
  newId,
  type PaymentIntent,
  type PaymentMethod,
  ProviderState,
  type Refund,
  unixNow,
  voucherExpiry,
} from './provider-state';

/**
 * The built-in test provider (docs/design/15-payments.md, docs/decisions/0029): a real HTTP server that speaks
 * the part of Stripe's API the product calls — same paths, form-encoded parameters, objects,
 * statuses and error objects as the pinned API version —, serves a Spanish test checkout page and
 * sends webhooks signed with the `stripe` library's own helper. The product reaches it through
 * the official client, so the demo and the tests run production's code path.
 */

export interface TestProviderOptions {
  /** Where webhooks go: the product's POST /api/payments/webhook. */
  webhookUrl: string;
  port?: number;
  host?: string;
  /** The host the member's browser uses for the checkout page (the site's own host name). */
  publicHost?: string;
  secretKey?: string;
  webhookSecret?: string;
  /** JSON file that keeps the objects across restarts (the demo); memory only when absent. */
  stateFile?: string;
}

export interface WebhookDelivery {
  event: { id: string; type: string; created: number };
  payload: string;
  signature: string;
  /** HTTP status of the last try; 0 when not sent (webhooks dropped) or unreachable. */
  status: number;
}

export interface TestProvider {
  /** The API base: STRIPE_API_BASE for the product. */
  url: string;
  secretKey: string;
  webhookSecret: string;
  /** Every webhook built so far, in order, with its signed payload (tests replay them). */
  deliveries: WebhookDelivery[];
  /** Lost webhooks: while false, events are built and recorded but not sent. */
  setWebhookDelivery(deliver: boolean): void;
  /** Where webhooks go from now on (a test's app learns its port after the provider started). */
  setWebhookUrl(url: string): void;
  /** Resolves once every webhook built so far has been sent (or given up). */
  webhooksSettled(): Promise<void>;
  /** The ids of the Customers it keeps (deleted ones are gone). */
  customerIds(): string[];
  close(): Promise<void>;
}

class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    readonly type: string,
    message: string,
    readonly code?: string,
    readonly param?: string,
  ) {
    super(message);
  }
}

const missing = (object: string, id: string, param = 'id') =>
  new ApiError(404, 'invalid_request_error', `No such ${object}: '${id}'`, 'resource_missing', param);
const invalid = (message: string, param?: string, code?: string) =>
  new ApiError(400, 'invalid_request_error', message, code, param);

type Params = Record<string, unknown>;

function text(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

function required(params: Params, name: string): string {
  const value = text(params[name]);
  if (value === undefined || value === '')
    throw invalid(`Missing required param: ${name}.`, name, 'parameter_missing');
  return value;
}

function integer(value: unknown, param: string): number {
  const parsed = typeof value === 'string' && /^-?\d+$/.test(value) ? Number(value) : Number.NaN;
  if (!Number.isSafeInteger(parsed)) throw invalid(`Invalid integer: ${String(value)}`, param);
  return parsed;
}

function metadataOf(value: unknown): Metadata {
  if (value === undefined || value === '') return {};
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw invalid('Invalid hash', 'metadata');
  const metadata: Metadata = {};
  for (const [key, entry] of Object.entries(value)) metadata[key] = String(entry);
  return metadata;
}

function listOf(value: unknown): unknown[] {
  if (value === undefined) return [];
  if (Array.isArray(value)) return value;
  if (typeof value === 'object' && value !== null) return Object.values(value);
  return [value];
}

const SUPPORTED_METHODS = new Set(['card', 'oxxo', 'customer_balance']);

export async function startTestProvider(options: TestProviderOptions): Promise<TestProvider> {
  const secretKey = options.secretKey ?? `sk_test_cita_${randomBytes(12).toString('hex')}`;
  const webhookSecret = options.webhookSecret ?? `whsec_${randomBytes(24).toString('base64url')}`;
  const state = new ProviderState(options.stateFile);
  const deliveries: WebhookDelivery[] = [];
  let deliverWebhooks = true;
  let webhookUrl = options.webhookUrl;
  let sending: Promise<void> = Promise.resolve();
  let pageBase = '';

  // Stripe's client sends nested parameters in brackets (expand[0]=…, metadata[k]=…), as qs writes them.
  const server = Fastify({ logger: false, routerOptions: { querystringParser: (query) => qs.parse(query) } });
  server.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => done(null, qs.parse(body as string, { depth: 10, arrayLimit: 100 })),
  );

  const send = (event: { id: string; type: string; created: number }) => {
    const payload = JSON.stringify(event, null, 2);
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: webhookSecret });
    const delivery: WebhookDelivery = { event, payload, signature, status: 0 };
    deliveries.push(delivery);
    if (!deliverWebhooks) return;
    // One after the other, in the order they happened, retried a few times as Stripe retries.
    sending = sending.then(async () => {
      for (let attempt = 0; attempt < 5; attempt += 1) {
        try {
          const answer = await fetch(webhookUrl, {
            method: 'POST',
            headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature },
            body: payload,
          });
          delivery.status = answer.status;
          if (answer.ok) return;
        } catch {
          delivery.status = 0;
        }
        await new Promise((resolve) => setTimeout(resolve, 250 * 2 ** attempt));
      }
    });
  };

  const emit = (type: string, object: unknown) => {
    send({
      id: newId('evt'),
      object: 'event',
      api_version: STRIPE_API_VERSION,
      created: unixNow(),
      data: { object: structuredClone(object) },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
    } as { id: string; type: string; created: number });
  };

  const authorize = (request: FastifyRequest) => {
    const header = request.headers.authorization ?? '';
    const key = header.startsWith('Bearer ') ? header.slice(7) : '';
    if (key !== secretKey) {
      throw new ApiError(
        401,
        'invalid_request_error',
        key
          ? `Invalid API Key provided: ${key.slice(0, 8)}${'*'.repeat(8)}`
          : 'You did not provide an API key.',
      );
    }
  };

  /** Runs an API call: authentication, Stripe's idempotent replays, and its error objects. */
  const api =
    (handler: (params: Params, request: FastifyRequest) => unknown) =>
    async (request: FastifyRequest, reply: FastifyReply) => {
      reply.header('request-id', `req_${randomBytes(8).toString('hex')}`);
      reply.header('stripe-version', STRIPE_API_VERSION);
      try {
        authorize(request);
        const params = ((request.method === 'GET' ? request.query : request.body) ?? {}) as Params;
        const key = text(request.headers['idempotency-key']);
        const fingerprint = createHash('sha256')
          .update(`${request.method} ${request.url} ${JSON.stringify(params)}`)
          .digest('hex');
        if (key && request.method === 'POST') {
          const earlier = state.idempotency.get(key);
          if (earlier) {
            if (earlier.fingerprint !== fingerprint) {
              throw new ApiError(
                400,
                'idempotency_error',
                `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
              );
            }
            reply.header('idempotent-replayed', 'true');
            return reply.code(earlier.statusCode).send(earlier.body);
          }
        }
        const body = handler(params, request);
        if (key && request.method === 'POST')
          state.idempotency.set(key, { fingerprint, statusCode: 200, body });
        state.save();
        return reply.code(200).send(body);
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        return reply.code(error.statusCode).send({
          error: {
            type: error.type,
            message: error.message,
            ...(error.code && { code: error.code }),
            ...(error.param && { param: error.param }),
          },
        });
      }
    };

  const session = (id: string) => {
    const found = state.sessions.get(id);
    if (!found) throw missing('checkout.session', id);
    return found;
  };
  const paymentIntent = (id: string) => {
    const found = state.paymentIntents.get(id);
    if (!found) throw missing('payment_intent', id);
    return found;
  };

  const expandable = (params: Params) => new Set(listOf(params.expand).map(String));

  const sessionView = (found: CheckoutSession, expand: Set<string>) => {
    const { line_item_name: _name, ...view } = found;
    if (expand.has('payment_intent') && found.payment_intent) {
      return {
        ...view,
        payment_intent: intentView(paymentIntent(found.payment_intent), prefixed(expand, 'payment_intent.')),
      };
    }
    return view;
  };
  const intentView = (found: PaymentIntent, expand: Set<string>) => {
    if (expand.has('payment_method') && found.payment_method) {
      return { ...found, payment_method: state.paymentMethods.get(found.payment_method) ?? null };
    }
    return found;
  };
  const prefixed = (expand: Set<string>, prefix: string) =>
    new Set([...expand].filter((path) => path.startsWith(prefix)).map((path) => path.slice(prefix.length)));

  server.post(
    '/v1/checkout/sessions',
    api((params) => {
      if (params.mode !== 'payment') throw invalid('This test provider only supports mode=payment.', 'mode');
      const successUrl = required(params, 'success_url');
      const items = listOf(params.line_items) as Params[];
      if (items.length !== 1) throw invalid('Exactly one line item is supported here.', 'line_items');
      const item = items[0] as Params;
      const priceData = (item.price_data ?? {}) as Params;
      const currency = required(priceData, 'currency').toLowerCase();
      const unitAmount = integer(priceData.unit_amount, 'line_items[0][price_data][unit_amount]');
      const quantity = integer(item.quantity ?? '1', 'line_items[0][quantity]');
      if (unitAmount < 1)
        throw invalid(
          'This value must be greater than or equal to 1.',
          'line_items[0][price_data][unit_amount]',
        );
      if (params.payment_method_types !== undefined) {
        throw invalid(
          'Received unknown parameter: payment_method_types',
          'payment_method_types',
          'parameter_unknown',
        );
      }
      const methods = listOf(params.allowed_payment_method_types).map(String);
      for (const method of methods) {
        if (!SUPPORTED_METHODS.has(method)) {
          throw invalid(`Invalid allowed_payment_method_types: ${method}`, 'allowed_payment_method_types');
        }
      }
      if ((methods.includes('oxxo') || methods.includes('customer_balance')) && currency !== 'mxn') {
        throw invalid('The payment method `oxxo` only supports mxn.', 'allowed_payment_method_types');
      }
      const now = unixNow();
      const expiresAt =
        params.expires_at === undefined ? now + 24 * 3600 : integer(params.expires_at, 'expires_at');
      if (expiresAt < now + 30 * 60 || expiresAt > now + 24 * 3600) {
        throw invalid(
          'The `expires_at` timestamp must be between 30 minutes and 24 hours from Checkout Session creation.',
          'expires_at',
        );
      }
      const productData = (priceData.product_data ?? {}) as Params;
      const id = newId('cs');
      const created: CheckoutSession = {
        id,
        object: 'checkout.session',
        amount_subtotal: unitAmount * quantity,
        amount_total: unitAmount * quantity,
        cancel_url: text(params.cancel_url) ?? null,
        client_reference_id: text(params.client_reference_id) ?? null,
        created: now,
        currency,
        customer: null,
        customer_creation: text(params.customer_creation) ?? null,
        customer_details: null,
        customer_email: text(params.customer_email) ?? null,
        expires_at: expiresAt,
        livemode: false,
        locale: text(params.locale) ?? null,
        metadata: metadataOf(params.metadata),
        mode: 'payment',
        payment_intent: null,
        allowed_payment_method_types: methods.length > 0 ? methods : null,
        payment_method_options: (params.payment_method_options ?? {}) as Record<string, unknown>,
        payment_method_types: methods.length > 0 ? methods : ['card'],
        payment_status: 'unpaid',
        status: 'open',
        success_url: successUrl,
        ui_mode: 'hosted',
        url: `${pageBase}/pago/${id}`,
        line_item_name: text(productData.name) ?? 'Pago',
      };
      state.sessions.set(id, created);
      return sessionView(created, new Set());
    }),
  );

  server.get(
    '/v1/checkout/sessions/:id',
    api((params, request) => sessionView(session((request.params as { id: string }).id), expandable(params))),
  );

  server.post(
    '/v1/checkout/sessions/:id/expire',
    api((params, request) => {
      const found = session((request.params as { id: string }).id);
      if (found.status !== 'open') {
        throw invalid(
          `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of ${found.status}.`,
        );
      }
      found.status = 'expired';
      found.url = null;
      emit('checkout.session.expired', sessionView(found, new Set()));
      return sessionView(found, expandable(params));
    }),
  );

  server.get(
    '/v1/payment_intents/:id',
    api((params, request) =>
      intentView(paymentIntent((request.params as { id: string }).id), expandable(params)),
    ),
  );

  server.post(
    '/v1/payment_intents/:id/cancel',
    api((params, request) => {
      const found = paymentIntent((request.params as { id: string }).id);
      if (found.status === 'succeeded' || found.status === 'canceled') {
        throw invalid(
          `You cannot cancel this PaymentIntent because it has a status of ${found.status}. Only a PaymentIntent with one of the following statuses may be canceled: requires_payment_method, requires_capture, requires_confirmation, requires_action, processing.`,
          undefined,
          'payment_intent_unexpected_state',
        );
      }
      found.status = 'canceled';
      found.canceled_at = unixNow();
      found.cancellation_reason = text(params.cancellation_reason) ?? null;
      found.next_action = null;
      emit('payment_intent.canceled', found);
      return intentView(found, expandable(params));
    }),
  );

  // The cheapest authenticated call: `cita doctor` proves the key with it.
  server.get(
    '/v1/balance',
    api(() => ({
      object: 'balance',
      available: [{ amount: 0, currency: 'mxn', source_types: { card: 0 } }],
      pending: [{ amount: 0, currency: 'mxn', source_types: { card: 0 } }],
      livemode: false,
    })),
  );

  server.get(
    '/v1/customers/:id',
    api((_params, request) => {
      const id = (request.params as { id: string }).id;
      const found = state.customers.get(id);
      if (!found) throw missing('customer', id);
      return found;
    }),
  );

  server.delete(
    '/v1/customers/:id',
    api((_params, request) => {
      const id = (request.params as { id: string }).id;
      if (!state.customers.delete(id)) throw missing('customer', id);
      return { id, object: 'customer', deleted: true };
    }),
  );

  server.post(
    '/v1/refunds',
    api((params) => {
      const intentId = text(params.payment_intent);
      const chargeId = text(params.charge);
      const intent = intentId ? paymentIntent(intentId) : undefined;
      const charge = state.charges.get(chargeId ?? intent?.latest_charge ?? '');
      if (!charge) {
        if (intent) {
          throw invalid(
            `This PaymentIntent (${intent.id}) does not have a successful charge to refund.`,
            'payment_intent',
          );
        }
        throw invalid(
          'One of the following params should be provided for this request: payment_intent or charge.',
        );
      }
      const left = charge.amount - charge.amount_refunded;
      if (left <= 0) {
        throw invalid(`Charge ${charge.id} has already been refunded.`, undefined, 'charge_already_refunded');
      }
      const amount = params.amount === undefined ? left : integer(params.amount, 'amount');
      if (amount < 1 || amount > left) {
        throw invalid(
          `Refund amount (${amount}) is greater than unrefunded amount on charge (${left})`,
          'amount',
        );
      }
      const refund: Refund = {
        id: newId('re'),
        object: 'refund',
        amount,
        charge: charge.id,
        created: unixNow(),
        currency: charge.currency,
        metadata: metadataOf(params.metadata),
        payment_intent: charge.payment_intent,
        reason: text(params.reason) ?? null,
        status: 'succeeded',
      };
      state.refunds.set(refund.id, refund);
      charge.amount_refunded += amount;
      charge.refunded = charge.amount_refunded === charge.amount;
      emit('charge.refunded', charge);
      return refund;
    }),
  );

  // The hosted pages a member sees: Checkout's test page and the voucher / transfer page.
  const pageSession = (request: FastifyRequest) => state.sessions.get((request.params as { id: string }).id);

  server.get('/pago/:id', async (request, reply) => {
    const found = pageSession(request);
    if (!found)
      return reply.code(404).type('text/html; charset=utf-8').send(checkoutPage(undefined, undefined));
    return reply.type('text/html; charset=utf-8').send(checkoutPage(found, intentFor(found)));
  });

  server.get('/ficha/:id', async (request, reply) => {
    const found = pageSession(request);
    const intent = found && intentFor(found);
    if (!found || !intent)
      return reply.code(404).type('text/html; charset=utf-8').send(voucherPage(undefined, undefined));
    return reply.type('text/html; charset=utf-8').send(voucherPage(found, intent));
  });

  const intentFor = (found: CheckoutSession) =>
    found.payment_intent ? state.paymentIntents.get(found.payment_intent) : undefined;

  const startIntent = (found: CheckoutSession, type: PaymentMethod['type']): PaymentIntent => {
    const method: PaymentMethod = {
      id: newId('pm'),
      object: 'payment_method',
      created: unixNow(),
      livemode: false,
      type,
      ...(type === 'card' && { card: { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2030 } }),
    };
    state.paymentMethods.set(method.id, method);
    const intent: PaymentIntent = {
      id: newId('pi'),
      object: 'payment_intent',
      amount: found.amount_total,
      amount_received: 0,
      canceled_at: null,
      cancellation_reason: null,
      created: unixNow(),
      currency: found.currency,
      customer: found.customer,
      last_payment_error: null,
      latest_charge: null,
      livemode: false,
      metadata: { ...found.metadata },
      next_action: null,
      payment_method: method.id,
      payment_method_types: [type],
      status: 'requires_action',
    };
    state.paymentIntents.set(intent.id, intent);
    found.payment_intent = intent.id;
    if (found.customer_creation === 'always' || type === 'customer_balance') {
      const customer: Customer = {
        id: newId('cus'),
        object: 'customer',
        created: unixNow(),
        email: found.customer_email,
        livemode: false,
        metadata: {},
      };
      state.customers.set(customer.id, customer);
      found.customer = customer.id;
    }
    intent.customer = found.customer;
    found.customer_details = { email: found.customer_email };
    return intent;
  };

  const succeed = (intent: PaymentIntent) => {
    const charge: Charge = {
      id: newId('ch'),
      object: 'charge',
      amount: intent.amount,
      amount_refunded: 0,
      created: unixNow(),
      currency: intent.currency,
      livemode: false,
      metadata: { ...intent.metadata },
      paid: true,
      payment_intent: intent.id,
      payment_method: intent.payment_method ?? '',
      refunded: false,
      status: 'succeeded',
    };
    state.charges.set(charge.id, charge);
    intent.status = 'succeeded';
    intent.amount_received = intent.amount;
    intent.latest_charge = charge.id;
    intent.next_action = null;
  };

  const successUrl = (found: CheckoutSession) => found.success_url.replace('{CHECKOUT_SESSION_ID}', found.id);

  server.post('/pago/:id/:action', async (request, reply) => {
    const found = pageSession(request);
    const action = (request.params as { action: PageAction }).action;
    if (!found)
      return reply.code(404).type('text/html; charset=utf-8').send(checkoutPage(undefined, undefined));
    const intent = intentFor(found);
    const page = (notice: string, code = 200) =>
      reply
        .code(code)
        .type('text/html; charset=utf-8')
        .send(checkoutPage(found, intentFor(found), notice));
    const open = found.status === 'open' && found.expires_at > unixNow();
    switch (action) {
      case 'tarjeta':
      case 'tarjeta-rechazada':
      case 'oxxo':
      case 'spei': {
        if (!open) return page('Esta sesión de pago ya no está abierta.', 409);
        if (action === 'tarjeta-rechazada')
          return page(
            'Tarjeta rechazada: tu banco no autorizó el pago (tarjeta de prueba 4000 0000 0000 0002).',
            402,
          );
        const type = action === 'tarjeta' ? 'card' : action === 'oxxo' ? 'oxxo' : 'customer_balance';
        if (!found.payment_method_types.includes(type))
          return page('Este método de pago no está disponible para este pago.', 400);
        const started = startIntent(found, type);
        found.status = 'complete';
        found.url = null;
        if (type === 'card') {
          succeed(started);
          found.payment_status = 'paid';
        } else if (type === 'oxxo') {
          const days = Number(
            (found.payment_method_options.oxxo as Params | undefined)?.expires_after_days ?? 3,
          );
          started.next_action = {
            type: 'oxxo_display_details',
            oxxo_display_details: {
              expires_after: voucherExpiry(days),
              hosted_voucher_url: `${pageBase}/ficha/${found.id}`,
              number: digits(18),
            },
          };
        } else {
          started.next_action = {
            type: 'display_bank_transfer_instructions',
            display_bank_transfer_instructions: {
              amount_remaining: started.amount,
              currency: started.currency,
              financial_addresses: [
                {
                  type: 'spei',
                  supported_networks: ['spei'],
                  spei: {
                    account_holder_name: 'CITA PAGOS DE PRUEBA',
                    bank_code: '002',
                    bank_name: 'BANAMEX',
                    clabe: `002180${digits(12)}`,
                  },
                },
              ],
              hosted_instructions_url: `${pageBase}/ficha/${found.id}`,
              reference: digits(7),
              type: 'mx_bank_transfer',
            },
          };
        }
        emit('checkout.session.completed', sessionView(found, new Set()));
        state.save();
        return reply.redirect(successUrl(found), 303);
      }
      case 'pagar-ficha':
      case 'vencer-ficha': {
        if (intent?.status !== 'requires_action')
          return page('No hay una ficha o transferencia pendiente.', 409);
        if (action === 'pagar-ficha') {
          succeed(intent);
          found.payment_status = 'paid';
          emit('checkout.session.async_payment_succeeded', sessionView(found, new Set()));
        } else {
          intent.status = 'requires_payment_method';
          intent.next_action = null;
          intent.last_payment_error = {
            code: 'payment_intent_payment_attempt_expired',
            message: 'La ficha venció sin pago.',
            type: 'invalid_request_error',
          };
          emit('checkout.session.async_payment_failed', sessionView(found, new Set()));
        }
        state.save();
        return page(action === 'pagar-ficha' ? 'Pago recibido.' : 'La ficha venció sin pago.');
      }
      default:
        return page('Acción desconocida.', 404);
    }
  });

  await server.listen({ port: options.port ?? 0, host: options.host ?? '127.0.0.1' });
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  pageBase = `http://${options.publicHost ?? '127.0.0.1'}:${port}`;
  return {
    url: `http://127.0.0.1:${port}`,
    secretKey,
    webhookSecret,
    deliveries,
    setWebhookDelivery(deliver) {
      deliverWebhooks = deliver;
    },
    setWebhookUrl(url) {
      webhookUrl = url;
    },
    webhooksSettled: () => sending,
    customerIds: () => [...state.customers.keys()],
    async close() {
      await sending;
      await server.close();
    },
  };
}
