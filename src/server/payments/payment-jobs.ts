import type { FastifyInstance } from 'fastify';
import Stripe from 'stripe';
import { CLIENT_STATUS } from '../../shared/domain/statuses';
import {
  applySessionOutcome,
  checkSessionMatches,
  PaymentMismatchError,
  sessionOutcome,
} from './apply-checkout-session';
import type { PaymentHooks } from './payment-hooks';
import { mailRefund } from './payment-mails';
import {
  CLOSE_CHECKOUT_JOB,
  type CloseCheckoutPayload,
  DELETE_CUSTOMER_JOB,
  type DeleteCustomerPayload,
  LEGACY_ASSISTANCE_CANCELLED_JOB,
  type LegacyAssistanceCancelledPayload,
  markFailed,
  RECONCILE_JOB,
  REFUND_JOB,
  type ReconcilePayload,
  type RefundPayload,
  scheduleReconcile,
} from './payment-records';
import { settleCancelledPlace } from './place-listener';
import { providerKey } from './provider-keys';

/** How long the reconciliation keeps looking at a session that stays pending (vouchers last days). */
const RECONCILE_ROUNDS = 120;

function isStripeInvalidRequest(error: unknown): error is Stripe.errors.StripeInvalidRequestError {
  return error instanceof Stripe.errors.StripeInvalidRequestError;
}

/**
 * The payments domain's durable jobs: closing a cancelled checkout, refunds, the reconciliation,
 * deleting an erased member's Customers at the provider, and cancellations queued by older versions.
 */
