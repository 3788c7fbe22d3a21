/** Every amount is integer cents of Mexican pesos (design.md §15). */
export const CURRENCY = 'mxn';

const pesos = new Intl.NumberFormat('es-MX', {
  style: 'currency',
  currency: 'MXN',
  currencyDisplay: 'narrowSymbol',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** Cents as pesos with 2 decimals and the suffix MXN, e.g. 35000 → '$350.00 MXN'. */
export function formatCents(cents: number): string {
  return `${pesos.format(cents / 100)} MXN`;
}

/** How a payment was made, as a sentence says it: "Pagado con efectivo en OXXO". */
export const PAYMENT_METHOD_NAMES = {
  card: 'tarjeta',
  oxxo: 'efectivo en OXXO',
  spei: 'transferencia SPEI',
  cash: 'efectivo',
} as const;

/**
 * What one member pays for a place (design.md §15): women `price_w`, men `price_m`, LGBTQ+
 * members the lower of the two. 0 means no payment (the manual flow).
 */
export function priceForGender(
  event: { price_w_cents: number; price_m_cents: number },
  gender: number,
): number {
  if (gender === 1) return event.price_w_cents;
  if (gender === 2) return event.price_m_cents;
  return Math.min(event.price_w_cents, event.price_m_cents);
}
