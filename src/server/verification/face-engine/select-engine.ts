import type { FastifyBaseLogger } from 'fastify';
import type { FaceEngine } from './face-engine';
import { createHumanEngine } from './human-engine';
import { StandInFaceEngine } from './stand-in-engine';

/**
 * The engine the config's FACE_ENGINE names (docs/design/27-verified.md). The app makes one at
 * start and closes it on shutdown. The self-hosted model loads in the background (decision
 * 0067); models that cannot load are told in the log, and each verification read fails until a
 * new worker starts.
 */
export function createFaceEngine(kind: 'stand-in' | 'human', log: FastifyBaseLogger): FaceEngine {
  if (kind === 'human') {
    const engine = createHumanEngine();
    engine.ready().catch((error: unknown) => log.error({ err: error }, 'face engine did not start'));
    return engine;
  }
  return new StandInFaceEngine();
}
