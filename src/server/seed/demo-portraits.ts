import { avataaars } from '@dicebear/collection';
import { createAvatar } from '@dicebear/core';
import sharp from 'sharp';
import { type PreparedImage, prepareImage } from '../platform/images/image-store';

/** Illustrated portraits (DiceBear's "Avataaars", free for commercial use): no photo of a real person. */
const PORTRAIT_SIZE = 600;

const LONG_HAIR = [
  'bob',
  'bun',
  'curly',
  'curvy',
  'bigHair',
  'frida',
  'longButNotTooLong',
  'miaWallace',
  'straight01',
  'straight02',
  'straightAndStrand',
] as const;
const SHORT_HAIR = [
  'shortCurly',
  'shortFlat',
  'shortRound',
  'shortWaved',
  'sides',
  'theCaesar',
  'theCaesarAndSidePart',
  'frizzle',
  'dreads01',
] as const;

/** Soft backgrounds in the site's warm palette; a member's second portrait takes the next one. */
export const PORTRAIT_BACKGROUNDS = ['f9d5c5', 'fbe3a1', 'd6d3f0', 'c7e3d4', 'bfe0f2', 'f7c6d9'] as const;

/** A member's portrait as PNG, the same every time for the same name (the seed). */
export async function renderDemoPortrait(
  name: string,
  gender: 1 | 2 | 3,
  background: string,
): Promise<Buffer> {
  const svg = createAvatar(avataaars, {
    seed: name,
    size: PORTRAIT_SIZE,
    top: gender === 1 ? [...LONG_HAIR] : gender === 2 ? [...SHORT_HAIR] : [...LONG_HAIR, ...SHORT_HAIR],
    facialHairProbability: gender === 2 ? 35 : 0,
    accessoriesProbability: 15,
    mouth: ['smile', 'default', 'twinkle'],
    eyes: ['default', 'happy', 'wink', 'side'],
    eyebrows: ['defaultNatural', 'raisedExcitedNatural', 'flatNatural', 'default'],
    skinColor: ['614335', 'd08b5b', 'ae5d29', 'edb98a', 'ffdbb4'],
    clothing: [
      'blazerAndShirt',
      'blazerAndSweater',
      'collarAndSweater',
      'hoodie',
      'shirtCrewNeck',
      'shirtScoopNeck',
      'shirtVNeck',
    ],
    backgroundColor: [background],
    backgroundType: ['solid'],
  }).toString();
  return sharp(Buffer.from(svg)).png().toBuffer();
}

// The portraits never change, so a process that loads the demo twice (the tests) encodes them once.
const prepared = new Map<string, Promise<PreparedImage>>();

/** A portrait checked and encoded through the upload path (prepareImage), as a member's upload would be. */
export function prepareDemoPortrait(
  name: string,
  gender: 1 | 2 | 3,
  background: string,
): Promise<PreparedImage> {
  const key = `${name}|${gender}|${background}`;
  let image = prepared.get(key);
  if (!image) {
    image = renderDemoPortrait(name, gender, background).then((png) => prepareImage(png, { blurred: true }));
    prepared.set(key, image);
  }
  return image;
}
