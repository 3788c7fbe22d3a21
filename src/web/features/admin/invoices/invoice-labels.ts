import type { InvoiceDocumentKind, InvoiceDocumentState } from '../../../../shared/contracts/invoices';

export const INVOICE_KIND_LABELS: Record<InvoiceDocumentKind, string> = {
  receipt: 'Recibo',
  invoice: 'Factura',
  global: 'Factura global',
  credit_note: 'Nota de crédito',
  cancellation: 'Cancelación',
};

export const INVOICE_STATE_LABELS: Record<InvoiceDocumentState, string> = {
  pending: 'Pendiente',
  issued: 'Emitido',
  failed: 'Falló',
  cancelled: 'Cancelado',
};

export const INVOICE_STATE_TONES: Record<InvoiceDocumentState, 'slate' | 'red' | 'amber' | 'green'> = {
  pending: 'amber',
  issued: 'green',
  failed: 'red',
  cancelled: 'slate',
};

/** A CFDI's UUID is 36 characters: its first block tells documents apart on a screen. */
export function shortUuid(uuid: string): string {
  return uuid.length > 8 ? `${uuid.slice(0, 8)}…` : uuid;
}
