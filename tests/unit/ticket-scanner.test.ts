import { BinaryBitmap, HybridBinarizer, RGBLuminanceSource } from '@zxing/library';
import { PNG } from 'pngjs';
import QRCode from 'qrcode';
import { describe, expect, it } from 'vitest';
import {
  createTicketReader,
  REPEAT_WINDOW_MS,
  repeatFilter,
} from '../../src/web/features/admin/events/ticket-scanner';

/** A QR image as a phone's camera would hand it over: a PNG, read back into grey pixels. */
async function qrFrame(text: string): Promise<BinaryBitmap> {
  const png = PNG.sync.read(await QRCode.toBuffer(text, { type: 'png', scale: 6, margin: 4 }));
  const grey = new Uint8ClampedArray(png.width * png.height);
  for (let index = 0; index < grey.length; index++) {
    const [red, green, blue] = [png.data[index * 4]!, png.data[index * 4 + 1]!, png.data[index * 4 + 2]!];
    grey[index] = Math.round((red + green + blue) / 3);
  }
  return new BinaryBitmap(new HybridBinarizer(new RGBLuminanceSource(grey, png.width, png.height)));
}

describe('door scanner wiring', () => {
  it('reads a ticket code back from its QR image with the reader the door page uses', async () => {
    const code = 'q3Vx9_Lk2-Hh8ZpT0aYbWcRmNs4uE7dF';
    const result = createTicketReader().decodeBitmap(await qrFrame(code));
    expect(result.getText()).toBe(code);
  });

  it('finds nothing in a frame without a QR code', () => {
    const blank = new Uint8ClampedArray(200 * 200).fill(255);
    const frame = new BinaryBitmap(new HybridBinarizer(new RGBLuminanceSource(blank, 200, 200)));
    expect(() => createTicketReader().decodeBitmap(frame)).toThrow();
  });

  it('passes a code on once while the camera keeps seeing it, and again after a pause', () => {
    let now = 1_000;
    const seen: string[] = [];
    const onFrame = repeatFilter(
      (code) => seen.push(code),
      () => now,
    );
    onFrame('AAA');
    now += 200;
    onFrame('AAA');
    onFrame('BBB');
    now += REPEAT_WINDOW_MS;
    onFrame('BBB');
    expect(seen).toEqual(['AAA', 'BBB', 'BBB']);
  });
});
