/**
 * The face engine behind «Foto verificada» (docs/design/27-verified.md). It only reads and ranks:
 * it never approves, a moderator does. Two implementations: the stand-in of canned results (tests,
 * demo: `FACE_ENGINE=stand-in`) and the self-hosted model (`FACE_ENGINE=human`), which runs in a
 * child process at idle priority so that no image leaves the server and other calls keep their speed.
 */

/** The gestures a challenge draws two of. */
export const GESTURES = [
  'turn_left',
  'turn_right',
  'look_up',
  'mouth_open',
  'eye_closed',
  'hand_raised',
] as const;
export type Gesture = (typeof GESTURES)[number];

/** One selfie as the engine read it. */
export interface SelfieReading {
  /** How many faces it found (1 is the only acceptable answer). */
  faces: number;
  /** Whether the asked gesture is present (false when `faces !== 1`). */
  gesture_seen: boolean;
}

/** What the engine read from one verification attempt. Scores are 0..1, uncalibrated: they rank. */
export interface FaceReading {
  selfies: [SelfieReading, SelfieReading];
  /** Similarity of the two selfies' faces; null when either has not exactly one face. */
  same_person: number | null;
  /** Similarity of the first selfie's face to each approved photo; null score when a photo has no single face. */
  photos: { photo_id: number; score: number | null }[];
}

export interface FaceEngineInput {
  /** The two selfies (JPEG or PNG bytes) with the gesture each was asked for. */
  selfies: [{ image: Buffer; gesture: Gesture }, { image: Buffer; gesture: Gesture }];
  /** Her approved photos (the largest stored variant's bytes). */
  photos: { photo_id: number; image: Buffer }[];
}

export interface FaceEngine {
  read(input: FaceEngineInput): Promise<FaceReading>;
  /** Frees the models and their process (tests and shutdown). */
  close(): Promise<void>;
}
