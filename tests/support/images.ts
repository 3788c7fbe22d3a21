import zlib from 'node:zlib';
import sharp from 'sharp';

export async function pngBytes(width: number, height: number, background = '#c2410c'): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer();
}

export function dataUrl(bytes: Buffer, type = 'image/png'): string {
  return `data:${type};base64,${bytes.toString('base64')}`;
}

/**
 * A decompression bomb: a valid 1×1 PNG whose header claims width × height. Decoding it would
 * allocate the declared pixels; only a check of the header before decoding refuses it cheaply.
 */
export async function pngClaiming(width: number, height: number): Promise<Buffer> {
  const png = Buffer.from(await pngBytes(1, 1));
  // Signature (8 bytes), then the IHDR chunk: length (4), type (4), width (4), height (4), …, CRC.
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(zlib.crc32(png.subarray(12, 29)), 29);
  return png;
}
