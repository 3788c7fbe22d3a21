import type { FastifyInstance } from 'fastify';
import { registerAdminVerificationRoutes } from './admin-verification-routes';
import { registerClientVerificationRoutes } from './client-verification-routes';
import { createFaceEngine } from './face-engine/select-engine';
import { registerVerificationJobs } from './read-selfies';

/**
 * Verified (docs/design/27-verified.md): the app holds one face engine, made here from FACE_ENGINE
 * and closed on shutdown; the queue's jobs use it.
 */
export async function registerVerificationRoutes(app: FastifyInstance): Promise<void> {
  const engine = await createFaceEngine(app.config.faceEngine, app.log);
  app.addHook('onClose', async () => engine.close());
  registerVerificationJobs(app, engine);
  await app.register(registerClientVerificationRoutes);
  await app.register(registerAdminVerificationRoutes);
}
