/** Every amount is integer cents of Mexican pesos (docs/design/15-payments.md). */
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
  transfer: 'transferencia',
  other: 'otra forma de pago',
} as const;

/**
 * What one member pays for a place (docs/design/15-payments.md): women `price_w`, men `price_m`, LGBTQ+
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

/**
 * Where refunded money goes, by how it was paid (Stripe Mexico): back to the card; for an OXXO
 * payment, made in cash, Stripe asks the member by e-mail for a bank account (CLABE) to send it
 * to; a SPEI transfer goes back to the account it came from; cash taken by hand, by hand.
 */
export function refundRoute(method: keyof typeof PAYMENT_METHOD_NAMES | null, email?: string): string {
  switch (method) {
    case 'card':
      return 'El dinero vuelve a la tarjeta con la que pagaste: según tu banco, puede tardar de 5 a 10 días hábiles en verse en tu estado de cuenta.';
    case 'oxxo':
      return `Como pagaste en efectivo en OXXO, el dinero no puede volver a una tarjeta: Stripe, nuestro procesador de pagos, te enviará un correo${email ? ` a ${email}` : ''} para pedirte la CLABE de una cuenta bancaria a la que depositártelo. Llega unos días hábiles después de que la registres.`;
    case 'spei':
      return 'El dinero vuelve por transferencia SPEI a la cuenta desde la que pagaste; suele llegar en pocos días hábiles.';
    case 'cash':
      return 'Como pagaste en efectivo, el equipo de Cita te lo devuelve en persona.';
    case 'transfer':
    case 'other':
      return 'Como pagaste directamente al equipo de Cita, ellos te lo devuelven por el mismo medio.';
    default:
      return 'Según tu banco, el reembolso puede tardar de 5 a 10 días hábiles en verse en tu cuenta.';
  }
}
