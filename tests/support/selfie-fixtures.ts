import { randomInt } from 'node:crypto';
import sharp from 'sharp';
import { dataUrl } from './images';

const colour = () => ({ r: randomInt(256), g: randomInt(256), b: randomInt(256) });

/** A selfie the stand-in engine reads as one face: two colours, drawn at random so its bytes are new. */
export async function faceSelfie(): Promise<string> {
  const patch = await sharp({ create: { width: 40, height: 40, channels: 3, background: colour() } })
    .png()
    .toBuffer();
  const bytes = await sharp({ create: { width: 120, height: 160, channels: 3, background: colour() } })
    .composite([{ input: patch, top: 30, left: 40 }])
    .jpeg()
    .toBuffer();
  return dataUrl(bytes, 'image/jpeg');
}

/** A selfie of one colour: the stand-in engine finds no face in it. */
export async function blankSelfie(): Promise<string> {
  const bytes = await sharp({ create: { width: 120, height: 160, channels: 3, background: colour() } })
    .png()
    .toBuffer();
  return dataUrl(bytes);
}
