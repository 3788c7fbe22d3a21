import type { FastifyBaseLogger } from 'fastify';
import type { FaceEngine } from './face-engine';
import { StandInFaceEngine } from './stand-in-engine';

/**
 * The engine the config's FACE_ENGINE names (docs/design/27-verified.md). The app makes one at
 * start and closes it on shutdown. The self-hosted model is loaded only when asked for: the
 * stand-in's servers (tests, the demo) never load its weights. It loads in the background
 * (decision 0067): models that cannot load are told in the log, and each verification read fails
 * until a new child process starts.
 */
export async function createFaceEngine(
  kind: 'stand-in' | 'human',
  log: FastifyBaseLogger,
): Promise<FaceEngine> {
  if (kind === 'human') {
    const { createHumanEngine } = await import('./human-engine');
    const engine = createHumanEngine();
    engine.ready().catch((error: unknown) => log.error({ err: error }, 'face engine did not start'));
    return engine;
  }
  return new StandInFaceEngine();
}
