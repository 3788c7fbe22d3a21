import { createHash } from 'node:crypto';
import type { Transaction } from 'kysely';
import sharp, { type Metadata, type OutputInfo } from 'sharp';
import { MAX_IMAGE_BYTES } from '../../../shared/contracts/admin-events';
import type { DB } from '../db/database';
import type { Database } from '../db/schema';
import { badRequest, payloadTooLarge } from '../errors';
import { nowIso } from '../time';

const ACCEPTED: Record<string, string> = { 'image/png': 'png', 'image/jpeg': 'jpeg', 'image/webp': 'webp' };
/** docs/design/10-photos.md: ≤ 50 megapixels, checked on the header before any pixel is decoded. */
export const MAX_IMAGE_PIXELS = 50_000_000;
/** The clear sizes a page picks from with srcset (docs/design/10-photos.md); an image is never enlarged. */
export const VARIANT_WIDTHS = [160, 480, 1080] as const;
/** WebP cannot hold more than 16383 px a side; a very tall picture is narrowed to fit this. */
const MAX_HEIGHT = 4096;
const EXTENSIONS: Record<string, string> = { 'image/webp': 'webp' };

export const INVALID_IMAGE = 'La imagen debe ser PNG, JPEG o WebP';
export const TOO_MANY_PIXELS = 'La imagen es demasiado grande: como máximo 50 megapíxeles';

/** Who may see an image: event images are public; a member photo's clear variants need a session. */
export type ImageKind = 'event' | 'photo';

/** The variant name of a photo's blurred picture, the only one visitors get (docs/design/10-photos.md). */
export const BLURRED_VARIANT = 'blur';
/** The blurred picture's width, and the tiny width it is smeared from: no face survives 24 px. */
const BLURRED_WIDTH = 480;
const BLURRED_SOURCE_WIDTH = 24;

export interface PreparedVariant {
  variant: string;
  width: number;
  height: number;
  contentType: string;
  bytes: Buffer;
}

/** An upload checked and encoded, ready to be stored inside the transaction of the change. */
export interface PreparedImage {
  version: string;
  width: number;
  height: number;
  variants: PreparedVariant[];
}

/** True when the field carries a new upload; anything else (empty, the URL already served) keeps the image. */
export function isImageUpload(image: string | null | undefined): image is string {
  return typeof image === 'string' && image.startsWith('data:');
}

function decodeDataUrl(dataUrl: string): { bytes: Buffer; declared: string | undefined } {
  const match = /^data:([\w/+.-]+);base64,([A-Za-z0-9+/=\s]*)$/.exec(dataUrl);
  const declared = match ? ACCEPTED[match[1]!.toLowerCase()] : undefined;
  if (!match || !declared) throw badRequest(INVALID_IMAGE);
  return { bytes: Buffer.from(match[2]!, 'base64'), declared };
}

/**
 * Checks an upload (a data URL from the API, or the bytes of a file) and encodes its variants:
 * the real format is what sharp reads from the bytes; a declared type that disagrees with it is
 * refused, and so is everything that is not PNG, JPEG or WebP (SVG included). The size comes
 * from the header, so a small file that declares a huge picture is refused before decoding.
 * Variants are WebP made from the EXIF-rotated picture with every piece of metadata dropped.
 * Runs outside any transaction: encoding takes a moment and must not hold the database.
 */
export async function prepareImage(
  input: string | Buffer,
  options: { blurred?: boolean } = {},
): Promise<PreparedImage> {
  const { bytes, declared } =
    typeof input === 'string' ? decodeDataUrl(input) : { bytes: input, declared: undefined };
  if (bytes.length > MAX_IMAGE_BYTES) throw payloadTooLarge('La imagen no puede pesar más de 8 MB');
  let header: Metadata;
  try {
    header = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw badRequest(INVALID_IMAGE);
  }
  if (!header.format || !Object.values(ACCEPTED).includes(header.format)) throw badRequest(INVALID_IMAGE);
  if (declared && header.format !== declared) {
    throw badRequest('El tipo declarado de la imagen no coincide con su contenido');
  }
  const { width, height } = header.autoOrient ?? header;
  if (!width || !height) throw badRequest(INVALID_IMAGE);
  if (width * height > MAX_IMAGE_PIXELS) throw payloadTooLarge(TOO_MANY_PIXELS);
  try {
    // Decoded once, at the largest size; the smaller variants are scaled down from it.
    const largest = await sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS })
      .autoOrient()
      .resize({
        width: VARIANT_WIDTHS.at(-1),
        height: MAX_HEIGHT,
        fit: 'inside',
        withoutEnlargement: true,
      })
      .raw()
      .toBuffer({ resolveWithObject: true });
    const base = largest.info.width;
    const widths = [...VARIANT_WIDTHS.filter((target) => target < base), base];
    const variants: PreparedVariant[] = await Promise.all(
      widths.map(async (target) => {
        const { data, info } = await sharp(largest.data, { raw: largest.info })
          .resize({ width: target })
          .webp({ quality: 80 })
          .toBuffer({ resolveWithObject: true });
        return {
          variant: String(target),
          width: info.width,
          height: info.height,
          contentType: 'image/webp',
          bytes: data,
        };
      }),
    );
    if (options.blurred) variants.push(await blurredVariant(largest.data, largest.info));
    const version = createHash('sha256').update(bytes).digest('hex').slice(0, 16);
    return { version, width, height, variants };
  } catch {
    throw badRequest(INVALID_IMAGE);
  }
}

