import type { Transaction } from 'kysely';
import { CURRENCY } from '../../shared/domain/money';
import {
  extendHold,
  type PlaceConfirmedByHand,
  type PlaceRules,
  type PlaceUnconfirmed,
  placeById,
} from '../events/attendance/places-for-payments';
import { recordAudit } from '../platform/audit';
import type { Database } from '../platform/db/schema';
import { conflict } from '../platform/errors';
import type { PaymentHooks } from './payment-hooks';
import { parseInstructions } from './payment-records';

type Trx = Transaction<Database>;

export const PAID_ONLINE_NO_UNDO =
  'Este lugar se pagó en línea: no se puede deshacer la confirmación; si hay que devolver el dinero, reembólsalo desde Pagos';

/**
 * An admin confirmed a place by hand (§4) on a paid event: the money was taken outside the site
 * (cash at the door, a transfer to the organizer, another way). It is recorded as a 'manual'
 * payment with the method and amount she gave, so the figures and the attendance list show it,
 * unless the place is already paid online. Called by the events hook placeConfirmedByHand, in the
 * confirmation's transaction, and written to the audit trail; the payment's listeners hear of the
 * money taken as they hear of an online payment (invoices makes its receipt, docs/design/28-facturas.md).
 */
export async function recordManualPayment(
  trx: Trx,
  rules: PlaceRules,
  hooks: PaymentHooks,
  { assistanceId, adminId, payment }: PlaceConfirmedByHand,
): Promise<void> {
  if (!payment) return;
  const place = await placeById(trx, rules, assistanceId);
  if (!place) return;
  const earlier = await trx
    .selectFrom('payments')
    .select(['status', 'attempt'])
    .where('assistance_id', '=', assistanceId)
    .orderBy('attempt', 'desc')
    .execute();
  if (earlier.some((row) => row.status === 'paid' || row.status === 'manual')) return;
  const now = new Date().toISOString();
  const { id } = await trx
    .insertInto('payments')
    .values({
      assistance_id: assistanceId,
      event_id: place.event_id,
      client_id: place.client_id,
      amount_cents: payment.amountCents,
      currency: CURRENCY,
      status: 'manual',
      method: payment.method,
      attempt: (earlier[0]?.attempt ?? 0) + 1,
      session_id: null,
      payment_intent_id: null,
      checkout_url: null,
      instructions: null,
      created_at: now,
      paid_at: now,
      failed_at: null,
      refund_requested_at: null,
      refunded_at: null,
      refund_id: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await recordAudit(trx, {
    adminId,
    action: 'payment.manual',
    entity: 'payment',
    entityId: id,
    after: {
      client_id: place.client_id,
      event_id: place.event_id,
      method: payment.method,
      amount_cents: payment.amountCents,
    },
  });
  await hooks.taken(trx, {
    paymentId: id,
    assistanceId,
    clientId: place.client_id,
    eventId: place.event_id,
    eventName: place.name,
    amountCents: payment.amountCents,
    method: payment.method,
    paidAt: now,
  });
}

/**
 * An admin undid a confirmation by hand: the money recorded by hand is voided (kept, for the
 * accounts and the audit trail), and a voucher or transfer still open holds the place until it
 * expires, as it did before. A place paid online is not undone this way: it is refunded. The
 * payment's listeners hear of the void and may refuse it (invoices, when the money is invoiced).
 */
export async function voidManualPayment(
  trx: Trx,
  hooks: PaymentHooks,
  { assistanceId, adminId }: PlaceUnconfirmed,
): Promise<void> {
  const payments = await trx
    .selectFrom('payments')
    .select([
      'id',
      'status',
      'method',
      'amount_cents',
      'client_id',
      'event_id',
      'instructions',
      'refund_requested_at',
    ])
    .where('assistance_id', '=', assistanceId)
    .execute();
  if (payments.some((payment) => payment.status === 'paid' && payment.refund_requested_at === null)) {
    throw conflict(PAID_ONLINE_NO_UNDO);
  }
  const now = new Date().toISOString();
  for (const payment of payments) {
    if (payment.status === 'pending') {
      const voucher = parseInstructions(payment.instructions);
      if (voucher) await extendHold(trx, assistanceId, voucher.expires_at);
    }
    if (payment.status !== 'manual') continue;
    await trx
      .updateTable('payments')
      .set({ status: 'void', voided_at: now })
      .where('id', '=', payment.id)
      .execute();
    await recordAudit(trx, {
      adminId,
      action: 'payment.void',
      entity: 'payment',
      entityId: payment.id,
      before: { status: 'manual' },
      after: {
        status: 'void',
        client_id: payment.client_id,
        event_id: payment.event_id,
        method: payment.method,
        amount_cents: payment.amount_cents,
      },
    });
    await hooks.voided(trx, { paymentId: payment.id });
  }
}
