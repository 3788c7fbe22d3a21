import type { FaceEngine } from './face-engine';
import { StandInFaceEngine } from './stand-in-engine';

/**
 * The engine the config's FACE_ENGINE names (docs/design/27-verified.md). The app makes one at
 * start and closes it on shutdown. Only the stand-in is in this build: a server told to use the
 * self-hosted model refuses to start rather than pretend.
 */
export function createFaceEngine(kind: 'stand-in' | 'human'): FaceEngine {
  if (kind === 'human') {
    throw new Error('FACE_ENGINE=human: el motor de rostros autoalojado no está incluido en esta versión');
  }
  return new StandInFaceEngine();
}
