import { clsx } from 'clsx';

const CATEGORY_PICTURE = /^\/img\/categories\/([a-z-]+)\.webp$/;

/**
 * An event's picture at 16:9. The generated category pictures also come 600 px wide, which is
 * what a phone downloads; an admin's upload has one size.
 */
export function EventPicture({
  src,
  alt,
  sizes,
  eager = false,
  className,
}: {
  src: string;
  alt: string;
  sizes: string;
  eager?: boolean;
  className?: string;
}) {
  const category = CATEGORY_PICTURE.exec(src)?.[1];
  const srcSet = category ? `/img/categories/${category}-600.webp 600w, ${src} 1200w` : undefined;
  return (
    <img
      src={src}
      srcSet={srcSet}
      sizes={srcSet ? sizes : undefined}
      alt={alt}
      width={1200}
      height={675}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      className={clsx('bg-accent-soft', className)}
    />
  );
}
