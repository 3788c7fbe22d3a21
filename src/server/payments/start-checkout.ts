import type { FastifyInstance } from 'fastify';
import Stripe from 'stripe';
import { formatDateTime, formatInstant } from '../../shared/domain/mexico-dates';
import { CURRENCY } from '../../shared/domain/money';
import { ASSISTANCE_STATUS } from '../../shared/domain/statuses';
import { applyCodeToHeldPlace, findPlace } from '../events/attendance/places-for-payments';
import { AppError, conflict, notFound } from '../platform/errors';
import { enqueue } from '../platform/queue/queue';
import {
  CLOSE_CHECKOUT_JOB,
  type CloseCheckoutPayload,
  type PaymentRow,
  parseInstructions,
  scheduleReconcile,
} from './payment-records';
import { providerKey } from './provider-keys';
import { WHILE_A_MEMBER_WAITS } from './stripe-client';

export const PAYMENTS_OFF =
  'El pago en línea no está activo: te contactaremos para confirmar tu lugar y el pago';
export const NOT_SIGNED_UP = 'No estás registrado/a en este evento';

/** Stripe's hosted page in Spanish (Latin America). */
const CHECKOUT_LOCALE = 'es-419';

/**
 * client/payments/checkout (docs/design/15-payments.md): the Checkout Session of the member's held place —
 * the one still open, or a new one. The attempt is claimed in the database first (unique per
 * sign-up), and its number names the provider's idempotency key: a double click, two tabs or two
 * instances get one session. The amount is always the server's price.
 */
export async function startCheckout(
  app: FastifyInstance,
  clientId: number,
  eventId: number,
  code?: string,
): Promise<string> {
  const stripe = app.stripe;
  if (!stripe) throw conflict(PAYMENTS_OFF);
  if (code && (await applyCode(app, clientId, eventId, code)))
    return `${app.config.publicUrl}/pago?evento=${eventId}`;
  const place = await findPlace(app.db, app.config, clientId, eventId);
  if (!place || place.status_id === ASSISTANCE_STATUS.cancelled) throw notFound(NOT_SIGNED_UP);
  if (place.status_id === ASSISTANCE_STATUS.waiting) {
    throw conflict('Estás en la lista de espera: podrás pagar cuando se libere un lugar para ti');
  }
  if (place.status_id === ASSISTANCE_STATUS.confirmed) throw conflict('Tu lugar ya está confirmado y pagado');
  const amount = place.amount_due;
  if (amount === 0) throw conflict('Este evento no requiere pago en línea');
  if (place.payment_due_at && place.payment_due_at <= new Date().toISOString()) {
    throw conflict('Se terminó el tiempo para pagar este lugar');
  }

  const payment = await claimAttempt(app, place.id, place.event_id, clientId, amount);
  const instructions = parseInstructions(payment.instructions);
  if (instructions) {
    throw conflict(
      instructions.kind === 'oxxo'
        ? `Ya generaste una ficha OXXO: págala antes del ${formatInstant(instructions.expires_at)}`
        : `Ya elegiste pagar por transferencia SPEI: tu lugar queda apartado hasta el ${formatInstant(instructions.expires_at)}`,
    );
  }
  if (payment.checkout_url) return payment.checkout_url;

  const base = app.config.publicUrl;
  const idempotencyKey = await providerKey(app.db, app.config.payments.siteId, 'checkout', payment.id);
  let session: Stripe.Checkout.Session;
  try {
    session = await stripe.checkout.sessions.create(
      {
        mode: 'payment',
        allowed_payment_method_types: ['card', 'oxxo', 'customer_balance'],
        line_items: [
          {
            quantity: 1,
            price_data: {
              currency: CURRENCY,
              unit_amount: payment.amount_cents,
              product_data: {
                name: `Lugar en «${place.name}»`,
                description: place.day && place.hour ? formatDateTime(place.day, place.hour) : undefined,
              },
            },
          },
        ],
        customer_email: place.email,
        // No Customer at the provider for a card or OXXO payment: erasure could not reach its copy of
        // her e-mail. SPEI needs one (the transfer is matched to a customer balance).
        customer_creation: 'if_required',
        payment_method_options: {
          oxxo: { expires_after_days: app.config.payments.voucherDays },
          customer_balance: { funding_type: 'bank_transfer', bank_transfer: { type: 'mx_bank_transfer' } },
        },
        metadata: {
          payment_id: String(payment.id),
          event_id: String(place.event_id),
          assistance_id: String(place.id),
        },
        payment_intent_data: {
          metadata: { payment_id: String(payment.id), event_id: String(place.event_id) },
        },
        client_reference_id: String(payment.id),
        locale: CHECKOUT_LOCALE,
        success_url: `${base}/pago?evento=${place.event_id}`,
        cancel_url: `${base}/evento/${place.event_id}`,
      },
      { idempotencyKey, ...WHILE_A_MEMBER_WAITS },
    );
  } catch (error) {
    if (error instanceof Stripe.errors.StripeError) {
      app.log.warn({ err: error, paymentId: payment.id }, 'payments: could not open a checkout session');
      const until = place.payment_due_at
        ? `: tu lugar sigue apartado hasta el ${formatInstant(place.payment_due_at)}`
        : '';
      throw new AppError(
        503,
        `No pudimos conectar con el servicio de pagos. Intenta de nuevo en unos minutos${until}`,
      );
    }
    throw error;
  }
  if (!session.url)
    throw new AppError(502, 'El servicio de pagos no devolvió la página de pago. Intenta de nuevo');
  await app.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('payments')
      .set({ session_id: session.id, checkout_url: session.url })
      .where('id', '=', payment.id)
      .where('session_id', 'is', null)
      .execute();
    await scheduleReconcile(trx, payment.id, 1, app.config.payments.reconcileMinutes);
  });
  app.queue.wake();
  return session.url;
}

