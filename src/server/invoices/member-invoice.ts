import type { FastifyInstance } from 'fastify';
import type { FiscalData, MemberInvoice } from '../../shared/contracts/invoices';
import { personaOfRfc, regimesFor, usesFor } from '../../shared/domain/cfdi';
import { dayInMexicoCity } from '../../shared/domain/mexico-time';
import { rfcProblem } from '../../shared/domain/rfc';
import { AppError, badRequest, conflict, notFound } from '../platform/errors';
import type { FacturapiPac } from './facturapi-pac';
import { saveFiscalProfile } from './fiscal-profile';
import { mailInvoice } from './invoice-mails';
import {
  fromReceipt,
  type InvoiceDocument,
  invoiceOfReceipt,
  lockedReceipt,
  newDocumentRow,
  receiptOfPlace,
  recordPacOutcome,
} from './invoice-records';
import { pacKey } from './issue-receipt';
import { PacRefusal } from './pac';
import { queueWaitingCreditNotes } from './refunds';

const NOTHING_TO_INVOICE = 'Este lugar no tiene un pago que facturar';
const CANCELLED = 'Este pago se reembolsó o se anuló: ya no hay nada que facturar';
const IN_GLOBAL = 'Este pago ya entró en la factura global del periodo y no puede facturarse por separado';
/** A pending invoice older than this was left by a request that died: another may take it over. */
const ABANDONED_AFTER_MS = 60_000;

function filesOf(invoice: InvoiceDocument | undefined) {
  if (invoice?.state !== 'issued') return { pdf_url: null, xml_url: null };
  return {
    pdf_url: `/api/client/invoice/factura.pdf?id=${invoice.id}`,
    xml_url: `/api/client/invoice/factura.xml?id=${invoice.id}`,
  };
}

function answerOf(receipt: InvoiceDocument, invoice: InvoiceDocument | undefined): MemberInvoice {
  const state =
    invoice?.state === 'issued'
      ? 'invoiced'
      : receipt.state === 'cancelled'
        ? 'cancelled'
        : receipt.global_id !== null
          ? 'in_global'
          : receipt.state === 'issued'
            ? 'receipt'
            : 'pending';
  return { state, self_invoice_until: receipt.self_invoice_until ?? '', ...filesOf(invoice) };
}

/** client/invoice/get: where the fiscal document of one of her paid places stands. */
export async function memberInvoice(
  app: FastifyInstance,
  clientId: number,
  assistanceId: number,
): Promise<MemberInvoice> {
  const receipt = await receiptOfPlace(app.db, clientId, assistanceId);
  if (!receipt) throw notFound(NOTHING_TO_INVOICE);
  return answerOf(receipt, await invoiceOfReceipt(app.db, receipt.id));
}

/** The SAT's rules on what she wrote, each refusal saying what to fix (docs/decisions/0068). */
export function checkFiscalData(fiscal: FiscalData): void {
  const problem = rfcProblem(fiscal.rfc);
  if (problem) throw badRequest(problem);
  const persona = personaOfRfc(fiscal.rfc);
  if (!regimesFor(persona).some((regime) => regime.code === fiscal.regime))
    throw badRequest(
      `El régimen ${fiscal.regime} no corresponde a una persona ${persona === 'fisica' ? 'física (RFC de 13 caracteres)' : 'moral (RFC de 12 caracteres)'}: elige el de tu Constancia de Situación Fiscal`,
    );
  if (!usesFor(fiscal.regime).some((use) => use.code === fiscal.use))
    throw badRequest(`Ese uso de la factura no aplica a tu régimen fiscal ${fiscal.regime}: elige otro`);
}

