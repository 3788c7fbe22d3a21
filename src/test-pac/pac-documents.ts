import { XMLBuilder } from 'fast-xml-parser';
import { degrees, PDFDocument, rgb, StandardFonts } from 'pdf-lib';
import { regimeName } from '../shared/domain/cfdi';
import { mexicoCityFormat } from '../shared/domain/mexico-time';

/**
 * What the test PAC keeps and prints: documents in the shape Facturapi answers (amounts in pesos),
 * and their CFDI 4.0 XML and PDF, both marked «SIN VALIDEZ FISCAL» (docs/decisions/0068).
 */

export const NO_FISCAL_VALUE = 'SIN VALIDEZ FISCAL';

export interface Issuer {
  rfc: string;
  name: string;
  regime: string;
  zip: string;
}

export interface Customer {
  legal_name: string;
  tax_id: string;
  tax_system: string;
  email?: string;
  address: { zip: string };
}

export interface Product {
  description: string;
  product_key: string;
  unit_key: string;
  price: number;
  tax_included?: boolean;
  taxes?: { type: string; rate: number }[];
}

export interface Item {
  quantity: number;
  product: Product;
  /** The receipt a global invoice's concept stands for (its NoIdentificacion). */
  identification?: string;
}

export interface StoredReceipt {
  id: string;
  object: 'receipt';
  created_at: string;
  date: string;
  livemode: false;
  folio_number: number;
  external_id: string | null;
  idempotency_key: string | null;
  payment_form: string;
  items: Item[];
  currency: 'MXN';
  total: number;
  invoice: string | null;
  expires_at: string;
  key: string;
  status: 'open' | 'canceled' | 'invoiced_to_customer' | 'invoiced_globally';
  self_invoice_url: string;
}

export interface StoredInvoice {
  id: string;
  object: 'invoice';
  created_at: string;
  date: string;
  livemode: false;
  type: 'I' | 'E';
  status: 'valid' | 'canceled';
  cancellation_status: 'none' | 'accepted';
  uuid: string;
  series: string;
  folio_number: number;
  customer: Customer;
  use: string;
  payment_form: string;
  payment_method: 'PUE';
  currency: 'MXN';
  total: number;
  items: Item[];
  related_documents: { relationship: string; documents: string[] }[];
  global: { periodicity: string; months: string; year: number } | null;
  idempotency_key: string | null;
  issuer: Issuer;
  cancellation_motive: string | null;
}

const money = (amount: number) => amount.toFixed(2);
const rate = (value: number) => value.toFixed(6);

/** Base and IVA of a price with IVA included, as the CFDI writes them (two decimals). */
export function split(price: number, ivaRate: number): { base: number; iva: number } {
  const base = Math.round((price / (1 + ivaRate)) * 100) / 100;
  return { base, iva: Math.round((price - base) * 100) / 100 };
}

function ivaRateOf(item: Item): number {
  return item.product.taxes?.find((tax) => tax.type === 'IVA')?.rate ?? 0.16;
}

const TIPO = { I: 'I', E: 'E' } as const;

