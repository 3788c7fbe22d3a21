import type { FastifyInstance } from 'fastify';
import type { FiscalData } from '../../shared/contracts/invoices';
import { periodEnd } from '../../shared/domain/invoice-periods';
import { dayInMexicoCity, mexicoLocalToUtc } from '../../shared/domain/mexico-time';
import { priceForGender } from '../../shared/domain/money';
import { ASSISTANCE_STATUS } from '../../shared/domain/statuses';
import type { FacturapiPac } from '../invoices/facturapi-pac';
import { closePeriod } from '../invoices/global-invoice';
import { issueReceipt, recordReceiptDue } from '../invoices/issue-receipt';
import { invoiceMyPlace } from '../invoices/member-invoice';
import { DEMO_EVENTS, demoEmail } from './demo-content';

/** The SAT's test taxpayer, the one the test PAC checks name and CP against (docs/decisions/0068). */
export const DEMO_FISCAL_DATA: Omit<FiscalData, 'email'> = {
  rfc: 'EKU9003173C9',
  name: 'ESCUELA KEMPER URGATE',
  regime: '601',
  zip: '42501',
  use: 'G03',
};

const ROMA = DEMO_EVENTS[0]!.name;
const AUTUMN = DEMO_EVENTS[9]!.name;
/** Demo clients (indexes) whose autumn places were paid last month and went into its global invoice. */
export const DEMO_LAST_MONTH_PAYERS = [1, 2, 3];
/** The demo client who paid her Roma place this month and invoiced it with her fiscal profile. */
export const DEMO_SELF_INVOICER = 1;

/** The first and last day (Mexico City) of the month before today's. */
export function lastMonth(today = dayInMexicoCity()): { from: string; to: string } {
  const [year, month] = today.split('-').map(Number) as [number, number];
  const from = month === 1 ? `${year - 1}-12-01` : `${year}-${String(month - 1).padStart(2, '0')}-01`;
  return { from, to: periodEnd(from, 'month') };
}

/**
 * A card payment of a demo member's confirmed place, at `paidAt`, with the receipt the payment
 * hook records and the queue's job issues at the PAC (both run here, so the demo waits for them).
 */
async function paidWithReceipt(
  app: FastifyInstance,
  pac: FacturapiPac,
  eventName: string,
  clientIndex: number,
  paidAt: Date,
): Promise<{ clientId: number; assistanceId: number }> {
  const place = await app.db
    .selectFrom('assistance')
    .innerJoin('events', 'events.id', 'assistance.event_id')
    .innerJoin('clients', 'clients.id', 'assistance.client_id')
    .select([
      'assistance.id',
      'assistance.client_id',
      'events.id as event_id',
      'events.price_w_cents',
      'events.price_m_cents',
      'clients.gender',
    ])
    .where('events.name', '=', eventName)
    .where('clients.email', '=', demoEmail(clientIndex))
    .where('assistance.status_id', '=', ASSISTANCE_STATUS.confirmed)
    .executeTakeFirstOrThrow();
  const amountCents = priceForGender(place, place.gender);
  const at = paidAt.toISOString();
  const receiptId = await app.db.transaction().execute(async (trx) => {
    const payment = await trx
      .insertInto('payments')
      .values({
        assistance_id: place.id,
        event_id: place.event_id,
        client_id: place.client_id,
        amount_cents: amountCents,
        currency: 'mxn',
        status: 'paid',
        method: 'card',
        attempt: 1,
        session_id: null,
        payment_intent_id: null,
        checkout_url: null,
        instructions: null,
        created_at: at,
        paid_at: at,
        failed_at: null,
        refund_requested_at: null,
        refunded_at: null,
        refund_id: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await recordReceiptDue(trx, app, {
      paymentId: payment.id,
      assistanceId: place.id,
      clientId: place.client_id,
      eventId: place.event_id,
      eventName,
      amountCents,
      method: 'card',
      paidAt: at,
    });
    const receipt = await trx
      .selectFrom('invoice_documents')
      .select('id')
      .where('key', '=', `receipt-${payment.id}`)
      .executeTakeFirstOrThrow();
    return receipt.id;
  });
  await issueReceipt(app, pac, receiptId);
  return { clientId: place.client_id, assistanceId: place.id };
}

/**
 * The demo's fiscal documents (docs/design/28-facturas.md), made at the PAC through the server's own
 * operations once the server listens, when invoices are on: last month's autumn places paid by
 * card and held by that month's global invoice, and a Roma place paid this month that its buyer
 * invoiced with her fiscal profile. The Roma card payment of demo-payments.ts is the receipt
 * still waiting to be invoiced.
 */
export async function loadDemoInvoices(app: FastifyInstance): Promise<void> {
  const pac = app.pac;
  if (!pac) return;
  const period = lastMonth();
  for (const [offset, clientIndex] of DEMO_LAST_MONTH_PAYERS.entries()) {
    const paidAt = mexicoLocalToUtc(`${period.from.slice(0, 8)}1${offset}`, '18:00');
    await paidWithReceipt(app, pac, AUTUMN, clientIndex, paidAt);
  }
  await closePeriod(app, pac, period.to);

  const self = await paidWithReceipt(app, pac, ROMA, DEMO_SELF_INVOICER, new Date());
  await invoiceMyPlace(app, pac, self.clientId, self.assistanceId, {
    ...DEMO_FISCAL_DATA,
    email: demoEmail(DEMO_SELF_INVOICER),
  });
}
