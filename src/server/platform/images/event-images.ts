import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { MAX_IMAGE_BYTES } from '../../../shared/contracts/admin-events';
import { AppError, badRequest } from '../errors';

const ACCEPTED: Record<string, string> = { 'image/png': 'png', 'image/jpeg': 'jpeg', 'image/webp': 'webp' };
const MAX_WIDTH = 1600;
export const INVALID_IMAGE = 'La imagen debe ser PNG, JPEG o WebP';

/** True when the field carries a new upload; anything else (empty, the URL already served) keeps the image. */
export function isImageUpload(image: string | null | undefined): image is string {
  return typeof image === 'string' && image.startsWith('data:');
}

/**
 * Turns an uploaded data URL into the PNG we serve. The real format is what sharp reads from
 * the bytes; a declared type that disagrees with it (a JPEG sent as image/png) is refused, and
 * so is everything that is not PNG, JPEG or WebP (SVG included). The result is re-encoded, so
 * metadata and anything hidden in the file are dropped.
 */
export async function prepareEventImage(dataUrl: string): Promise<Buffer> {
  const match = /^data:([\w/+.-]+);base64,([A-Za-z0-9+/=\s]*)$/.exec(dataUrl);
  const declared = match ? ACCEPTED[match[1]!.toLowerCase()] : undefined;
  if (!match || !declared) throw badRequest(INVALID_IMAGE);
  const bytes = Buffer.from(match[2]!, 'base64');
  if (bytes.length > MAX_IMAGE_BYTES) throw new AppError(413, 'La imagen no puede pesar más de 8 MB');
  let format: string | undefined;
  try {
    format = (await sharp(bytes, { limitInputPixels: 50_000_000 }).metadata()).format;
  } catch {
    throw badRequest(INVALID_IMAGE);
  }
  if (!format || !Object.values(ACCEPTED).includes(format)) throw badRequest(INVALID_IMAGE);
  if (format !== declared) throw badRequest('El tipo declarado de la imagen no coincide con su contenido');
  try {
    return await sharp(bytes, { limitInputPixels: 50_000_000 })
      .rotate()
      .resize({ width: MAX_WIDTH, withoutEnlargement: true })
      .png({ compressionLevel: 9 })
      .toBuffer();
  } catch {
    throw badRequest(INVALID_IMAGE);
  }
}

export function eventImagePath(dataDir: string, eventId: number): string {
  return path.join(dataDir, 'images', 'events', `${eventId}.png`);
}

/** Writes atomically: a reader never sees half a file. */
export async function writeEventImage(dataDir: string, eventId: number, png: Buffer): Promise<void> {
  const target = eventImagePath(dataDir, eventId);
  await fs.mkdir(path.dirname(target), { recursive: true });
  const temporary = `${target}.${process.pid}.${Date.now()}.tmp`;
  await fs.writeFile(temporary, png);
  await fs.rename(temporary, target);
}