export function registerPaymentJobs(app: FastifyInstance, stripe: Stripe, paymentHooks: PaymentHooks): void {
  /**
   * Before places and money were separated (decision 0030) a cancellation reached payments as this
   * job; one still queued in a live database is settled as the cancellation hook now does.
   */
  app.queue.handle<LegacyAssistanceCancelledPayload>(LEGACY_ASSISTANCE_CANCELLED_JOB, async (payload) => {
    await app.db.transaction().execute((trx) =>
      settleCancelledPlace(trx, app.config.payments.refundHours, {
        assistanceId: payload.assistance_id,
        reason: payload.reason,
        cancelledAt: payload.cancelled_at,
      }),
    );
    app.queue.wake();
  });

  /** An erased member's Customer (made by a SPEI checkout) goes at the provider too: it holds her e-mail. */
  app.queue.handle<DeleteCustomerPayload>(DELETE_CUSTOMER_JOB, async (payload) => {
    try {
      await stripe.customers.del(payload.customer_id);
    } catch (error) {
      // Already deleted (a retry after the provider answered, or by hand in its dashboard).
      if (!(isStripeInvalidRequest(error) && error.code === 'resource_missing')) throw error;
    }
    await app.db
      .updateTable('payments')
      .set({ customer_id: null })
      .where('customer_id', '=', payload.customer_id)
      .execute();
  });

  /**
   * A sign-up was cancelled while a checkout was open: the session is expired (a voucher's
   * PaymentIntent cancelled) so nobody pays for a place she no longer holds. The refund of a
   * paid place was decided in the cancellation's transaction (place-listener.ts).
   */
  app.queue.handle<CloseCheckoutPayload>(CLOSE_CHECKOUT_JOB, async (payload) => {
    const payment = await app.db
      .selectFrom('payments')
      .select(['id', 'status', 'session_id', 'payment_intent_id'])
      .where('id', '=', payload.payment_id)
      .executeTakeFirst();
    if (payment?.status !== 'pending') return;
    // Without a session (the provider was down when it was asked for) there is nothing to close.
    try {
      if (payment.payment_intent_id) await stripe.paymentIntents.cancel(payment.payment_intent_id);
      else if (payment.session_id) await stripe.checkout.sessions.expire(payment.session_id);
    } catch (error) {
      // Already closed, paid or lapsed: its webhook (or the reconciliation) settles it.
      if (!isStripeInvalidRequest(error)) throw error;
      return;
    }
    await markFailed(app.db, payment.id);
  });

  /** Gives a payment back in full, once: the provider's idempotency key names the payment. */
  app.queue.handle<RefundPayload>(REFUND_JOB, async (payload) => {
    const payment = await app.db
      .selectFrom('payments')
      .innerJoin('events', 'events.id', 'payments.event_id')
      .innerJoin('clients', 'clients.id', 'payments.client_id')
      .select([
        'payments.id',
        'payments.status',
        'payments.payment_intent_id',
        'payments.amount_cents',
        'payments.refunded_cents',
        'payments.method',
        'events.id as event_id',
        'events.name as event_name',
        'clients.first_name',
        'clients.email',
        'clients.status_id as client_status',
      ])
      .where('payments.id', '=', payload.payment_id)
      .executeTakeFirst();
    if (payment?.status !== 'paid' || !payment.payment_intent_id) return;
    let refundId: string | null = null;
    try {
      const refund = await stripe.refunds.create(
        {
          payment_intent: payment.payment_intent_id,
          reason: payload.reason === 'duplicate' ? 'duplicate' : 'requested_by_customer',
          metadata: { payment_id: String(payment.id) },
        },
        { idempotencyKey: await providerKey(app.db, app.config.payments.siteId, 'refund', payment.id) },
      );
      refundId = refund.id;
    } catch (error) {
      if (!(isStripeInvalidRequest(error) && error.code === 'charge_already_refunded')) throw error;
    }
    await app.db.transaction().execute(async (trx) => {
      // The provider's charge.refunded webhook may have marked it already: then only the id is added.
      const marked = await trx
        .updateTable('payments')
        .set({
          status: 'refunded',
          refunded_at: new Date().toISOString(),
          refunded_cents: payment.amount_cents,
        })
        .where('id', '=', payment.id)
        .where('status', '=', 'paid')
        .executeTakeFirst();
      if (Number(marked.numUpdatedRows) > 0) {
        await paymentHooks.refunded(trx, {
          paymentId: payment.id,
          refundedCents: payment.amount_cents - payment.refunded_cents,
          totalRefundedCents: payment.amount_cents,
          full: true,
        });
      }
      if (refundId) {
        await trx
          .updateTable('payments')
          .set({ refund_id: refundId })
          .where('id', '=', payment.id)
          .where('refund_id', 'is', null)
          .execute();
      }
      // An erased member has no address any more: nobody to tell. The mail's key sends it once.
      if (payment.client_status === CLIENT_STATUS.erased) return;
      await mailRefund(trx, app.config.publicUrl, payment, {
        paymentId: payment.id,
        eventId: payment.event_id,
        eventName: payment.event_name,
        amountCents: payment.amount_cents,
        method: payment.method,
        reason: payload.reason,
        refundHours: app.config.payments.refundHours,
      });
    });
    app.queue.wake();
  });

  /**
   * A lost webhook delays a confirmation but never loses it: a session still pending
   * PAYMENT_RECONCILE_MINUTES after it was opened is read from the provider and applied as its
   * webhook would have been, and looked at again while it stays pending.
   */
  app.queue.handle<ReconcilePayload>(RECONCILE_JOB, async (payload) => {
    const payment = await app.db
      .selectFrom('payments')
      .selectAll()
      .where('id', '=', payload.payment_id)
      .executeTakeFirst();
    if (payment?.status !== 'pending') return;
    if (!payment.session_id) {
      // Its session was never made (the provider was down): nobody could pay it.
      await markFailed(app.db, payment.id);
      return;
    }
    const session = await stripe.checkout.sessions.retrieve(payment.session_id);
    try {
      checkSessionMatches(session, payment);
    } catch (error) {
      if (!(error instanceof PaymentMismatchError)) throw error;
      app.log.error(
        { err: error, paymentId: payment.id },
        'payments: the provider session does not match its payment',
      );
      return;
    }
    const outcome = await sessionOutcome(stripe, session, null);
    await app.db.transaction().execute(async (trx) => {
      await applySessionOutcome(app, trx, payment.id, outcome, paymentHooks);
      if ((outcome.kind === 'open' || outcome.kind === 'awaiting') && payload.round < RECONCILE_ROUNDS) {
        await scheduleReconcile(trx, payment.id, payload.round + 1, app.config.payments.reconcileMinutes);
      }
    });
    if (outcome.kind !== 'open') app.metrics.payments.inc({ outcome: outcome.kind });
    app.queue.wake();
  });
}
