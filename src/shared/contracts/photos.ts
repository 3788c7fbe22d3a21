import { z } from 'zod';
import { idSchema, optionalIdSchema, requiredText, successAnswer } from './common';

/** docs/design/10-photos.md: a member keeps up to six photos; position 1 is the main photo. */
export const MAX_PHOTOS = 6;

/** 1 pending (waits for an admin), 2 approved (public), 3 rejected (only the owner sees it, with the reason). */
export const PHOTO_STATUS = { pending: 1, approved: 2, rejected: 3 } as const;
export const photoStatusSchema = z.union([z.literal(1), z.literal(2), z.literal(3)]);
export type PhotoStatus = z.infer<typeof photoStatusSchema>;

export const PHOTO_REASON_MAX = 300;

/** The request may carry an 8 MB image as base64 (a third larger) plus the data URL's prefix. */
const photoImageSchema = z
  .string({ error: 'Elige una imagen' })
  .min(1, 'Elige una imagen')
  .max(12 * 1024 * 1024, 'La imagen no puede pesar más de 8 MB');

/** One photo's picture: `url` for `src`, `srcset` for responsive pages. */
export const photoSourcesSchema = z.object({ url: z.string(), srcset: z.string() });
export type PhotoSources = z.infer<typeof photoSourcesSchema>;

/** An approved photo as others see it: clear for members and admins, blurred for visitors. */
export const publicPhotoSchema = photoSourcesSchema.extend({ id: z.number() });
export type PublicPhoto = z.infer<typeof publicPhotoSchema>;

/** The caller's own photo (client/photos/get): always the clear picture, whatever its status. */
export const memberPhotoSchema = photoSourcesSchema.extend({
  id: z.number(),
  status_id: photoStatusSchema,
  position: z.number(),
  /** The moderator's Spanish reason when rejected, else null. */
  reason: z.string().nullable(),
});
export type MemberPhoto = z.infer<typeof memberPhotoSchema>;

// --- client/photos/get ---------------------------------------------------------

export const photosGetBody = z.object({ client_id: optionalIdSchema }).optional();
export type PhotosGetBody = z.input<typeof photosGetBody>;

export const photosGetResponseSchema = successAnswer({
  /** In position order. */
  photos: z.array(memberPhotoSchema),
});
export type PhotosGetResponse = z.infer<typeof photosGetResponseSchema>;

// --- client/photos/add ---------------------------------------------------------

/** `image` is a data URL of a PNG, JPEG or WebP (decoded ≤ 8 MB, ≤ 50 megapixels). */
export const photosAddBody = z.object({ client_id: optionalIdSchema, image: photoImageSchema });
export type PhotosAddBody = z.input<typeof photosAddBody>;

export const photosAddResponseSchema = successAnswer({
  /** The new photo, pending, placed last. */
  photo: memberPhotoSchema,
  photos: z.array(memberPhotoSchema),
});
export type PhotosAddResponse = z.infer<typeof photosAddResponseSchema>;

// --- client/photos/update ------------------------------------------------------

export const photosUpdateBody = z.object({
  client_id: optionalIdSchema,
  photo: z.object({
    id: idSchema,
    position: z
      .number({ error: 'Debe ser un número' })
      .int('Debe ser un número entero')
      .min(1, 'La posición empieza en 1')
      .max(MAX_PHOTOS, `La posición es a lo más ${MAX_PHOTOS}`),
  }),
});
export type PhotosUpdateBody = z.input<typeof photosUpdateBody>;

export const photosUpdateResponseSchema = successAnswer({
  photos: z.array(memberPhotoSchema),
});
export type PhotosUpdateResponse = z.infer<typeof photosUpdateResponseSchema>;

// --- client/photos/delete ------------------------------------------------------

export const photosDeleteBody = z.object({ client_id: optionalIdSchema, photo_id: idSchema });
export type PhotosDeleteBody = z.input<typeof photosDeleteBody>;

export type PhotosDeleteResponse = PhotosUpdateResponse;

// --- admin/photos/update -------------------------------------------------------

export const adminPhotosUpdateBody = z.object({
  admin_id: optionalIdSchema,
  photo: z
    .object({
      id: idSchema,
      status_id: z.union([z.literal(2), z.literal(3)], { error: 'Usa 2 para aprobar o 3 para rechazar' }),
      reason: requiredText('el motivo', PHOTO_REASON_MAX).optional(),
    })
    .refine((photo) => photo.status_id === 2 || Boolean(photo.reason), {
      message: 'Escribe el motivo del rechazo',
      path: ['reason'],
    }),
});
export type AdminPhotosUpdateBody = z.input<typeof adminPhotosUpdateBody>;

export const moderatedPhotoSchema = photoSourcesSchema.extend({
  id: z.number(),
  client_id: z.number(),
  status_id: photoStatusSchema,
  reason: z.string().nullable(),
});
export type ModeratedPhoto = z.infer<typeof moderatedPhotoSchema>;

export const adminPhotosUpdateResponseSchema = successAnswer({
  photo: moderatedPhotoSchema,
});
export type AdminPhotosUpdateResponse = z.infer<typeof adminPhotosUpdateResponseSchema>;

// --- admin/dashboard `photos` ---------------------------------------------------

/** A pending photo in the moderation queue, oldest first. */
export const pendingPhotoSchema = photoSourcesSchema.extend({
  id: z.number(),
  client_id: z.number(),
  /** The member's full name, as the pending adverts show it. */
  client: z.string(),
  position: z.number(),
  created_at: z.string(),
});
export type PendingPhoto = z.infer<typeof pendingPhotoSchema>;
