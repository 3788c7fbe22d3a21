import type { FastifyInstance } from 'fastify';
import type { Transaction } from 'kysely';
import type Stripe from 'stripe';
import type { PaymentInstructions } from '../../shared/contracts/payments';
import {
  confirmPaidPlace,
  extendHold,
  lockEventPlaces,
  placeById,
  releaseUnpaidPlace,
} from '../events/attendance/places-for-payments';
import type { Database, PaymentMethod } from '../platform/db/schema';
import type { PaymentHooks } from './payment-hooks';
import { mailInstructions, mailReceipt } from './payment-mails';
import { markFailed, methodOf, type PaymentRow, parseInstructions, requestRefund } from './payment-records';
import { idOf, type ProviderSession } from './provider-events';

type Trx = Transaction<Database>;

/** What a Checkout Session says about its payment, with what the product stores of it. */
export type SessionOutcome =
  | { kind: 'open' }
  | { kind: 'paid'; method: PaymentMethod | null; paymentIntentId: string | null; customerId: string | null }
  | {
      kind: 'awaiting';
      method: PaymentMethod | null;
      paymentIntentId: string;
      instructions: PaymentInstructions | null;
      customerId: string | null;
    }
  | { kind: 'failed' };

/** A provider object that does not match the payment it names: refused and logged. */
export class PaymentMismatchError extends Error {}

/** Amount, currency and metadata must be the ones the server stored when it opened the session. */
export function checkSessionMatches(session: ProviderSession, payment: PaymentRow): void {
  const metadata = session.metadata ?? {};
  const problems = [
    session.amount_total !== payment.amount_cents &&
      `amount ${session.amount_total} ≠ ${payment.amount_cents}`,
    session.currency !== payment.currency && `currency ${session.currency} ≠ ${payment.currency}`,
    metadata.payment_id !== String(payment.id) &&
      `metadata.payment_id ${metadata.payment_id} ≠ ${payment.id}`,
    metadata.event_id !== String(payment.event_id) &&
      `metadata.event_id ${metadata.event_id} ≠ ${payment.event_id}`,
  ].filter(Boolean);
  if (problems.length > 0) throw new PaymentMismatchError(`session ${session.id}: ${problems.join('; ')}`);
}

function instructionsOf(intent: Stripe.PaymentIntent): PaymentInstructions | null {
  const action = intent.next_action;
  const oxxo = action?.oxxo_display_details;
  if (oxxo?.number && oxxo.expires_after) {
    return {
      kind: 'oxxo',
      number: oxxo.number,
      expires_at: new Date(oxxo.expires_after * 1000).toISOString(),
      url: oxxo.hosted_voucher_url,
    };
  }
  const transfer = action?.display_bank_transfer_instructions;
  const spei = transfer?.financial_addresses?.find((address) => address.spei)?.spei;
  if (transfer && spei) {
    return {
      kind: 'spei',
      clabe: spei.clabe,
      account_holder_name: spei.account_holder_name || null,
      bank_name: spei.bank_name,
      reference: transfer.reference ?? '',
      // SPEI references do not expire at Stripe: the place is held as long as a voucher's would be.
      expires_at: '',
      url: transfer.hosted_instructions_url,
    };
  }
  return null;
}

/**
 * Reads what a session means for its payment. The event's snapshot says whether it is paid; the
 * PaymentIntent (read from the provider) says how, and holds the voucher or transfer details.
 */
export async function sessionOutcome(
  stripe: Stripe,
  session: ProviderSession,
  eventType: string | null,
): Promise<SessionOutcome> {
  if (eventType === 'checkout.session.async_payment_failed' || session.status === 'expired') {
    return { kind: 'failed' };
  }
  if (session.status === 'open') return { kind: 'open' };
  const intentId = idOf(session.payment_intent);
  const intent = intentId
    ? await stripe.paymentIntents.retrieve(intentId, { expand: ['payment_method'] })
    : undefined;
  const paymentMethod = intent?.payment_method;
  const method = methodOf(typeof paymentMethod === 'object' ? paymentMethod?.type : undefined);
  const customerId = idOf(session.customer ?? null) ?? idOf(intent?.customer ?? null);
  if (session.payment_status === 'paid' || intent?.status === 'succeeded') {
    return { kind: 'paid', method, paymentIntentId: intent?.id ?? null, customerId };
  }
  if (!intent) return { kind: 'open' };
  if (intent.status === 'requires_payment_method' || intent.status === 'canceled') return { kind: 'failed' };
  return {
    kind: 'awaiting',
    method,
    paymentIntentId: intent.id,
    instructions: instructionsOf(intent),
    customerId,
  };
}

/** Applies an outcome to its payment (and sign-up) inside the caller's transaction. */
export async function applySessionOutcome(
  app: FastifyInstance,
  trx: Trx,
  paymentId: number,
  outcome: SessionOutcome,
  hooks: PaymentHooks,
): Promise<void> {
  const payment = await trx
    .selectFrom('payments')
    .selectAll()
    .where('id', '=', paymentId)
    .executeTakeFirstOrThrow();
  if (
    (outcome.kind === 'paid' || outcome.kind === 'awaiting') &&
    outcome.customerId &&
    !payment.customer_id
  ) {
    // Kept so that erasing her account deletes it at the provider (it holds her e-mail).
    await trx
      .updateTable('payments')
      .set({ customer_id: outcome.customerId })
      .where('id', '=', payment.id)
      .execute();
  }
  if (outcome.kind === 'paid')
    await confirmPaid(app, trx, hooks, payment, outcome.method, outcome.paymentIntentId);
  else if (outcome.kind === 'awaiting') await recordAwaiting(app, trx, payment, outcome);
  else if (outcome.kind === 'failed') await recordFailed(trx, payment);
}