/** Claims the one invoice of a receipt: false when another request holds it (or it is issued). */
async function claimInvoice(
  app: FastifyInstance,
  receipt: InvoiceDocument,
  fiscal: FiscalData,
): Promise<boolean> {
  const now = new Date().toISOString();
  return app.db.transaction().execute(async (trx) => {
    // A refund or the period's close may have taken the receipt since she asked: the lock orders them.
    const current = await lockedReceipt(trx, receipt.id);
    if (current?.state === 'cancelled') throw conflict(CANCELLED);
    if (current?.global_id !== null) throw conflict(IN_GLOBAL);
    const inserted = await trx
      .insertInto('invoice_documents')
      .values(
        newDocumentRow({
          kind: 'invoice',
          key: `invoice-${receipt.id}`,
          ...fromReceipt(receipt),
          total_cents: receipt.total_cents,
          description: receipt.description,
          receiver: JSON.stringify(fiscal),
          created_at: now,
        }),
      )
      .onConflict((oc) => oc.column('key').doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0) return true;
    // A request that died mid-way left its claim: after a while the next one takes it over.
    const taken = await trx
      .updateTable('invoice_documents')
      .set({ created_at: now, receiver: JSON.stringify(fiscal), error: null })
      .where('key', '=', `invoice-${receipt.id}`)
      .where('state', '=', 'pending')
      .where('created_at', '<', new Date(Date.now() - ABANDONED_AFTER_MS).toISOString())
      .executeTakeFirst();
    return Number(taken.numUpdatedRows) > 0;
  });
}

/**
 * client/invoice/add: she invoices her receipt with her fiscal data (kept as her profile). One
 * invoice per receipt: the first request claims it, a second at the same time is told to wait,
 * and one after it gets the invoice already issued. A PAC refusal lets go of the claim, so she
 * fixes what it says and tries again.
 */
export async function invoiceMyPlace(
  app: FastifyInstance,
  pac: FacturapiPac,
  clientId: number,
  assistanceId: number,
  fiscal: FiscalData,
): Promise<MemberInvoice> {
  checkFiscalData(fiscal);
  const receipt = await receiptOfPlace(app.db, clientId, assistanceId);
  if (!receipt) throw notFound(NOTHING_TO_INVOICE);
  const existing = await invoiceOfReceipt(app.db, receipt.id);
  if (existing?.state === 'issued') return answerOf(receipt, existing);
  if (receipt.state === 'cancelled') throw conflict(CANCELLED);
  if (receipt.global_id !== null) throw conflict(IN_GLOBAL);
  if (receipt.state !== 'issued' || !receipt.pac_id)
    throw conflict('Tu recibo todavía se está generando; intenta de nuevo en unos minutos');
  if (dayInMexicoCity() > (receipt.self_invoice_until ?? ''))
    throw conflict('El plazo para facturar este pago terminó: entró en la factura global del periodo');
  await saveFiscalProfile(app.db, clientId, fiscal);
  if (!(await claimInvoice(app, receipt, fiscal))) {
    const now = await invoiceOfReceipt(app.db, receipt.id);
    if (now?.state === 'issued') return answerOf(receipt, now);
    throw conflict('Tu factura se está emitiendo; en un momento la verás aquí');
  }
  const key = `invoice-${receipt.id}`;
  try {
    const invoice = await pac
      .withTimeout(app.config.invoices.memberTimeoutMs)
      .invoiceReceipt(receipt.pac_id, fiscal, await pacKey(app, key));
    await app.db.transaction().execute(async (trx) => {
      const claim = (await invoiceOfReceipt(trx, receipt.id))!;
      await recordPacOutcome(trx, claim.id, { issued: invoice });
      await mailInvoice(trx, fiscal.email, receipt);
      // A partial refund made before she invoiced becomes a credit note related to this invoice.
      await queueWaitingCreditNotes(trx, [receipt.id], claim.id);
    });
    app.queue.wake();
  } catch (error) {
    await app.db
      .deleteFrom('invoice_documents')
      .where('key', '=', key)
      .where('state', '=', 'pending')
      .execute();
    if (error instanceof PacRefusal) {
      throw new AppError(422, `El SAT no acepta estos datos: ${error.message}`);
    }
    app.log.warn({ err: error, receiptId: receipt.id }, 'invoices: the PAC did not invoice a receipt');
    throw new AppError(503, 'El servicio de facturación no respondió; intenta de nuevo en unos minutos');
  }
  return answerOf(receipt, await invoiceOfReceipt(app.db, receipt.id));
}
