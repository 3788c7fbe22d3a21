import type { FastifyInstance } from 'fastify';
import Stripe from 'stripe';
import { mexicoLocalToUtc } from '../../shared/domain/mexico-time';
import {
  ASSISTANCE_CANCELLED_JOB,
  type AssistanceCancelledPayload,
} from '../events/attendance/payment-holds';
import {
  applySessionOutcome,
  checkSessionMatches,
  PaymentMismatchError,
  sessionOutcome,
} from './apply-checkout-session';
import { mailRefund } from './payment-mails';
import {
  markFailed,
  RECONCILE_JOB,
  REFUND_JOB,
  type ReconcilePayload,
  type RefundPayload,
  requestRefund,
  scheduleReconcile,
} from './payment-records';
import { providerKey } from './provider-keys';

/** How long the reconciliation keeps looking at a session that stays pending (vouchers last days). */
const RECONCILE_ROUNDS = 120;

function isStripeInvalidRequest(error: unknown): error is Stripe.errors.StripeInvalidRequestError {
  return error instanceof Stripe.errors.StripeInvalidRequestError;
}

/** The payments domain's durable jobs: after a cancellation, refunds, and the reconciliation. */
export function registerPaymentJobs(app: FastifyInstance, stripe: Stripe): void {
  /**
   * A sign-up was cancelled: an open checkout is closed (a voucher cancelled) so nobody pays for
   * a place she no longer holds, and a paid place is refunded when the member (or an admin for
   * her) cancelled at least REFUND_HOURS before the start.
   */
  app.queue.handle<AssistanceCancelledPayload>(ASSISTANCE_CANCELLED_JOB, async (payload) => {
    const payments = await app.db
      .selectFrom('payments')
      .innerJoin('events', 'events.id', 'payments.event_id')
      .select([
        'payments.id',
        'payments.status',
        'payments.session_id',
        'payments.payment_intent_id',
        'payments.instructions',
        'events.day',
        'events.hour',
      ])
      .where('payments.assistance_id', '=', payload.assistance_id)
      .where('payments.status', 'in', ['pending', 'paid'])
      .execute();
    for (const payment of payments) {
      if (payment.status === 'pending') {
        // Without a session (the provider was down when it was asked for) there is nothing to close.
        try {
          if (payment.payment_intent_id) await stripe.paymentIntents.cancel(payment.payment_intent_id);
          else if (payment.session_id) await stripe.checkout.sessions.expire(payment.session_id);
        } catch (error) {
          // Already closed, paid or lapsed: its webhook (or the reconciliation) settles it.
          if (!isStripeInvalidRequest(error)) throw error;
          continue;
        }
        await markFailed(app.db, payment.id);
        continue;
      }
      if (
        payment.status !== 'paid' ||
        payload.reason === 'payment_expired' ||
        !payment.day ||
        !payment.hour
      ) {
        continue;
      }
      const start = mexicoLocalToUtc(payment.day, payment.hour).getTime();
      const early =
        start - new Date(payload.cancelled_at).getTime() >= app.config.payments.refundHours * 3_600_000;
      if (!early) continue;
      const asked = await app.db.transaction().execute((trx) => requestRefund(trx, payment.id, 'cancelled'));
      if (asked) app.queue.wake();
    }
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
        'payments.assistance_id',
        'payments.payment_intent_id',
        'payments.amount_cents',
        'payments.method',
        'events.id as event_id',
        'events.name as event_name',
        'clients.first_name',
        'clients.email',
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
        { idempotencyKey: await providerKey(app.db, 'refund', payment.id) },
      );
      refundId = refund.id;
    } catch (error) {
      if (!(isStripeInvalidRequest(error) && error.code === 'charge_already_refunded')) throw error;
    }
    await app.db.transaction().execute(async (trx) => {
      // The provider's charge.refunded webhook may have marked it already: then only the id is added.
      await trx
        .updateTable('payments')
        .set({
          status: 'refunded',
          refunded_at: new Date().toISOString(),
          refunded_cents: payment.amount_cents,
        })
        .where('id', '=', payment.id)
        .where('status', '=', 'paid')
        .execute();
      if (refundId) {
        await trx
          .updateTable('payments')
          .set({ refund_id: refundId })
          .where('id', '=', payment.id)
          .where('refund_id', 'is', null)
          .execute();
      }
      // An erased member has no address any more: nobody to tell. The mail's key sends it once.
      if (payment.assistance_id === null) return;
      await mailRefund(trx, app.config.publicUrl, payment, {
        paymentId: payment.id,
        eventId: payment.event_id,
        eventName: payment.event_name,
        amountCents: payment.amount_cents,
        method: payment.method,
        reason: payload.reason,
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
      await applySessionOutcome(app, trx, payment.id, outcome);
      if ((outcome.kind === 'open' || outcome.kind === 'awaiting') && payload.round < RECONCILE_ROUNDS) {
        await scheduleReconcile(trx, payment.id, payload.round + 1, app.config.payments.reconcileMinutes);
      }
    });
    app.queue.wake();
  });
}
