import type { FastifyInstance } from 'fastify';
import { adminPhotosUpdateBody, adminPhotosUpdateResponseSchema } from '../../shared/contracts/photos';
import { requireAdmin } from '../platform/auth/guards';
import { callOptions, ok, zodApp } from '../platform/http/envelope';
import { moderatePhoto } from './photo-moderation';

export async function registerPhotoModerationRoutes(app: FastifyInstance): Promise<void> {
  const api = zodApp(app, requireAdmin);

  api.post(
    '/admin/photos/update',
    callOptions(adminPhotosUpdateBody, adminPhotosUpdateResponseSchema),
    async (request) => {
      const photo = await moderatePhoto(app.db, request.adminId, request.body.photo);
      return ok(photo.status_id === 2 ? 'Foto aprobada' : 'Foto rechazada', { photo });
    },
  );
}
