/**
 * A rating read at a glance: five stars, the empty ones outlined and pale so 3 of 5 never reads as
 * a full row; a screen reader hears the number.
 */
export function StarRating({ stars, of = 5 }: { stars: number; of?: number }) {
  return (
    <span role="img" aria-label={`${stars} de ${of} estrellas`} className="whitespace-nowrap">
      {Array.from({ length: of }, (_, index) =>
        index < stars ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the stars are positions, never reordered.
          <span key={index} data-star="filled" className="text-amber-700">
            ★
          </span>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: the stars are positions, never reordered.
          <span key={index} data-star="empty" className="text-slate-500">
            ☆
          </span>
        ),
      )}
    </span>
  );
}
