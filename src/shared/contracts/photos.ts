import { z } from 'zod';
import { idSchema, optionalIdSchema, requiredText } from './common';

/** design §10: a member keeps up to six photos; position 1 is the main photo. */
export const MAX_PHOTOS = 6;

/** 1 pending (waits for an admin), 2 approved (public), 3 rejected (only the owner sees it, with the reason). */
export const PHOTO_STATUS = { pending: 1, approved: 2, rejected: 3 } as const;
export type PhotoStatus = (typeof PHOTO_STATUS)[keyof typeof PHOTO_STATUS];

export const PHOTO_REASON_MAX = 300;

/** The request may carry an 8 MB image as base64 (a third larger) plus the data URL's prefix. */
const photoImageSchema = z
  .string({ error: 'Elige una imagen' })
  .min(1, 'Elige una imagen')
  .max(12 * 1024 * 1024, 'La imagen no puede pesar más de 8 MB');

/** One photo's picture: `url` for `src`, `srcset` for responsive pages. */
export interface PhotoSources {
  url: string;
  srcset: string;
}

/** An approved photo as others see it: clear for members and admins, blurred for visitors. */
export interface PublicPhoto extends PhotoSources {
  id: number;
}

/** The caller's own photo (client/photos/get): always the clear picture, whatever its status. */
export interface MemberPhoto extends PhotoSources {
  id: number;
  status_id: PhotoStatus;
  position: number;
  /** The moderator's Spanish reason when rejected, else null. */
  reason: string | null;
}

// --- client/photos/get ---------------------------------------------------------

export const photosGetBody = z.object({ client_id: optionalIdSchema }).optional();
export type PhotosGetBody = z.input<typeof photosGetBody>;

export interface PhotosGetResponse {
  status: 'success';
  message: string;
  /** In position order. */
  photos: MemberPhoto[];
}

// --- client/photos/add ---------------------------------------------------------

/** `image` is a data URL of a PNG, JPEG or WebP (decoded ≤ 8 MB, ≤ 50 megapixels). */
export const photosAddBody = z.object({ client_id: optionalIdSchema, image: photoImageSchema });
export type PhotosAddBody = z.input<typeof photosAddBody>;

export interface PhotosAddResponse {
  status: 'success';
  message: string;
  /** The new photo, pending, placed last. */
  photo: MemberPhoto;
  photos: MemberPhoto[];
}

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

export interface PhotosUpdateResponse {
  status: 'success';
  message: string;
  photos: MemberPhoto[];
}

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

export interface ModeratedPhoto extends PhotoSources {
  id: number;
  client_id: number;
  status_id: PhotoStatus;
  reason: string | null;
}

export interface AdminPhotosUpdateResponse {
  status: 'success';
  message: string;
  photo: ModeratedPhoto;
}

// --- admin/dashboard `photos` ---------------------------------------------------

/** A pending photo in the moderation queue, oldest first. */
export interface PendingPhoto extends PhotoSources {
  id: number;
  client_id: number;
  /** The member's full name, as the pending adverts show it. */
  client: string;
  position: number;
  created_at: string;
}
