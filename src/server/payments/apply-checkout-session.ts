import type { FastifyInstance } from 'fastify';
import type { Transaction } from 'kysely';
import type Stripe from 'stripe';
import type { PaymentInstructions } from '../../shared/contracts/payments';
import { hasStarted, mexicoLocalToUtc } from '../../shared/domain/mexico-time';
import { ASSISTANCE_STATUS } from '../../shared/domain/statuses';
import { scheduleHoldEnd } from '../events/attendance/payment-holds';
import { issueTicket } from '../events/attendance/tickets';
import { hasFreePlace, lockEvent } from '../events/attendance/waiting-list';
import type { Database, PaymentMethod } from '../platform/db/schema';
import { mailInstructions, mailReceipt } from './payment-mails';
import { markFailed, methodOf, type PaymentRow, parseInstructions, requestRefund } from './payment-records';
import { idOf, type ProviderSession } from './provider-events';

type Trx = Transaction<Database>;

/** What a Checkout Session says about its payment, with what the product stores of it. */
export type SessionOutcome =
  | { kind: 'open' }
  | { kind: 'paid'; method: PaymentMethod | null; paymentIntentId: string | null }
  | {
      kind: 'awaiting';
      method: PaymentMethod | null;
      paymentIntentId: string;
      instructions: PaymentInstructions | null;
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
  if (session.payment_status === 'paid' || intent?.status === 'succeeded') {
    return { kind: 'paid', method, paymentIntentId: intent?.id ?? null };
  }
  if (!intent) return { kind: 'open' };
  if (intent.status === 'requires_payment_method' || intent.status === 'canceled') return { kind: 'failed' };
  return { kind: 'awaiting', method, paymentIntentId: intent.id, instructions: instructionsOf(intent) };
}

/** Applies an outcome to its payment (and sign-up) inside the caller's transaction. */
export async function applySessionOutcome(
  app: FastifyInstance,
  trx: Trx,
  paymentId: number,
  outcome: SessionOutcome,
): Promise<void> {
  const payment = await trx
    .selectFrom('payments')
    .selectAll()
    .where('id', '=', paymentId)
    .executeTakeFirstOrThrow();
  if (outcome.kind === 'paid') await confirmPaid(app, trx, payment, outcome.method, outcome.paymentIntentId);
  else if (outcome.kind === 'awaiting') await recordAwaiting(app, trx, payment, outcome);
  else if (outcome.kind === 'failed') await recordFailed(trx, payment);
}

function eventStart(event: { day: string | null; hour: string | null }): number {
  return event.day && event.hour
    ? mexicoLocalToUtc(event.day, event.hour).getTime()
    : Number.POSITIVE_INFINITY;
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
  found: PaymentRow,
  method: PaymentMethod | null,
  paymentIntentId: string | null,
): Promise<void> {
  const event = await lockEvent(trx, found.event_id);
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
  if (payment.assistance_id === null || !event) {
    await requestRefund(trx, payment.id, 'erased');
    return;
  }
  const place = await trx
    .selectFrom('assistance')
    .innerJoin('clients', 'clients.id', 'assistance.client_id')
    .select([
      'assistance.status_id',
      'assistance.cancel_reason',
      'clients.gender',
      'clients.first_name',
      'clients.email',
    ])
    .where('assistance.id', '=', payment.assistance_id)
    .executeTakeFirstOrThrow();
  const alreadyPaid = await trx
    .selectFrom('payments')
    .select('id')
    .where('assistance_id', '=', payment.assistance_id)
    .where('id', '!=', payment.id)
    .where('status', 'in', ['paid', 'manual'])
    .where('refund_requested_at', 'is', null)
    .executeTakeFirst();
  if (alreadyPaid) {
    await requestRefund(trx, payment.id, 'duplicate');
    return;
  }
  const holding =
    place.status_id === ASSISTANCE_STATUS.registered || place.status_id === ASSISTANCE_STATUS.confirmed;
  const canReturn =
    place.status_id === ASSISTANCE_STATUS.cancelled &&
    place.cancel_reason === 'payment_expired' &&
    !hasStarted(event) &&
    (await hasFreePlace(trx, event, place.gender));
  if (!holding && !canReturn) {
    await requestRefund(trx, payment.id, 'late');
    return;
  }
  if (place.status_id !== ASSISTANCE_STATUS.confirmed) {
    await trx
      .updateTable('assistance')
      .set({ status_id: ASSISTANCE_STATUS.confirmed, payment_due_at: null, cancel_reason: null })
      .where('id', '=', payment.assistance_id)
      .execute();
    await issueTicket(app, trx, payment.assistance_id, event);
  }
  await mailReceipt(trx, app.config.publicUrl, place, {
    paymentId: payment.id,
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
  const event = await lockEvent(trx, payment.event_id);
  if (!event) return;
  const place = await trx
    .selectFrom('assistance')
    .innerJoin('clients', 'clients.id', 'assistance.client_id')
    .select(['assistance.status_id', 'assistance.payment_due_at', 'clients.first_name', 'clients.email'])
    .where('assistance.id', '=', payment.assistance_id)
    .executeTakeFirstOrThrow();
  // Read twice (the webhook and the reconciliation): the first reading's details and end stay.
  const known = parseInstructions(payment.instructions);
  const voucherEnd = known
    ? new Date(known.expires_at).getTime()
    : outcome.instructions?.kind === 'oxxo'
      ? new Date(outcome.instructions.expires_at).getTime()
      : Date.now() + app.config.payments.voucherDays * 86_400_000;
  const holdEnd = new Date(Math.min(voucherEnd, eventStart(event))).toISOString();
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
  // A place held without an end (taken before payments were on) gets the voucher's end too.
  if (
    place.status_id === ASSISTANCE_STATUS.registered &&
    (!place.payment_due_at || place.payment_due_at < holdEnd)
  ) {
    await trx
      .updateTable('assistance')
      .set({ payment_due_at: holdEnd })
      .where('id', '=', payment.assistance_id)
      .execute();
    await scheduleHoldEnd(trx, payment.assistance_id, holdEnd);
  }
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
  const now = new Date().toISOString();
  const newer = await trx
    .selectFrom('payments')
    .select('id')
    .where('assistance_id', '=', payment.assistance_id)
    .where('attempt', '>', payment.attempt)
    .executeTakeFirst();
  if (newer) return;
  const place = await trx
    .selectFrom('assistance')
    .select(['status_id', 'payment_due_at'])
    .where('id', '=', payment.assistance_id)
    .executeTakeFirstOrThrow();
  if (
    place.status_id !== ASSISTANCE_STATUS.registered ||
    !place.payment_due_at ||
    place.payment_due_at <= now
  )
    return;
  await trx
    .updateTable('assistance')
    .set({ payment_due_at: now })
    .where('id', '=', payment.assistance_id)
    .execute();
  await scheduleHoldEnd(trx, payment.assistance_id, now);
}