/** The CFDI 4.0 XML of an invoice (Anexo 20's Comprobante), unsigned: its seal says it has no fiscal value. */
export function invoiceXml(invoice: StoredInvoice): string {
  const concepts = invoice.items.map((item) => {
    const ivaRate = ivaRateOf(item);
    const { base, iva } = split(item.product.price * item.quantity, ivaRate);
    return { item, ivaRate, base, iva };
  });
  const subtotal = concepts.reduce((sum, concept) => sum + concept.base, 0);
  const taxes = concepts.reduce((sum, concept) => sum + concept.iva, 0);
  const ivaRate = concepts[0]?.ivaRate ?? 0.16;
  const comprobante = {
    '?xml': { '@_version': '1.0', '@_encoding': 'UTF-8' },
    'cfdi:Comprobante': {
      '@_xmlns:cfdi': 'http://www.sat.gob.mx/cfd/4',
      '@_xmlns:tfd': 'http://www.sat.gob.mx/TimbreFiscalDigital',
      '@_xmlns:xsi': 'http://www.w3.org/2001/XMLSchema-instance',
      '@_xsi:schemaLocation':
        'http://www.sat.gob.mx/cfd/4 http://www.sat.gob.mx/sitio_internet/cfd/4/cfdv40.xsd',
      '@_Version': '4.0',
      '@_Serie': invoice.series,
      '@_Folio': String(invoice.folio_number),
      '@_Fecha': invoice.date.slice(0, 19),
      '@_Sello': NO_FISCAL_VALUE,
      '@_FormaPago': invoice.payment_form,
      '@_NoCertificado': '00000000000000000000',
      '@_Certificado': NO_FISCAL_VALUE,
      '@_SubTotal': money(subtotal),
      '@_Moneda': 'MXN',
      '@_Total': money(invoice.total),
      '@_TipoDeComprobante': TIPO[invoice.type],
      '@_Exportacion': '01',
      '@_MetodoPago': invoice.payment_method,
      '@_LugarExpedicion': invoice.issuer.zip,
      ...(invoice.global && {
        'cfdi:InformacionGlobal': {
          '@_Periodicidad': invoice.global.periodicity,
          '@_Meses': invoice.global.months,
          '@_Año': String(invoice.global.year),
        },
      }),
      ...(invoice.related_documents.length > 0 && {
        'cfdi:CfdiRelacionados': invoice.related_documents.map((related) => ({
          '@_TipoRelacion': related.relationship,
          'cfdi:CfdiRelacionado': related.documents.map((uuid) => ({ '@_UUID': uuid })),
        })),
      }),
      'cfdi:Emisor': {
        '@_Rfc': invoice.issuer.rfc,
        '@_Nombre': invoice.issuer.name,
        '@_RegimenFiscal': invoice.issuer.regime,
      },
      'cfdi:Receptor': {
        '@_Rfc': invoice.customer.tax_id,
        '@_Nombre': invoice.customer.legal_name,
        '@_DomicilioFiscalReceptor': invoice.customer.address.zip,
        '@_RegimenFiscalReceptor': invoice.customer.tax_system,
        '@_UsoCFDI': invoice.use,
      },
      'cfdi:Conceptos': {
        'cfdi:Concepto': concepts.map(({ item, ivaRate: conceptRate, base, iva }) => ({
          '@_ClaveProdServ': item.product.product_key,
          ...(item.identification && { '@_NoIdentificacion': item.identification }),
          '@_Cantidad': String(item.quantity),
          '@_ClaveUnidad': item.product.unit_key,
          '@_Descripcion': item.product.description,
          '@_ValorUnitario': money(base / item.quantity),
          '@_Importe': money(base),
          '@_ObjetoImp': '02',
          'cfdi:Impuestos': {
            'cfdi:Traslados': {
              'cfdi:Traslado': {
                '@_Base': money(base),
                '@_Impuesto': '002',
                '@_TipoFactor': 'Tasa',
                '@_TasaOCuota': rate(conceptRate),
                '@_Importe': money(iva),
              },
            },
          },
        })),
      },
      'cfdi:Impuestos': {
        '@_TotalImpuestosTrasladados': money(taxes),
        'cfdi:Traslados': {
          'cfdi:Traslado': {
            '@_Base': money(subtotal),
            '@_Impuesto': '002',
            '@_TipoFactor': 'Tasa',
            '@_TasaOCuota': rate(ivaRate),
            '@_Importe': money(taxes),
          },
        },
      },
      'cfdi:Complemento': {
        'tfd:TimbreFiscalDigital': {
          '@_Version': '1.1',
          '@_UUID': invoice.uuid,
          '@_FechaTimbrado': invoice.created_at.slice(0, 19),
          '@_RfcProvCertif': 'SPR190613I52',
          '@_SelloCFD': NO_FISCAL_VALUE,
          '@_NoCertificadoSAT': '00000000000000000000',
          '@_SelloSAT': NO_FISCAL_VALUE,
        },
      },
    },
  };
  const xml = new XMLBuilder({ ignoreAttributes: false, format: true, suppressEmptyNode: true }).build(
    comprobante,
  );
  return xml.replace('?>', `?>\n<!-- ${NO_FISCAL_VALUE}: emitido por el PAC de prueba de Cita -->`);
}

