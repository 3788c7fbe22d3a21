import sharp from 'sharp';
import { BLURRED_VARIANT, VARIANT_WIDTHS } from '../../src/server/platform/images/image-store';

/**
 * One real WebP per variant (a plain warm colour at each size), shared by every photo of the
 * dataset: the lists read the variants' rows, not their pixels, and a million distinct pictures
 * would only fill the disk.
 */
export async function scaleVariantBytes(): Promise<
  { variant: string; width: number; height: number; bytes: Buffer }[]
> {
  const sizes = [
    ...VARIANT_WIDTHS.map((width) => ({ variant: String(width), width })),
    { variant: BLURRED_VARIANT, width: 480 },
  ];
  return Promise.all(
    sizes.map(async ({ variant, width }) => {
      const height = Math.round((width * 5) / 4);
      const bytes = await sharp({
        create: { width, height, channels: 3, background: { r: 214, g: 160, b: 130 } },
      })
        .webp({ quality: 60 })
        .toBuffer();
      return { variant, width, height, bytes };
    }),
  );
}
