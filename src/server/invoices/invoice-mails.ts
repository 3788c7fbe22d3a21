import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { formatCents } from '../../shared/domain/money';
import type { Database } from '../platform/db/schema';
import { enqueueMail } from '../platform/mail/mail-jobs';
import { enqueue } from '../platform/queue/queue';
import type { FacturapiPac } from './facturapi-pac';
import type { InvoiceDocument } from './invoice-records';

/** Fetches an issued invoice's PDF and XML from the PAC and mails them to the address she gave. */
export const MAIL_INVOICE_JOB = 'invoice-mail';
interface MailInvoicePayload {
  document_id: number;
  email: string;
}

export async function mailInvoice(
  db: Kysely<Database>,
  email: string,
  receipt: InvoiceDocument,
): Promise<void> {
  const invoice = await db
    .selectFrom('invoice_documents')
    .select('id')
    .where('kind', '=', 'invoice')
    .where('receipt_id', '=', receipt.id)
    .executeTakeFirstOrThrow();
  const payload: MailInvoicePayload = { document_id: invoice.id, email };
  await enqueue(db, { kind: MAIL_INVOICE_JOB, key: `invoice-mail:${invoice.id}`, payload });
}

export function registerInvoiceMailJob(app: FastifyInstance, pac: FacturapiPac): void {
  app.queue.handle<MailInvoicePayload>(MAIL_INVOICE_JOB, async (payload) => {
    const invoice = await app.db
      .selectFrom('invoice_documents')
      .selectAll()
      .where('id', '=', payload.document_id)
      .executeTakeFirst();
    if (invoice?.state !== 'issued' || !invoice.pac_id) return;
    const [pdf, xml] = await Promise.all([pac.invoicePdf(invoice.pac_id), pac.invoiceXml(invoice.pac_id)]);
    await enqueueMail(app.db, `mail:invoice:${invoice.id}`, {
      to: payload.email,
      subject: `Tu factura: ${invoice.description}`,
      text: [
        'Hola:',
        '',
        `Adjuntamos la factura (CFDI 4.0) de tu pago de ${formatCents(invoice.total_cents)} por ${invoice.description}.`,
        `Folio fiscal (UUID): ${invoice.uuid ?? ''}`,
        '',
        'También puedes descargarla cuando quieras desde tu boleto en Mis asistencias.',
        '',
        'Cita',
      ].join('\n'),
      attachments: [
        {
          filename: `factura-${invoice.id}.pdf`,
          content: pdf.toString('base64'),
          contentType: 'application/pdf',
          encoding: 'base64',
        },
        {
          filename: `factura-${invoice.id}.xml`,
          content: xml.toString('base64'),
          contentType: 'application/xml',
          encoding: 'base64',
        },
      ],
    });
    app.queue.wake();
  });
}
