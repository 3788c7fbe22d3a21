/** Promo codes (docs/design/25-organizers.md): 4–20 letters or digits, typed in any case, stored in upper case. */
export const PROMO_CODE_PATTERN = /^[A-Za-z0-9]{4,20}$/;

/** Wrong codes a member may type in an hour before the next one is refused (429). */
export const PROMO_CODE_GUESSES_PER_HOUR = 10;

export function normalizePromoCode(code: string): string {
  return code.trim().toUpperCase();
}

/** A code's discount: exactly one of the two is set. */
export interface Discount {
  percent_off: number | null;
  amount_off_cents: number | null;
}

/**
 * What the code takes off a price (integer cents): a percentage rounded to the nearest cent, or a
 * fixed amount; never more than the price, never negative, so what she pays stays in [0, price].
 */
export function discountCents(priceCents: number, discount: Discount): number {
  const price = Math.max(0, Math.trunc(priceCents));
  const off =
    discount.percent_off !== null
      ? Math.round((price * Math.min(100, Math.max(0, discount.percent_off))) / 100)
      : Math.max(0, Math.trunc(discount.amount_off_cents ?? 0));
  return Math.min(price, off);
}

/** The discount as the member and the back office read it: "20 %" or "$100.00 MXN". */
export function discountLabel(discount: Discount, formatCents: (cents: number) => string): string {
  return discount.percent_off !== null
    ? `${discount.percent_off} %`
    : formatCents(discount.amount_off_cents ?? 0);
}
