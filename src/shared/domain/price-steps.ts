/**
 * Early-bird prices by gender (docs/design/25-organizers.md): an event may sell the first places of a gender in
 * steps ("Preventa $350 hasta el 5 de diciembre o los primeros 10 lugares; después $450"). A step
 * ends on its day (Mexico City, included) and/or once it sold its places; after the last step the
 * event's own price for that gender applies.
 */
export interface PriceStep {
  /** 0, 1… in the order they apply. */
  position: number;
  price_cents: number;
  /** Last day (YYYY-MM-DD, Mexico City) at this price; null: no date. */
  until_day: string | null;
  /** Places of that gender sold at this price; null: no limit. */
  places: number | null;
}

/** The price she would get now, and the step it comes from (null: the event's own price). */
export interface PriceNow {
  price_cents: number;
  step: PriceStep | null;
  /** Places still at this price; null when the step has no limit or there is no step. */
  places_left: number | null;
  /** The price once this step ends: the next step still open, else the list price. */
  after_cents: number;
}

/**
 * The first step still open on `today` with places left, else the list price. `sold` counts the
 * places already holding each step's price, by position.
 */
export function priceNow(
  listPriceCents: number,
  steps: readonly PriceStep[],
  sold: ReadonlyMap<number, number>,
  today: string,
): PriceNow {
  const ordered = [...steps].sort((a, b) => a.position - b.position);
  for (const [index, step] of ordered.entries()) {
    if (step.until_day !== null && today > step.until_day) continue;
    const taken = sold.get(step.position) ?? 0;
    if (step.places !== null && taken >= step.places) continue;
    return {
      // A step is an early-bird price: never above the event's own price.
      price_cents: Math.min(step.price_cents, listPriceCents),
      step,
      places_left: step.places === null ? null : step.places - taken,
      after_cents: priceNow(listPriceCents, ordered.slice(index + 1), sold, today).price_cents,
    };
  }
  return { price_cents: listPriceCents, step: null, places_left: null, after_cents: listPriceCents };
}
