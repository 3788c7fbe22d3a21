import sharp from 'sharp';
import type { FaceEngine, FaceEngineInput, FaceReading, SelfieReading } from './face-engine';

/** The similarity the stand-in answers for every pair of faces. */
export const STAND_IN_SIMILARITY = 0.9;

/** True when every pixel has the same colour (the stand-in's "no face"). */
async function isSingleColour(image: Buffer): Promise<boolean> {
  const { channels } = await sharp(image).stats();
  return channels.every((channel) => channel.min === channel.max);
}

/**
 * Canned results for tests, the demo and `npm start` without a camera (docs/design/27-verified.md):
 * an image of a single colour holds no face; any other holds one face showing the asked gesture,
 * the same person as the other selfie, with similarity 0.9 to each approved photo. A reused
 * selfie is the app's check, not the engine's.
 */
export class StandInFaceEngine implements FaceEngine {
  async read(input: FaceEngineInput): Promise<FaceReading> {
    const selfies = (await Promise.all(
      input.selfies.map(async ({ image }): Promise<SelfieReading> => {
        const face = !(await isSingleColour(image));
        return { faces: face ? 1 : 0, gesture_seen: face };
      }),
    )) as [SelfieReading, SelfieReading];
    const bothFaces = selfies.every((selfie) => selfie.faces === 1);
    return {
      selfies,
      same_person: bothFaces ? STAND_IN_SIMILARITY : null,
      photos: input.photos.map(({ photo_id }) => ({
        photo_id,
        score: selfies[0].faces === 1 ? STAND_IN_SIMILARITY : null,
      })),
    };
  }

  async close(): Promise<void> {}
}
