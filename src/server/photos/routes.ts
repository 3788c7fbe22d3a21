import type { FastifyInstance } from 'fastify';
import { registerClientPhotoRoutes } from './client-photo-routes';
import { registerPhotoModerationRoutes } from './photo-moderation-routes';

/** Member photos: a member's own gallery and the admins' moderation. */
export async function registerPhotoRoutes(app: FastifyInstance): Promise<void> {
  await app.register(registerClientPhotoRoutes);
  await app.register(registerPhotoModerationRoutes);
}