/**
 * A code typed at checkout (docs/design/25-organizers.md): refused once a voucher or transfer is under way (its
 * amount is fixed at the provider); an open session at the old price is closed. True: the code
 * covers the whole price and the place is confirmed without the provider.
 */
async function applyCode(
  app: FastifyInstance,
  clientId: number,
  eventId: number,
  code: string,
): Promise<boolean> {
  const place = await findPlace(app.db, app.config, clientId, eventId);
  if (!place) throw notFound(NOT_SIGNED_UP);
  const open = await app.db
    .selectFrom('payments')
    .select(['id', 'instructions'])
    .where('assistance_id', '=', place.id)
    .where('status', '=', 'pending')
    .execute();
  if (open.some((payment) => payment.instructions !== null)) {
    throw conflict(
      'Ya elegiste cómo pagar (ficha OXXO o transferencia SPEI): el código ya no se puede aplicar',
    );
  }
  const applied = await applyCodeToHeldPlace(app, clientId, eventId, code);
  // The code her place already held changes no price: the open session stays hers.
  if (!applied.changed) return applied.confirmed;
  for (const payment of open) {
    const payload: CloseCheckoutPayload = { payment_id: payment.id };
    await enqueue(app.db, { kind: CLOSE_CHECKOUT_JOB, key: `payment-close:code:${payment.id}`, payload });
  }
  if (open.length > 0) app.queue.wake();
  return applied.confirmed;
}

/**
 * The sign-up's pending attempt, or a new one numbered after the last. Two requests at once both
 * try the same number; the unique (sign-up, attempt) lets one insert and the other read it.
 */
async function claimAttempt(
  app: FastifyInstance,
  assistanceId: number,
  eventId: number,
  clientId: number,
  amount: number,
): Promise<PaymentRow> {
  const latest = () =>
    app.db
      .selectFrom('payments')
      .selectAll()
      .where('assistance_id', '=', assistanceId)
      .orderBy('attempt', 'desc')
      .limit(1)
      .executeTakeFirst();
  const last = await latest();
  if (last?.status === 'pending' && last.amount_cents === amount) return last;
  if (last?.status === 'paid' || last?.status === 'manual') throw conflict('Tu lugar ya está pagado');
  await app.db
    .insertInto('payments')
    .values({
      assistance_id: assistanceId,
      event_id: eventId,
      client_id: clientId,
      amount_cents: amount,
      currency: CURRENCY,
      status: 'pending',
      method: null,
      attempt: (last?.attempt ?? 0) + 1,
      session_id: null,
      payment_intent_id: null,
      checkout_url: null,
      instructions: null,
      created_at: new Date().toISOString(),
      paid_at: null,
      failed_at: null,
      refund_requested_at: null,
      refunded_at: null,
      refund_id: null,
    })
    .onConflict((oc) => oc.columns(['assistance_id', 'attempt']).doNothing())
    .execute();
  const claimed = await latest();
  if (!claimed) throw new Error(`payments: no attempt for assistance ${assistanceId}`);
  return claimed;
}