/**
 * Money arrived. Under the event's lock (the hold's end, a cancellation and the other sign-ups of
 * the event wait for it): the held place is confirmed with its ticket and a receipt; a place that
 * ended unpaid is given back while one of her gender is free; otherwise, or when the place was
 * already paid, the money goes back in full. Never two people in one place, never money kept
 * without a place.
 */
async function confirmPaid(
  app: FastifyInstance,
  trx: Trx,
  hooks: PaymentHooks,
  found: PaymentRow,
  method: PaymentMethod | null,
  paymentIntentId: string | null,
): Promise<void> {
  const event = await lockEventPlaces(trx, found.event_id);
  const payment = await trx
    .selectFrom('payments')
    .selectAll()
    .where('id', '=', found.id)
    .executeTakeFirstOrThrow();
  if (payment.status !== 'pending' && payment.status !== 'failed') return;
  const paidAt = new Date().toISOString();
  await trx
    .updateTable('payments')
    .set({
      status: 'paid',
      paid_at: paidAt,
      failed_at: null,
      method: method ?? payment.method,
      payment_intent_id: paymentIntentId ?? payment.payment_intent_id,
    })
    .where('id', '=', payment.id)
    .execute();
  // A payment let go of its sign-up (erased, renewed or removed) has no place to give.
  const place =
    payment.assistance_id === null ? undefined : await placeById(trx, app.config, payment.assistance_id);
  if (!event || !place) {
    await requestRefund(trx, payment.id, 'late');
    return;
  }
  const alreadyPaid = await trx
    .selectFrom('payments')
    .select('id')
    .where('assistance_id', '=', place.id)
    .where('id', '!=', payment.id)
    .where('status', 'in', ['paid', 'manual'])
    .where('refund_requested_at', 'is', null)
    .executeTakeFirst();
  if (alreadyPaid) {
    await requestRefund(trx, payment.id, 'duplicate');
    return;
  }
  if (!(await confirmPaidPlace(app, trx, place.id))) {
    await requestRefund(trx, payment.id, 'late');
    return;
  }
  await mailReceipt(trx, app.config.publicUrl, place, {
    paymentId: payment.id,
    eventId: event.id,
    eventName: event.name,
    amountCents: payment.amount_cents,
    method: method ?? payment.method,
    paidAt,
    invoicing: app.pac !== null,
  });
  await hooks.taken(trx, {
    paymentId: payment.id,
    assistanceId: place.id,
    clientId: payment.client_id,
    eventId: event.id,
    eventName: event.name,
    amountCents: payment.amount_cents,
    method: method ?? payment.method,
    paidAt,
  });
}

/**
 * An OXXO voucher or a SPEI reference was issued: it is stored for the member's screens and
 * mailed, and the hold lasts until the voucher expires (never past the event's start).
 */
async function recordAwaiting(
  app: FastifyInstance,
  trx: Trx,
  payment: PaymentRow,
  outcome: Extract<SessionOutcome, { kind: 'awaiting' }>,
): Promise<void> {
  if (payment.status !== 'pending' || payment.assistance_id === null) return;
  const event = await lockEventPlaces(trx, payment.event_id);
  const place = await placeById(trx, app.config, payment.assistance_id);
  if (!event || !place) return;
  // Read twice (the webhook and the reconciliation): the first reading's details and end stay.
  const known = parseInstructions(payment.instructions);
  const voucherEnd = known
    ? new Date(known.expires_at).getTime()
    : outcome.instructions?.kind === 'oxxo'
      ? new Date(outcome.instructions.expires_at).getTime()
      : Date.now() + app.config.payments.voucherDays * 86_400_000;
  const instructions =
    known ??
    (outcome.instructions && { ...outcome.instructions, expires_at: new Date(voucherEnd).toISOString() });
  await trx
    .updateTable('payments')
    .set({
      method: outcome.method ?? payment.method,
      payment_intent_id: outcome.paymentIntentId,
      instructions: instructions ? JSON.stringify(instructions) : payment.instructions,
    })
    .where('id', '=', payment.id)
    .execute();
  await extendHold(trx, payment.assistance_id, new Date(voucherEnd).toISOString());
  if (instructions && !known) {
    await mailInstructions(
      trx,
      app.config.publicUrl,
      place,
      { id: payment.id, eventId: event.id, eventName: event.name, amountCents: payment.amount_cents },
      instructions,
    );
  }
}

/**
 * The session expired or its voucher lapsed unpaid. A voucher that held the place ends the hold
 * now (the job cancels the sign-up and calls the next person); a card session that simply lapsed
 * leaves the hold to its own end.
 */
async function recordFailed(trx: Trx, payment: PaymentRow): Promise<void> {
  if (payment.status !== 'pending' || !(await markFailed(trx, payment.id))) return;
  if (payment.assistance_id === null || payment.instructions === null) return;
  const newer = await trx
    .selectFrom('payments')
    .select('id')
    .where('assistance_id', '=', payment.assistance_id)
    .where('attempt', '>', payment.attempt)
    .executeTakeFirst();
  if (newer) return;
  await releaseUnpaidPlace(trx, payment.assistance_id);
}
