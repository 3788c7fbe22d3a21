import type { FastifyInstance } from 'fastify';
import type { Insertable, Transaction } from 'kysely';
import Stripe from 'stripe';
import { messageAnswer } from '../../shared/contracts/common';
import type { Database, PaymentWebhookEventTable } from '../platform/db/schema';
import { AppError, badRequest, notFound } from '../platform/errors';
import { ok } from '../platform/http/envelope';
import {
  applySessionOutcome,
  checkSessionMatches,
  PaymentMismatchError,
  sessionOutcome,
} from './apply-checkout-session';
import type { PaymentHooks } from './payment-hooks';
import type { PaymentRow } from './payment-records';
import {
  idOf,
  type ProviderEvent,
  type ProviderSession,
  parseProviderEvent,
  UnusableEventError,
} from './provider-events';

/** Stripe's own default: a signed event older than five minutes is refused (replays). */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

const UNUSABLE = 'El aviso de pago no se puede usar';

type Outcome = 'applied' | 'already applied' | 'ignored';

/**
 * POST /api/payments/webhook (docs/design/15-payments.md): the provider's events, on the raw body its signature
 * covers. A bad or missing signature, or an object that does not match its stored payment, is a
 * 400 and changes nothing, and so is a signed body the product cannot use (logged); each event
 * id is applied once (stored in the same transaction as its change); events the product does not
 * use are acknowledged.
 */
export async function registerWebhookRoute(
  app: FastifyInstance,
  { paymentHooks }: { paymentHooks: PaymentHooks },
): Promise<void> {
  // This scope keeps the body as the bytes that were signed.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  // The answer's schema documents it; the body is the provider's, checked by its signature.
  app.post('/payments/webhook', { schema: { response: { 200: messageAnswer } } }, async (request) => {
    const stripe = app.stripe;
    const secret = app.config.payments.webhookSecret;
    if (!stripe || !secret) throw notFound('El pago en línea no está activo');
    const signature = request.headers['stripe-signature'];
    if (typeof signature !== 'string' || !Buffer.isBuffer(request.body)) {
      throw badRequest('Falta la firma del aviso de pago');
    }
    let event: ProviderEvent;
    try {
      event = parseProviderEvent(
        stripe.webhooks.constructEvent(request.body, signature, secret, WEBHOOK_TOLERANCE_SECONDS),
      );
    } catch (error) {
      if (error instanceof Stripe.errors.StripeSignatureVerificationError) {
        request.log.warn({ err: error }, 'payments: webhook refused (signature)');
        throw badRequest('La firma del aviso de pago no es válida');
      }
      // Signed, so it comes from the provider: worth a look, but nothing here can apply it.
      const issues = error instanceof UnusableEventError ? error.issues : String(error);
      request.log.error({ issues }, 'payments: webhook refused (signed, but its body cannot be used)');
      throw badRequest(UNUSABLE);
    }
    try {
      const outcome = await receiveEvent(app, stripe, paymentHooks, event);
      return ok(
        outcome === 'applied'
          ? 'Aviso aplicado'
          : outcome === 'ignored'
            ? 'Aviso sin uso'
            : 'Aviso ya aplicado',
      );
    } catch (error) {
      if (error instanceof PaymentMismatchError) {
        request.log.error(
          { err: error, eventId: event.id },
          'payments: webhook refused (does not match its payment)',
        );
        throw badRequest('El aviso de pago no coincide con el pago registrado');
      }
      if (error instanceof Stripe.errors.StripeError) {
        request.log.warn(
          { err: error, eventId: event.id },
          'payments: provider unreachable while applying a webhook',
        );
        throw new AppError(503, 'No pudimos consultar el pago; el aviso se reintentará');
      }
      throw error;
    }
  });
}

async function alreadyApplied(app: FastifyInstance, eventId: string): Promise<boolean> {
  const row = await app.db
    .selectFrom('payment_webhook_events')
    .select('id')
    .where('id', '=', eventId)
    .executeTakeFirst();
  return row !== undefined;
}

