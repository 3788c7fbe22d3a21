import type { FastifyInstance } from 'fastify';
import type { Transaction } from 'kysely';
import { periodEnd } from '../../shared/domain/invoice-periods';
import { dayInMexicoCity } from '../../shared/domain/mexico-time';
import type { PaymentTaken } from '../payments/payment-hooks';
import { siteId } from '../payments/provider-keys';
import type { Database } from '../platform/db/schema';
import type { FacturapiPac } from './facturapi-pac';
import { ISSUE_RECEIPT_JOB, paymentFormOf, recordPacOutcome, recordPendingDocument } from './invoice-records';
import { PacRefusal } from './pac';

/**
 * A paid place gets its receipt (docs/design/28-facturas.md): recorded in the payment's own transaction,
 * issued at the PAC by a durable job. One row per payment (its key is unique), so a webhook
 * applied twice or a job run twice never asks for a second receipt.
 */
export async function recordReceiptDue(
  trx: Transaction<Database>,
  app: FastifyInstance,
  taken: PaymentTaken,
): Promise<void> {
  // A CFDI invoices a sale: nothing was sold for nothing.
  if (taken.amountCents <= 0) return;
  await recordPendingDocument(
    trx,
    {
      kind: 'receipt',
      key: `receipt-${taken.paymentId}`,
      payment_id: taken.paymentId,
      assistance_id: taken.assistanceId,
      event_id: taken.eventId,
      client_id: taken.clientId,
      total_cents: taken.amountCents,
      description: `Lugar en «${taken.eventName}»`,
      paid_at: taken.paidAt,
      payment_form: paymentFormOf(taken.method),
      // She may invoice it until the period of her payment closes into the global invoice.
      self_invoice_until: periodEnd(dayInMexicoCity(new Date(taken.paidAt)), app.config.invoices.period),
    },
    ISSUE_RECEIPT_JOB,
  );
}

/** The idempotency key the PAC sees: this site's id keeps two databases on one account apart. */
export async function pacKey(app: FastifyInstance, localKey: string): Promise<string> {
  return `cita-${await siteId(app.db, app.config.payments.siteId)}-${localKey}`;
}

/**
 * The job: asks the PAC for the receipt. A refusal is recorded with its reason (an admin retries
 * it once the settings are fixed); a timeout or a PAC error is recorded and thrown, so the queue
 * tries again with the same key and the PAC answers the receipt it already made.
 */
export async function issueReceipt(
  app: FastifyInstance,
  pac: FacturapiPac,
  documentId: number,
): Promise<void> {
  const document = await app.db
    .selectFrom('invoice_documents')
    .selectAll()
    .where('id', '=', documentId)
    .executeTakeFirst();
  if (document?.kind !== 'receipt' || document.state !== 'pending') return;
  try {
    const receipt = await pac.createReceipt({
      key: await pacKey(app, document.key),
      item: { description: document.description, priceCents: document.total_cents },
      paymentForm: document.payment_form ?? '01',
      paidAt: document.paid_at ?? document.created_at,
    });
    await recordPacOutcome(app.db, document.id, { issued: receipt });
  } catch (error) {
    await recordPacOutcome(app.db, document.id, { failed: error as Error });
    if (!(error instanceof PacRefusal)) throw error;
    app.log.warn({ documentId: document.id, code: error.code }, 'invoices: the PAC refused a receipt');
  }
}