/**
 * A strongly blurred copy for visitors: shrunk to a few pixels (which throws the face away, and
 * is cheap) and smoothed back up, so it reads as colour and shape only.
 */
async function blurredVariant(pixels: Buffer, raw: OutputInfo): Promise<PreparedVariant> {
  const tiny = await sharp(pixels, { raw })
    .resize({ width: Math.min(BLURRED_SOURCE_WIDTH, raw.width) })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const width = Math.min(BLURRED_WIDTH, raw.width);
  const { data, info } = await sharp(tiny.data, { raw: tiny.info })
    .resize({ width, kernel: 'cubic' })
    .blur(8)
    .webp({ quality: 60 })
    .toBuffer({ resolveWithObject: true });
  return {
    variant: BLURRED_VARIANT,
    width: info.width,
    height: info.height,
    contentType: 'image/webp',
    bytes: data,
  };
}

/** Stores a prepared image and its variants; call it inside the transaction of the change that uses it. */
export async function storeImage(
  trx: Transaction<Database>,
  kind: ImageKind,
  image: PreparedImage,
): Promise<{ id: number; version: string }> {
  const { id } = await trx
    .insertInto('images')
    .values({ kind, version: image.version, width: image.width, height: image.height, created_at: nowIso() })
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('image_variants')
    .values(
      image.variants.map((variant) => ({
        image_id: id,
        variant: variant.variant,
        width: variant.width,
        height: variant.height,
        content_type: variant.contentType,
        bytes: variant.bytes,
      })),
    )
    .execute();
  return { id, version: image.version };
}

/** Removes an image and all its variants; its URLs answer 404 from then on. */
export async function deleteImage(trx: Transaction<Database>, id: number): Promise<void> {
  await trx.deleteFrom('image_variants').where('image_id', '=', id).execute();
  await trx.deleteFrom('images').where('id', '=', id).execute();
}

export function imagePath(id: number, version: string, variant: string, contentType: string): string {
  return `/images/${id}/${version}/${variant}.${EXTENSIONS[contentType] ?? 'bin'}`;
}

/** The extension a variant's URL carries for its content type, or undefined for an unknown one. */
export function extensionOf(contentType: string): string | undefined {
  return EXTENSIONS[contentType];
}

export interface ImageSources {
  /** The largest clear variant: a good default for `src` and for link previews. */
  url: string;
  /** Every clear variant as `url widthw`, for `srcset`. */
  srcset: string;
  width: number;
  height: number;
}

/** The URLs of several images in one query, by image id. */
export async function imageSources(db: DB, ids: number[]): Promise<Map<number, ImageSources>> {
  const byImage = new Map<number, ImageSources>();
  if (ids.length === 0) return byImage;
  const rows = await db
    .selectFrom('image_variants')
    .innerJoin('images', 'images.id', 'image_variants.image_id')
    .select([
      'images.id',
      'images.version',
      'image_variants.variant',
      'image_variants.width',
      'image_variants.height',
      'image_variants.content_type',
    ])
    .where('images.id', 'in', [...new Set(ids)])
    .orderBy('images.id')
    .orderBy('image_variants.width')
    .execute();
  for (const row of rows) {
    if (!/^\d+$/.test(row.variant)) continue;
    const url = imagePath(row.id, row.version, row.variant, row.content_type);
    const previous = byImage.get(row.id);
    byImage.set(row.id, {
      url,
      srcset: previous ? `${previous.srcset}, ${url} ${row.width}w` : `${url} ${row.width}w`,
      width: row.width,
      height: row.height,
    });
  }
  return byImage;
}
