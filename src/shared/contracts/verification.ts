import { z } from 'zod';
import { GESTURE_NAMES } from '../domain/verification';
import { idSchema, optionalIdSchema, requiredText, successAnswer } from './common';
import { photoSourcesSchema } from './photos';

/** `verified` in every member entry (docs/design/27-verified.md). */
export const verifiedMarkSchema = z.object({
  /** Month of the latest «Coincide» at a door, 'YYYY-MM', or null. */
  in_person: z.string().nullable(),
  /** True while her main photo is one a moderator marked as hers. */
  photo: z.boolean(),
});

export const gestureSchema = z.enum(GESTURE_NAMES);

export const VERIFICATION_REASON_MAX = 300;

/** A selfie as the camera gives it: a JPEG, PNG or WebP data URL (decoded ≤ 4 MB). */
const selfieSchema = z
  .string({ error: 'Falta una foto' })
  .min(1, 'Falta una foto')
  .max(Math.ceil((4 * 1024 * 1024 * 4) / 3) + 64, 'Cada foto puede pesar a lo más 4 MB');

// --- client/verification/get ---------------------------------------------------

export const verificationGetBody = z.object({ client_id: optionalIdSchema }).optional();
export type VerificationGetBody = z.input<typeof verificationGetBody>;

export const photoVerificationSchema = z.object({
  status: z.enum(['none', 'pending', 'verified', 'rejected']),
  /** When it was sent (pending) or decided, ISO; null when none. */
  at: z.string().nullable(),
  /** The Spanish reason of a rejection (the engine's or the moderator's). */
  reason: z.string().nullable(),
  /** Her photos a moderator marked as hers. */
  photo_ids: z.array(z.number()),
  /** True while the engine is still reading her selfies: the page asks again in a moment. */
  checking: z.boolean(),
});
export type PhotoVerification = z.infer<typeof photoVerificationSchema>;

export const verificationGetAnswer = successAnswer({
  in_person: z.object({ month: z.string(), event: z.string() }).nullable(),
  photo: photoVerificationSchema,
});
export type VerificationGetAnswer = z.infer<typeof verificationGetAnswer>;

// --- client/verification/start -------------------------------------------------

export const CONSENT_REQUIRED = 'Para verificar tu foto necesitamos tu consentimiento expreso';

export const verificationStartBody = z.object({
  client_id: optionalIdSchema,
  consent: z.literal(true, { error: CONSENT_REQUIRED }),
});
export type VerificationStartBody = z.input<typeof verificationStartBody>;

export const verificationStartAnswer = successAnswer({
  challenge_id: z.number(),
  gestures: z.tuple([gestureSchema, gestureSchema]),
  expires_at: z.string(),
});
export type VerificationStartAnswer = z.infer<typeof verificationStartAnswer>;

// --- client/verification/add ---------------------------------------------------

export const verificationAddBody = z.object({
  client_id: optionalIdSchema,
  challenge_id: idSchema,
  images: z.tuple([selfieSchema, selfieSchema], { error: 'Envía las dos fotos' }),
});
export type VerificationAddBody = z.input<typeof verificationAddBody>;

export const verificationAddAnswer = successAnswer({ photo: photoVerificationSchema });
export type VerificationAddAnswer = z.infer<typeof verificationAddAnswer>;

// --- client/verification/delete ------------------------------------------------

export const verificationDeleteBody = z.object({ client_id: optionalIdSchema }).optional();
export type VerificationDeleteBody = z.input<typeof verificationDeleteBody>;

export const verificationDeleteAnswer = successAnswer({ photo: photoVerificationSchema });

// --- admin/verifications/get ---------------------------------------------------

export const adminVerificationsGetBody = z.object({ admin_id: optionalIdSchema }).optional();

/** What the engine read: uncalibrated scores that only rank the queue. */
export const faceScoresSchema = z.object({
  selfies: z.array(z.object({ faces: z.number(), gesture_seen: z.boolean() })),
  same_person: z.number().nullable(),
  photos: z.array(z.object({ photo_id: z.number(), score: z.number().nullable() })),
});
export type FaceScores = z.infer<typeof faceScoresSchema>;

export const queuedVerificationSchema = z.object({
  id: z.number(),
  client_id: z.number(),
  /** Her full name. */
  client: z.string(),
  gender: z.number(),
  /** 'selfie': her request; 'door': a «No coincide» at a check-in. */
  source: z.enum(['selfie', 'door']),
  /** The night of a door report. */
  event: z.object({ id: z.number(), name: z.string(), day: z.string() }).nullable(),
  gestures: z.array(gestureSchema),
  scores: faceScoresSchema.nullable(),
  /** The two selfies as data URLs (only until the decision). */
  selfies: z.array(z.string()),
  /** Her approved photos in order (the first is the main one). */
  photos: z.array(photoSourcesSchema.extend({ id: z.number() })),
  verified: verifiedMarkSchema,
  created_at: z.string(),
});
export type QueuedVerification = z.infer<typeof queuedVerificationSchema>;

export const adminVerificationsGetAnswer = successAnswer({
  verifications: z.array(queuedVerificationSchema),
});
export type AdminVerificationsGetAnswer = z.infer<typeof adminVerificationsGetAnswer>;

// --- admin/verification/update -------------------------------------------------

export const adminVerificationUpdateBody = z.object({
  admin_id: optionalIdSchema,
  verification: z
    .object({
      id: idSchema,
      status_id: z.union([z.literal(2), z.literal(3)], { error: 'Usa 2 para aprobar o 3 para rechazar' }),
      photo_ids: z.array(idSchema).max(6, 'Son a lo más 6 fotos').optional(),
      reason: requiredText('el motivo', VERIFICATION_REASON_MAX).optional(),
    })
    .refine((verification) => verification.status_id === 2 || Boolean(verification.reason), {
      message: 'Escribe el motivo del rechazo',
      path: ['reason'],
    }),
});
export type AdminVerificationUpdateBody = z.input<typeof adminVerificationUpdateBody>;

export const adminVerificationUpdateAnswer = successAnswer({
  verification: z.object({ id: z.number(), client_id: z.number(), status_id: z.number() }),
});

// --- admin/event/face-match ----------------------------------------------------

export const faceMatchBody = z.object({
  admin_id: optionalIdSchema,
  event_id: idSchema,
  client_id: idSchema,
  match: z.boolean({ error: 'Indica si coincide o no' }),
});
export type FaceMatchBody = z.input<typeof faceMatchBody>;

export const faceMatchAnswer = successAnswer({ verified: verifiedMarkSchema });
export type FaceMatchAnswer = z.infer<typeof faceMatchAnswer>;
