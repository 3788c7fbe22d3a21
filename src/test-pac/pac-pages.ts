import { mexicoCityFormat } from '../shared/domain/mexico-time';
import { NO_FISCAL_VALUE, type StoredInvoice, type StoredReceipt } from './pac-documents';

/** A fake server of its own: it borrows nothing from the site, its escaping included. */
function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

const when = mexicoCityFormat({ dateStyle: 'medium', timeStyle: 'short' });

const RECEIPT_STATES: Record<StoredReceipt['status'], string> = {
  open: 'abierto (se puede facturar)',
  canceled: 'cancelado',
  invoiced_to_customer: 'facturado a su comprador',
  invoiced_globally: 'en la factura global',
};

function kindOf(invoice: StoredInvoice): string {
  if (invoice.global) return 'Factura global';
  return invoice.type === 'E' ? 'Nota de crédito' : 'Factura';
}

/** GET /emitidos: everything the test PAC issued, newest first, each invoice's PDF and XML a link away. */
export function issuedPage(receipts: StoredReceipt[], invoices: StoredInvoice[]): string {
  const receiptRows = [...receipts]
    .reverse()
    .map(
      (receipt) =>
        `<tr><td>${receipt.folio_number}</td><td>${escapeHtml(when.format(new Date(receipt.date)))}</td><td>$${receipt.total.toFixed(2)}</td><td>${RECEIPT_STATES[receipt.status]}</td></tr>`,
    )
    .join('');
  const invoiceRows = [...invoices]
    .reverse()
    .map(
      (invoice) =>
        `<tr><td>${kindOf(invoice)} ${escapeHtml(`${invoice.series}-${invoice.folio_number}`)}</td><td>${escapeHtml(invoice.customer.tax_id)}<br>${escapeHtml(invoice.customer.legal_name)}</td><td>$${invoice.total.toFixed(2)}</td><td>${invoice.status === 'canceled' ? `cancelada (motivo ${escapeHtml(invoice.cancellation_motive ?? '')})` : 'vigente'}</td><td><a href="/emitidos/${invoice.id}/factura.pdf">PDF</a> · <a href="/emitidos/${invoice.id}/factura.xml">XML</a></td></tr>`,
    )
    .join('');
  return `<!doctype html>
<html lang="es-MX">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>PAC de prueba: comprobantes emitidos</title>
<style>body{font-family:system-ui,sans-serif;margin:1rem;color:#18181b}table{border-collapse:collapse;width:100%;margin-bottom:2rem}td,th{border-bottom:1px solid #e4e4e7;padding:.4rem;text-align:left;vertical-align:top}.test{background:#fef3c7;color:#78350f;padding:.5rem .75rem;border-radius:.5rem}</style>
</head>
<body>
<h1>PAC de prueba de Cita</h1>
<p class="test">${NO_FISCAL_VALUE}: nada de lo que aparece aquí se timbró ante el SAT. Lo que Cita emitiría con un PAC real.</p>
<h2>Facturas, globales y notas de crédito (${invoices.length})</h2>
<table><thead><tr><th>Comprobante</th><th>Receptor</th><th>Total</th><th>Estado</th><th>Archivos</th></tr></thead><tbody>${invoiceRows}</tbody></table>
<h2>Recibos (${receipts.length})</h2>
<table><thead><tr><th>Folio</th><th>Fecha</th><th>Total</th><th>Estado</th></tr></thead><tbody>${receiptRows}</tbody></table>
</body></html>`;
}
