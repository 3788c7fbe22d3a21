/**
 * How the self-hosted engine turns what `@vladmandic/human` saw in one photo into the answers of
 * docs/design/27-verified.md: how many faces, and whether the asked gesture is there. Left and
 * right are hers, as in a photo that is not mirrored: «gira a tu izquierda» turns her nose
 * towards the right-hand side of the picture, which Human calls "facing left".
 */
import type { FaceResult, HandResult, Result } from '@vladmandic/human';
import type { Gesture, SelfieReading } from './face-engine';

/**
 * Human reports a mouth "open" from 10 %; faces at rest, smiling or pouting read 10–27 % on the
 * library's own samples and open mouths 51–63 %, so the asked gesture needs a mouth clearly open.
 */
export const MOUTH_OPEN_MIN_PERCENT = 30;

/** What one selfie gives: the reading, and her face's embedding when there is exactly one face. */
export interface SelfieFace {
  reading: SelfieReading;
  embedding: number[] | null;
}

/** The only face in the photo, or null when there is none or more than one. */
export function singleFace(result: Result | null): FaceResult | null {
  return result?.face.length === 1 ? result.face[0]! : null;
}

export function readSelfie(result: Result | null, gesture: Gesture): SelfieFace {
  const faces = result?.face.length ?? 0;
  const face = singleFace(result);
  if (!result || !face) return { reading: { faces, gesture_seen: false }, embedding: null };
  return {
    reading: { faces, gesture_seen: gestureSeen(result, face, gesture) },
    embedding: face.embedding?.length ? face.embedding : null,
  };
}

/** The gestures Human names for the photo's only face (index 0). */
function faceGestures(result: Result): string[] {
  return result.gesture.flatMap((seen) => ('face' in seen && seen.face === 0 ? [seen.gesture] : []));
}

function mouthOpenPercent(gestures: string[]): number {
  for (const gesture of gestures) {
    const open = /^mouth (\d+)% open$/.exec(gesture);
    if (open) return Number(open[1]);
  }
  return 0;
}

/** Above this share of its box inside the face's box, a "hand" is the face itself misread. */
const HAND_INSIDE_FACE_MAX = 0.75;

function shareInside(inner: FaceResult['box'], outer: FaceResult['box']): number {
  const width = Math.min(inner[0] + inner[2], outer[0] + outer[2]) - Math.max(inner[0], outer[0]);
  const height = Math.min(inner[1] + inner[3], outer[1] + outer[3]) - Math.max(inner[1], outer[1]);
  const area = inner[2] * inner[3];
  return width > 0 && height > 0 && area > 0 ? (width * height) / area : 0;
}

/**
 * A hand whose fingers were found, held up with its highest point above her chin. The hand
 * detector also reads parts of a face as a hand: one that lies within the face does not count.
 */
function handRaised(hands: HandResult[], face: FaceResult): boolean {
  const chin = face.box[1] + face.box[3];
  return hands.some(
    (hand) =>
      hand.keypoints.length > 0 &&
      shareInside(hand.box, face.box) <= HAND_INSIDE_FACE_MAX &&
      Math.min(...hand.keypoints.map((point) => point[1])) < chin,
  );
}

export function gestureSeen(result: Result, face: FaceResult, gesture: Gesture): boolean {
  const gestures = faceGestures(result);
  switch (gesture) {
    case 'turn_left':
      return gestures.includes('facing left');
    case 'turn_right':
      return gestures.includes('facing right');
    case 'look_up':
      return gestures.includes('head up');
    case 'mouth_open':
      return mouthOpenPercent(gestures) >= MOUTH_OPEN_MIN_PERCENT;
    case 'eye_closed':
      // One eye, as asked: both closed is an ordinary blink caught by the shutter. Human tells
      // an eye closed from the iris model's eyelids, which this gesture's reading turns on.
      return gestures.includes('blink left eye') !== gestures.includes('blink right eye');
    case 'hand_raised':
      return handRaised(result.hand, face);
  }
}