/** The stored payment of a session: by its id, or by the payment named in its metadata while the id was not stored yet. */
async function paymentOfSession(
  app: FastifyInstance,
  session: ProviderSession,
): Promise<PaymentRow | undefined> {
  const bySession = await app.db
    .selectFrom('payments')
    .selectAll()
    .where('session_id', '=', session.id)
    .executeTakeFirst();
  if (bySession) return bySession;
  const named = Number(session.metadata?.payment_id);
  if (!Number.isSafeInteger(named) || named <= 0) return undefined;
  return app.db
    .selectFrom('payments')
    .selectAll()
    .where('id', '=', named)
    .where('session_id', 'is', null)
    .executeTakeFirst();
}

/**
 * Stores a provider event's id in the transaction that applies it; false when it was stored
 * already (a replay, or the same event delivered to another instance at the same time).
 */
async function recordEvent(
  trx: Transaction<Database>,
  record: Insertable<PaymentWebhookEventTable>,
): Promise<boolean> {
  const stored = await trx
    .insertInto('payment_webhook_events')
    .values(record)
    .onConflict((oc) => oc.column('id').doNothing())
    .executeTakeFirst();
  return Number(stored.numInsertedOrUpdatedRows ?? 0) > 0;
}

async function receiveEvent(
  app: FastifyInstance,
  stripe: Stripe,
  paymentHooks: PaymentHooks,
  event: ProviderEvent,
): Promise<Outcome> {
  if (await alreadyApplied(app, event.id)) return 'already applied';
  const record = { id: event.id, type: event.type, received_at: new Date().toISOString() };

  if (event.kind === 'session') {
    const { session } = event;
    const payment = await paymentOfSession(app, session);
    if (!payment) {
      app.log.warn({ eventId: event.id, sessionId: session.id }, 'payments: webhook for an unknown session');
      return 'ignored';
    }
    checkSessionMatches(session, payment);
    const outcome = await sessionOutcome(stripe, session, event.type);
    const applied = await app.db.transaction().execute(async (trx) => {
      if (!(await recordEvent(trx, record))) return false;
      if (payment.session_id === null) {
        await trx
          .updateTable('payments')
          .set({ session_id: session.id })
          .where('id', '=', payment.id)
          .execute();
      }
      await applySessionOutcome(app, trx, payment.id, outcome, paymentHooks);
      return true;
    });
    if (applied) {
      app.metrics.payments.inc({ outcome: outcome.kind });
      app.queue.wake();
    }
    return applied ? 'applied' : 'already applied';
  }

  if (event.kind === 'charge refunded') {
    // A refund made at the provider (its dashboard), or the echo of one of ours.
    const { charge } = event;
    const intentId = idOf(charge.payment_intent);
    if (!intentId) return 'ignored';
    const applied = await app.db.transaction().execute(async (trx) => {
      if (!(await recordEvent(trx, record))) return false;
      const payment = await trx
        .selectFrom('payments')
        .select(['id', 'amount_cents', 'status', 'refunded_cents'])
        .where('payment_intent_id', '=', intentId)
        .executeTakeFirst();
      if (payment?.status !== 'paid') return true;
      if (charge.currency !== 'mxn' || charge.amount !== payment.amount_cents) {
        throw new PaymentMismatchError(
          `charge ${charge.id}: ${charge.amount} ${charge.currency} ≠ ${payment.amount_cents} mxn`,
        );
      }
      await trx
        .updateTable('payments')
        .set({
          refunded_cents: charge.amount_refunded,
          ...(charge.refunded && { status: 'refunded' as const, refunded_at: new Date().toISOString() }),
        })
        .where('id', '=', payment.id)
        .where('status', '=', 'paid')
        .execute();
      // Each refund at the provider raises what the charge has given back: the difference is this one.
      if (charge.amount_refunded > payment.refunded_cents) {
        await paymentHooks.refunded(trx, {
          paymentId: payment.id,
          refundedCents: charge.amount_refunded - payment.refunded_cents,
          totalRefundedCents: charge.amount_refunded,
          full: charge.refunded,
        });
      }
      return true;
    });
    if (applied && charge.refunded) app.metrics.payments.inc({ outcome: 'refunded' });
    return applied ? 'applied' : 'already applied';
  }
  return 'ignored';
}
