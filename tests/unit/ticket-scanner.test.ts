import { PNG } from 'pngjs';
import QRCode from 'qrcode';
import { describe, expect, it } from 'vitest';
import {
  REPEAT_WINDOW_MS,
  readTicketCode,
  repeatFilter,
} from '../../src/web/features/admin/events/ticket-scanner';

/** A QR image as a phone's camera would hand it over: a PNG, read back into RGBA pixels. */
async function qrFrame(text: string): Promise<{ pixels: Uint8ClampedArray; width: number; height: number }> {
  const png = PNG.sync.read(await QRCode.toBuffer(text, { type: 'png', scale: 6, margin: 4 }));
  return { pixels: new Uint8ClampedArray(png.data), width: png.width, height: png.height };
}

/** The ticket's QR drawn module by module, sharp, as the browser test's fake camera shows it. */
function sharpFrame(text: string, side = 480) {
  const modules = QRCode.create(text, { errorCorrectionLevel: 'M' }).modules;
  const scale = Math.floor(side / (modules.size + 8));
  const offset = Math.floor((side - modules.size * scale) / 2);
  const pixels = new Uint8ClampedArray(side * side * 4).fill(255);
  for (let y = 0; y < modules.size * scale; y++) {
    for (let x = 0; x < modules.size * scale; x++) {
      if (!modules.get(Math.floor(y / scale), Math.floor(x / scale))) continue;
      const at = ((offset + y) * side + offset + x) * 4;
      pixels.fill(0, at, at + 3);
    }
  }
  return { pixels, width: side, height: side };
}

describe('door scanner', () => {
  it('reads a ticket code back from its QR image with the decoder the door page uses', async () => {
    const code = 'q3Vx9_Lk2-Hh8ZpT0aYbWcRmNs4uE7dF';
    const { pixels, width, height } = await qrFrame(code);
    expect(readTicketCode(pixels, width, height)).toBe(code);
  });

  it('reads the tickets whose data holds a false corner (ZXing never read these)', () => {
    for (const code of [
      'RBrhIR5CJ7GqOyq2GdoWzx6e6IV4hYpp',
      'ewR1T9B_sv-EkIgVmBFRilzBy_E9aoRj',
      'Uk2PHSWyIGputH4M2WnIzk58HhSC6Tkr',
      'PDxbzRFrVBEO186CZl_Vvh8OH4o2aJKw',
    ]) {
      const { pixels, width, height } = sharpFrame(code);
      expect(readTicketCode(pixels, width, height), code).toBe(code);
    }
  });

  it('finds nothing in a frame without a QR code', () => {
    expect(readTicketCode(new Uint8ClampedArray(200 * 200 * 4).fill(255), 200, 200)).toBeNull();
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
