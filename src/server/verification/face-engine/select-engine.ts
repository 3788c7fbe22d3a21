import type { FaceEngine } from './face-engine';
import { StandInFaceEngine } from './stand-in-engine';

/**
 * The engine the config's FACE_ENGINE names (docs/design/27-verified.md). The app makes one at
 * start and closes it on shutdown. The self-hosted model is loaded only when asked for: the
 * stand-in's servers (tests, the demo) never load its weights.
 */
export async function createFaceEngine(kind: 'stand-in' | 'human'): Promise<FaceEngine> {
  if (kind === 'human') {
    const { createHumanEngine } = await import('./human-engine');
    return createHumanEngine();
  }
  return new StandInFaceEngine();
}
