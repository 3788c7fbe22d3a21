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
import { ok, zodApp } from '../platform/http/envelope';
import { addPhoto, deletePhoto, listOwnPhotos, movePhoto } from './member-photos';

/** A member's own photos (design §10): up to six, pending until an admin approves them. */
export async function registerClientPhotoRoutes(app: FastifyInstance): Promise<void> {
  const api = zodApp(app);
  api.addHook('preHandler', requireClient);

  api.post(
    '/client/photos/get',
    { schema: { body: photosGetBody, response: { 200: photosGetResponseSchema } } },
    async (request) => {
      return ok('Tus fotos', { photos: await listOwnPhotos(app.db, request.clientId) });
    },
  );

  api.post(
    '/client/photos/add',
    {
      schema: { body: photosAddBody, response: { 200: photosAddResponseSchema } },
      bodyLimit: IMAGE_BODY_LIMIT,
    },
    async (request) => {
      const id = await addPhoto(app, request.clientId, request.body.image);
      const photos = await listOwnPhotos(app.db, request.clientId);
      const photo = photos.find((candidate) => candidate.id === id) as MemberPhoto;
      return ok('Foto recibida: la verás publicada cuando un administrador la apruebe', { photo, photos });
    },
  );

  api.post(
    '/client/photos/update',
    { schema: { body: photosUpdateBody, response: { 200: photosUpdateResponseSchema } } },
    async (request) => {
      await movePhoto(app, request.clientId, request.body.photo.id, request.body.photo.position);
      return ok('Orden de fotos guardado', { photos: await listOwnPhotos(app.db, request.clientId) });
    },
  );

  api.post(
    '/client/photos/delete',
    { schema: { body: photosDeleteBody, response: { 200: photosUpdateResponseSchema } } },
    async (request) => {
      await deletePhoto(app, request.clientId, request.body.photo_id);
      return ok('Foto eliminada', { photos: await listOwnPhotos(app.db, request.clientId) });
    },
  );
}
