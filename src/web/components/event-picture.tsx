import { clsx } from 'clsx';

/**
 * An event's picture at 16:9. The server lists every size it has (`image_srcset`: 160, 480 and
 * 1080 px for an upload, 600 and 1200 for a category picture), so a phone downloads a small one.
 */
export function EventPicture({
  src,
  srcSet,
  alt,
  sizes,
  eager = false,
  className,
}: {
  src: string;
  srcSet: string;
  alt: string;
  sizes: string;
  eager?: boolean;
  className?: string;
}) {
  return (
    <img
      src={src}
      srcSet={srcSet}
      sizes={sizes}
      alt={alt}
      width={1200}
      height={675}
      // An eager picture is the first thing on screen (often the page's largest paint): fetch it first.
      loading={eager ? 'eager' : 'lazy'}
      fetchPriority={eager ? 'high' : undefined}
      decoding="async"
      className={clsx('bg-accent-soft', className)}
    />
  );
}