const stamped = mexicoCityFormat({ dateStyle: 'long', timeStyle: 'short' });

/** The invoice's printed form: what a PAC's PDF shows, with «SIN VALIDEZ FISCAL» across it. */
export async function invoicePdf(invoice: StoredInvoice): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(
    `${invoice.type === 'E' ? 'Nota de crédito' : 'Factura'} ${invoice.series}-${invoice.folio_number}`,
  );
  const page = pdf.addPage([612, 792]);
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  page.drawText(NO_FISCAL_VALUE, {
    x: 90,
    y: 330,
    size: 54,
    font: bold,
    color: rgb(0.9, 0.3, 0.3),
    opacity: 0.35,
    rotate: degrees(35),
  });
  let y = 740;
  const line = (text: string, options: { size?: number; strong?: boolean } = {}) => {
    page.drawText(text, { x: 50, y, size: options.size ?? 10, font: options.strong ? bold : font });
    y -= (options.size ?? 10) + 6;
  };
  const title = invoice.global
    ? 'Factura global (público en general)'
    : invoice.type === 'E'
      ? 'Nota de crédito (CFDI de egreso)'
      : 'Factura (CFDI de ingreso)';
  line(title, { size: 16, strong: true });
  line(`${NO_FISCAL_VALUE}: emitida por el PAC de prueba de Cita`, { strong: true });
  line(`Serie y folio: ${invoice.series}-${invoice.folio_number}    Folio fiscal (UUID): ${invoice.uuid}`);
  line(
    `Fecha: ${stamped.format(new Date(invoice.created_at))}    Lugar de expedición: ${invoice.issuer.zip}`,
  );
  y -= 6;
  line('Emisor', { strong: true });
  line(`${invoice.issuer.name}    RFC ${invoice.issuer.rfc}`);
  line(`Régimen fiscal: ${invoice.issuer.regime} ${regimeName(invoice.issuer.regime)}`);
  y -= 6;
  line('Receptor', { strong: true });
  line(`${invoice.customer.legal_name}    RFC ${invoice.customer.tax_id}`);
  line(`Régimen fiscal: ${invoice.customer.tax_system}    Código postal: ${invoice.customer.address.zip}`);
  line(`Uso del CFDI: ${invoice.use}    Forma de pago: ${invoice.payment_form}    Método de pago: PUE`);
  if (invoice.global)
    line(
      `Información global: periodicidad ${invoice.global.periodicity}, mes ${invoice.global.months}, año ${invoice.global.year}`,
    );
  for (const related of invoice.related_documents)
    line(`CFDI relacionado (tipo ${related.relationship}): ${related.documents.join(', ')}`);
  y -= 6;
  line('Conceptos', { strong: true });
  for (const item of invoice.items.slice(0, 30)) {
    const { base, iva } = split(item.product.price * item.quantity, ivaRateOf(item));
    line(
      `${item.quantity} × ${item.product.description} (${item.product.product_key}, ${item.product.unit_key})`,
    );
    line(`    Importe $${money(base)}    IVA $${money(iva)}`);
  }
  if (invoice.items.length > 30) line(`… y ${invoice.items.length - 30} conceptos más (ver el XML)`);
  y -= 6;
  line(`Total: $${money(invoice.total)} MXN`, { size: 12, strong: true });
  if (invoice.status === 'canceled')
    line(`CANCELADA (motivo ${invoice.cancellation_motive ?? ''})`, { strong: true });
  return Buffer.from(await pdf.save());
}
