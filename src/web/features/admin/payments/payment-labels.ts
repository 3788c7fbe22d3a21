import type { PaymentMethodName, PaymentStatusName } from '../../../../shared/contracts/payments';

export { PAYMENT_STATUS_LABELS } from '../../../../shared/domain/statuses';

export const PAYMENT_STATUS_TONES: Record<PaymentStatusName, 'slate' | 'red' | 'amber' | 'green'> = {
  pending: 'amber',
  paid: 'green',
  refunded: 'slate',
  failed: 'red',
  manual: 'green',
  void: 'slate',
};

export const PAYMENT_METHOD_LABELS: Record<PaymentMethodName, string> = {
  card: 'Tarjeta',
  oxxo: 'OXXO',
  spei: 'SPEI',
  cash: 'Efectivo',
  transfer: 'Transferencia',
  other: 'Otro',
};
