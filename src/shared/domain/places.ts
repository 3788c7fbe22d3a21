/**
 * Places of one gender that a new sign-up could still take: the limit less every place held
 * (sign-ups waiting to pay or be confirmed count as much as confirmed ones), and none while the
 * event is marked Agotado, which hands out no places (docs/decisions/0020). The public pages and the
 * admin's event page both say this figure, so they cannot disagree.
 */
export function placesAvailable({
  limit,
  held,
  soldOut,
}: {
  limit: number;
  held: number;
  soldOut: boolean;
}): number {
  return soldOut ? 0 : Math.max(0, limit - held);
}

/** '1 lugar disponible', '3 lugares disponibles', 'Sin lugares disponibles'. */
export function placesAvailableLabel(count: number): string {
  if (count === 0) return 'Sin lugares disponibles';
  return count === 1 ? '1 lugar disponible' : `${count} lugares disponibles`;
}
