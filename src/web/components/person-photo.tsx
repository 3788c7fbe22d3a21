import { clsx } from 'clsx';

/** A picture as the API gives it: `url` for `src`, `srcset` when the server lists several sizes. */
export interface PhotoSource {
  url: string;
  srcset?: string;
}

/**
 * A member's photo filling its box (the box sets the shape: `aspect-*`, `size-*`), or a neutral
 * silhouette when there is none. `width`/`height` are the box's proportions, so the browser
 * reserves the space before the picture arrives.
 */
export function PersonPhoto({
  photo,
  alt,
  sizes,
  width = 480,
  height = 600,
  eager = false,
  className,
}: {
  photo: PhotoSource | null;
  alt: string;
  sizes: string;
  width?: number;
  height?: number;
  /** The first picture on screen: fetched first instead of lazily. */
  eager?: boolean;
  className?: string;
}) {
  // A photo marked decorative (alt="") stays silent without one too: the row's text names her.
  if (!photo) return <PhotoPlaceholder className={className} decorative={alt === ''} />;
  return (
    <img
      src={photo.url}
      srcSet={photo.srcset || undefined}
      sizes={photo.srcset ? sizes : undefined}
      alt={alt}
      width={width}
      height={height}
      loading={eager ? 'eager' : 'lazy'}
      fetchPriority={eager ? 'high' : undefined}
      decoding="async"
      className={clsx('bg-stone-200 object-cover', className)}
    />
  );
}

/** A head-and-shoulders silhouette on a warm neutral ground: someone is there, no photo yet. */
export function PhotoPlaceholder({
  className,
  decorative = false,
}: {
  className?: string | undefined;
  decorative?: boolean;
}) {
  const classes = clsx('bg-linear-to-b from-stone-100 to-stone-200 text-stone-300', className);
  const silhouette = (
    <>
      <circle cx="60" cy="62" r="24" fill="currentColor" />
      <path d="M14 150c0-30 20.6-50 46-50s46 20 46 50z" fill="currentColor" />
    </>
  );
  return decorative ? (
    <svg viewBox="0 0 120 150" preserveAspectRatio="xMidYMax meet" aria-hidden className={classes}>
      {silhouette}
    </svg>
  ) : (
    <svg
      viewBox="0 0 120 150"
      preserveAspectRatio="xMidYMax meet"
      role="img"
      aria-label="Sin foto"
      className={classes}
    >
      {silhouette}
    </svg>
  );
}
