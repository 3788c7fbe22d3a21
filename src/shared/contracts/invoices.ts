import { z } from 'zod';
import { CFDI_USE_CODES, RFC_SHAPE, TAX_REGIME_CODES } from '../domain/cfdi';
import { emailSchema, idSchema, optionalIdSchema, successAnswer } from './common';

/** docs/design/28-facturas.md: a paid place's receipt, her invoice of it, and her fiscal profile. */

/**
 * Where a place's fiscal document stands: 'pending' until its receipt exists at the PAC,
 * 'receipt' (she may invoice it), 'invoiced' (by her), 'in_global' (the period's global invoice
 * holds it), 'cancelled' (refunded before anyone invoiced it).
 */
export const invoiceStateSchema = z.enum(['pending', 'receipt', 'invoiced', 'in_global', 'cancelled']);
export type InvoiceState = z.infer<typeof invoiceStateSchema>;

export const clientInvoiceGetBody = z.object({ client_id: optionalIdSchema, assistance_id: idSchema });
export type ClientInvoiceGetBody = z.input<typeof clientInvoiceGetBody>;

export const memberInvoiceSchema = z.object({
  state: invoiceStateSchema,
  /** The last day (Mexico City) she may invoice it. */
  self_invoice_until: z.string(),
  /** Her invoice's files, once invoiced (her session opens them). */
  pdf_url: z.string().nullable(),
  xml_url: z.string().nullable(),
});
export type MemberInvoice = z.infer<typeof memberInvoiceSchema>;

export const clientInvoiceGetAnswer = successAnswer({ invoice: memberInvoiceSchema });
export type ClientInvoiceGetAnswer = z.infer<typeof clientInvoiceGetAnswer>;

const upper = (value: unknown) => (typeof value === 'string' ? value.trim().toUpperCase() : value);

/** What she writes, as on her Constancia de Situación Fiscal; the server checks the RFC's check digit too. */
export const fiscalDataSchema = z.object({
  rfc: z.preprocess(
    upper,
    z
      .string({ error: 'Escribe tu RFC' })
      .regex(
        RFC_SHAPE,
        'El RFC no tiene la forma correcta: 13 caracteres para personas físicas o 12 para morales, sin espacios ni guiones',
      ),
  ),
  name: z
    .string({ error: 'Escribe tu nombre o razón social' })
    .trim()
    .min(1, 'Escribe tu nombre o razón social como aparece en tu Constancia de Situación Fiscal')
    .max(300, 'El nombre o razón social es demasiado largo'),
  regime: z.enum(TAX_REGIME_CODES, { error: 'Elige tu régimen fiscal' }),
  zip: z
    .string({ error: 'Escribe el código postal de tu domicilio fiscal' })
    .trim()
    .regex(/^\d{5}$/, 'El código postal tiene 5 dígitos'),
  use: z.enum(CFDI_USE_CODES, { error: 'Elige el uso de la factura' }),
  email: emailSchema,
});
export type FiscalData = z.infer<typeof fiscalDataSchema>;
export type FiscalDataInput = z.input<typeof fiscalDataSchema>;

export const clientInvoiceAddBody = z.object({
  client_id: optionalIdSchema,
  assistance_id: idSchema,
  fiscal: fiscalDataSchema,
});
export type ClientInvoiceAddBody = z.input<typeof clientInvoiceAddBody>;
export const clientInvoiceAddAnswer = clientInvoiceGetAnswer;

export const clientFiscalProfileGetBody = z.object({ client_id: optionalIdSchema }).optional();
export const fiscalProfileSchema = z.object({
  rfc: z.string(),
  name: z.string(),
  regime: z.string(),
  zip: z.string(),
  use: z.string(),
  email: z.string(),
});
export type FiscalProfile = z.infer<typeof fiscalProfileSchema>;
export const clientFiscalProfileGetAnswer = successAnswer({ profile: fiscalProfileSchema.nullable() });
export type ClientFiscalProfileGetAnswer = z.infer<typeof clientFiscalProfileGetAnswer>;

/** A day in Mexico City, 'YYYY-MM-DD'. */
const calendarDay = z
  .string({ error: 'Escribe la fecha como AAAA-MM-DD' })
  .regex(/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/, 'Escribe la fecha como AAAA-MM-DD');

export const invoiceDocumentKindSchema = z.enum([
  'receipt',
  'invoice',
  'global',
  'credit_note',
  'cancellation',
]);
export type InvoiceDocumentKind = z.infer<typeof invoiceDocumentKindSchema>;
export const invoiceDocumentStateSchema = z.enum(['pending', 'issued', 'failed', 'cancelled']);
export type InvoiceDocumentState = z.infer<typeof invoiceDocumentStateSchema>;

/** The back office's «Facturación»: every fiscal document of the period (paid or issued in it). */
export const adminInvoicesGetBody = z.object({
  admin_id: optionalIdSchema,
  from: calendarDay.optional(),
  to: calendarDay.optional(),
});
export type AdminInvoicesGetBody = z.input<typeof adminInvoicesGetBody>;

export const adminInvoiceDocumentSchema = z.object({
  id: z.number(),
  kind: invoiceDocumentKindSchema,
  state: invoiceDocumentStateSchema,
  assistance_id: z.number().nullable(),
  event_id: z.number().nullable(),
  /** The concept as printed: the night's name, or the global's period. */
  description: z.string(),
  total_cents: z.number().int(),
  /** The receipt an invoice, credit note or cancellation is about; the global holding a receipt. */
  receipt_id: z.number().nullable(),
  global_id: z.number().nullable(),
  uuid: z.string().nullable(),
  created_at: z.string(),
  issued_at: z.string().nullable(),
  /** Why the PAC refused it or could not be reached, in Spanish; null when nothing failed. */
  error: z.string().nullable(),
});
export type AdminInvoiceDocument = z.infer<typeof adminInvoiceDocumentSchema>;

export const adminInvoicesGetAnswer = successAnswer({
  documents: z.array(adminInvoiceDocumentSchema),
  totals: z.object({
    /** Invoiced to buyers who asked (their own invoices). */
    invoiced_cents: z.number().int(),
    /** Held by the period's global invoices. */
    global_cents: z.number().int(),
    /**
     * Given back by credit notes. A cancelled receipt is in neither total above, so it is not
     * subtracted: invoiced + global − credited is what the sales of the period kept.
     */
    credited_cents: z.number().int(),
  }),
});
export type AdminInvoicesGetAnswer = z.infer<typeof adminInvoicesGetAnswer>;

export const adminInvoicesClosePeriodBody = z.object({ admin_id: optionalIdSchema, period_end: calendarDay });
export type AdminInvoicesClosePeriodBody = z.input<typeof adminInvoicesClosePeriodBody>;
/** The global invoice the close issued (or had issued before); null when no receipt was left. */
export const adminInvoicesClosePeriodAnswer = successAnswer({
  global: adminInvoiceDocumentSchema.nullable(),
});
export type AdminInvoicesClosePeriodAnswer = z.infer<typeof adminInvoicesClosePeriodAnswer>;

export const adminInvoiceRetryBody = z.object({ admin_id: optionalIdSchema, id: idSchema });
export type AdminInvoiceRetryBody = z.input<typeof adminInvoiceRetryBody>;
export const adminInvoiceRetryAnswer = successAnswer({ document: adminInvoiceDocumentSchema });
export type AdminInvoiceRetryAnswer = z.infer<typeof adminInvoiceRetryAnswer>;
