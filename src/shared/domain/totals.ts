const count = new Intl.NumberFormat('es-MX');

/** A list's total as a sentence part: '1,234', or 'más de 10,000' when the server stopped counting. */
export function totalLabel(total: number, estimated: boolean | undefined): string {
  return estimated ? `más de ${count.format(total)}` : count.format(total);
}
