import type { FastifyInstance } from 'fastify';
import {
  type MemberPhoto,
  photosAddBody,
  photosAddResponseSchema,
  photosDeleteBody,
  photosGetBody,
  photosGetResponseSchema,
  photosUpdateBody,
  photosUpdateResponseSchema,
} from '../../shared/contracts/photos';
import { requireClient } from '../platform/auth/guards';
import { IMAGE_BODY_LIMIT } from '../platform/http/body-limits';
import { callOptions, ok, zodApp } from '../platform/http/envelope';
import { addPhoto, deletePhoto, listOwnPhotos, movePhoto } from './member-photos';

/** A member's own photos (docs/design/10-photos.md): up to six, pending until an admin approves them. */
export async function registerClientPhotoRoutes(app: FastifyInstance): Promise<void> {
  const api = zodApp(app, requireClient);

  api.post('/client/photos/get', callOptions(photosGetBody, photosGetResponseSchema), async (request) => {
    return ok('Tus fotos', { photos: await listOwnPhotos(app.db, request.clientId) });
  });

  api.post(
    '/client/photos/add',
    callOptions(photosAddBody, photosAddResponseSchema, { bodyLimit: IMAGE_BODY_LIMIT }),
    async (request) => {
      const id = await addPhoto(app, request.clientId, request.body.image);
      const photos = await listOwnPhotos(app.db, request.clientId);
      const photo = photos.find((candidate) => candidate.id === id) as MemberPhoto;
      return ok('Foto recibida: la verás publicada cuando un administrador la apruebe', { photo, photos });
    },
  );

  api.post(
    '/client/photos/update',
    callOptions(photosUpdateBody, photosUpdateResponseSchema),
    async (request) => {
      await movePhoto(app, request.clientId, request.body.photo.id, request.body.photo.position);
      return ok('Orden de fotos guardado', { photos: await listOwnPhotos(app.db, request.clientId) });
    },
  );

  api.post(
    '/client/photos/delete',
    callOptions(photosDeleteBody, photosUpdateResponseSchema),
    async (request) => {
      await deletePhoto(app, request.clientId, request.body.photo_id);
      return ok('Foto eliminada', { photos: await listOwnPhotos(app.db, request.clientId) });
    },
  );
}
