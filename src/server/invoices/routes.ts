import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { idSchema } from '../../shared/contracts/common';
import {
  adminInvoiceRetryAnswer,
  adminInvoiceRetryBody,
  adminInvoicesClosePeriodAnswer,
  adminInvoicesClosePeriodBody,
  adminInvoicesGetAnswer,
  adminInvoicesGetBody,
  clientFiscalProfileGetAnswer,
  clientFiscalProfileGetBody,
  clientInvoiceAddAnswer,
  clientInvoiceAddBody,
  clientInvoiceGetAnswer,
  clientInvoiceGetBody,
} from '../../shared/contracts/invoices';
import type { PaymentHooks } from '../payments/payment-hooks';
import { currentClientId, requireAdmin, requireClient } from '../platform/auth/guards';
import { notFound, unauthorized } from '../platform/errors';
import { callOptions, ok, zodApp } from '../platform/http/envelope';
import { closePeriodByAdmin, listInvoiceDocuments, retryDocument } from './admin-invoices';
import type { FacturapiPac } from './facturapi-pac';
import { fiscalProfileOf } from './fiscal-profile';
import { registerGlobalInvoiceJobs } from './global-invoice';
import { registerInvoiceMailJob } from './invoice-mails';
import {
  ISSUE_RECEIPT_JOB,
  ISSUE_REFUND_JOB,
  type IssueReceiptPayload,
  type IssueRefundPayload,
} from './invoice-records';
import { issueReceipt, recordReceiptDue } from './issue-receipt';
import { invoiceMyPlace, memberInvoice } from './member-invoice';
import { issueRefund, recordRefund, recordVoid } from './refunds';

const INVOICES_OFF = 'La facturación no está activa en este sitio';

function activePac(app: FastifyInstance): FacturapiPac {
  if (!app.pac) throw notFound(INVOICES_OFF);
  return app.pac;
}

/** Her invoice's PDF or XML, fetched from the PAC for her session only. */
function registerInvoiceFiles(app: FastifyInstance): void {
  const files = { pdf: 'application/pdf', xml: 'application/xml' } as const;
  for (const [format, contentType] of Object.entries(files) as [keyof typeof files, string][]) {
    zodApp(app).get(
      `/client/invoice/factura.${format}`,
      {
        schema: {
          querystring: z.object({ id: z.coerce.number().pipe(idSchema) }),
          // Documentation only: the PAC's bytes are sent as they are, never through the serializer.
          produces: [contentType],
          response: {
            200: z.unknown().describe(format === 'pdf' ? 'La factura en PDF' : 'El XML del CFDI timbrado'),
          },
        },
      },
      async (request, reply) => {
        const clientId = await currentClientId(request);
        if (clientId === null) throw unauthorized('Inicia sesión para continuar');
        const pac = activePac(app);
        const invoice = await app.db
          .selectFrom('invoice_documents')
          .select(['pac_id', 'state'])
          .where('id', '=', request.query.id)
          .where('kind', '=', 'invoice')
          .where('client_id', '=', clientId)
          .executeTakeFirst();
        if (invoice?.state !== 'issued' || !invoice.pac_id) throw notFound('No encontramos esa factura');
        const bytes =
          format === 'pdf' ? await pac.invoicePdf(invoice.pac_id) : await pac.invoiceXml(invoice.pac_id);
        return reply
          .header('Content-Type', contentType)
          .header('Content-Disposition', `attachment; filename="factura-${request.query.id}.${format}"`)
          .header('Cache-Control', 'no-store')
          .send(bytes);
      },
    );
  }
}

/**
 * Facturas (docs/design/28-facturas.md): every paid place gets a receipt, its buyer may invoice it. Payments
 * tells this domain of money taken through its hooks; invoices never writes payments' tables.
 */
export async function registerInvoicesRoutes(
  app: FastifyInstance,
  { paymentHooks }: { paymentHooks: PaymentHooks },
): Promise<void> {
  const pac = app.pac;
  if (pac) {
    paymentHooks.subscribe({
      paymentTaken: (trx, taken) => recordReceiptDue(trx, app, taken),
      paymentRefunded: (trx, refunded) => recordRefund(trx, refunded),
      paymentVoided: (trx, voided) => recordVoid(trx, voided),
    });
    app.queue.handle<IssueRefundPayload>(ISSUE_REFUND_JOB, (payload) =>
      issueRefund(app, pac, payload.document_id),
    );
    app.queue.handle<IssueReceiptPayload>(ISSUE_RECEIPT_JOB, (payload) =>
      issueReceipt(app, pac, payload.document_id),
    );
    registerInvoiceMailJob(app, pac);
    registerGlobalInvoiceJobs(app, pac);
  }
  registerInvoiceFiles(app);

  await app.register(async (scope) => {
    const member = zodApp(scope, requireClient);
    member.post(
      '/client/invoice/get',
      callOptions(clientInvoiceGetBody, clientInvoiceGetAnswer),
      async (request) => {
        activePac(app);
        return ok('Tu factura', {
          invoice: await memberInvoice(app, request.clientId, request.body.assistance_id),
        });
      },
    );
    member.post(
      '/client/invoice/add',
      callOptions(clientInvoiceAddBody, clientInvoiceAddAnswer),
      async (request) => {
        const invoice = await invoiceMyPlace(
          app,
          activePac(app),
          request.clientId,
          request.body.assistance_id,
          request.body.fiscal,
        );
        return ok('Tu factura está lista: también te la enviamos por correo', { invoice });
      },
    );
    member.post(
      '/client/fiscal-profile/get',
      callOptions(clientFiscalProfileGetBody, clientFiscalProfileGetAnswer),
      async (request) =>
        ok('Tus datos fiscales', { profile: await fiscalProfileOf(app.db, request.clientId) }),
    );
  });

  await app.register(async (scope) => {
    const admin = zodApp(scope, requireAdmin);
    admin.post(
      '/admin/invoices/get',
      callOptions(adminInvoicesGetBody, adminInvoicesGetAnswer),
      async (request) => ok('Facturación', await listInvoiceDocuments(app, request.body)),
    );
    admin.post(
      '/admin/invoices/close-period',
      callOptions(adminInvoicesClosePeriodBody, adminInvoicesClosePeriodAnswer),
      async (request) => {
        const global = await closePeriodByAdmin(
          app,
          activePac(app),
          request.adminId,
          request.body.period_end,
        );
        return ok(
          global ? 'Periodo cerrado en la factura global' : 'No quedaban recibos por facturar en el periodo',
          {
            global,
          },
        );
      },
    );
    admin.post(
      '/admin/invoice/retry',
      callOptions(adminInvoiceRetryBody, adminInvoiceRetryAnswer),
      async (request) => {
        activePac(app);
        const document = await retryDocument(app, request.adminId, request.body.id);
        return ok('Documento en la cola: se emitirá en unos momentos', { document });
      },
    );
  });
}
