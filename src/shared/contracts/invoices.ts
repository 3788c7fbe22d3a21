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
