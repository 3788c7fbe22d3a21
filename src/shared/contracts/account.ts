import { z } from 'zod';
import { quizAnswersSchema } from '../domain/quiz-questions';
import { clientSignUpSchema, genderSchema } from './auth';
import {
  emailSchema,
  loginPasswordSchema,
  optionalIdSchema,
  passwordSchema,
  safeString,
  successAnswer,
} from './common';

// --- profile -----------------------------------------------------------------

/**
 * The editable part of the profile: the sign-up's own fields and rules (e-mail and password
 * apart). The gender has no default here: an update that leaves it out must not reset it to 1.
 */
export const profileSchema = clientSignUpSchema
  .pick({ first_name: true, last_name: true, birthday: true, phone: true, instagram: true, occupation: true })
  .extend({
    gender: genderSchema,
    /** «Sólo personas verificadas pueden mostrarme interés» (docs/design/27-verified.md); absent: unchanged. */
    only_verified_interest: z.boolean({ error: 'Usa true o false' }).optional(),
  });
export type ProfileForm = z.input<typeof profileSchema>;
export type ValidProfile = z.output<typeof profileSchema>;

export const profileUpdateBody = z.object({ client_id: optionalIdSchema, profile: profileSchema });
export type ProfileUpdateBody = z.input<typeof profileUpdateBody>;

export const clientProfileSchema = z.object({
  id: z.number(),
  first_name: z.string(),
  last_name: z.string(),
  gender: z.number(),
  birthday: z.string().nullable(),
  occupation: z.string(),
  email: z.string(),
  phone: z.string(),
  instagram: z.string(),
  status_id: z.number(),
  date_creation: z.string(),
  age: z.number().nullable(),
  advert_id: z.number().nullable(),
  advert_status: z.number().nullable(),
  description: z.string().nullable(),
  only_verified_interest: z.boolean(),
});
export type ClientProfile = z.infer<typeof clientProfileSchema>;

export const profileResponseSchema = successAnswer({
  profile: clientProfileSchema,
});
export type ProfileResponse = z.infer<typeof profileResponseSchema>;

// --- password and deactivation -------------------------------------------------

export const passwordChangeSchema = z
  .object({ current: loginPasswordSchema, new: passwordSchema })
  .refine((password) => password.current !== password.new, {
    path: ['new'],
    message: 'La nueva contraseña debe ser distinta de la actual',
  });
export type PasswordChangeForm = z.input<typeof passwordChangeSchema>;

export const passwordUpdateBody = z.object({ client_id: optionalIdSchema, password: passwordChangeSchema });
export type PasswordUpdateBody = z.input<typeof passwordUpdateBody>;

export const deactivateBody = z.object({ client_id: optionalIdSchema, password: loginPasswordSchema });
export type DeactivateBody = z.input<typeof deactivateBody>;

export const passwordForgotBody = z.object({ email: emailSchema });
export type PasswordForgotBody = z.input<typeof passwordForgotBody>;

export const resetTokenSchema = z
  .string({ error: 'El enlace de recuperación no es válido' })
  .trim()
  .min(1, 'El enlace de recuperación no es válido')
  .max(200, 'El enlace de recuperación no es válido');

export const passwordResetBody = z.object({ token: resetTokenSchema, password: passwordSchema });
export type PasswordResetBody = z.input<typeof passwordResetBody>;

// --- own advert ------------------------------------------------------------------

export const ADVERT_MAX_LENGTH = 1000;

/**
 * The specification's update body; the "existing advert object" it also allows may carry more
 * fields (id, client, description), which are ignored: only the pending text and the requested
 * visibility are stored.
 */
export const advertRequestSchema = z.object({
  client_id: optionalIdSchema,
  status_id: z.union([z.literal(1), z.literal(2)], { error: 'Elige Activo o Inactivo' }),
  description_update: safeString('Escribe tu anuncio')
    .trim()
    .min(1, 'Escribe tu anuncio')
    .max(ADVERT_MAX_LENGTH, `El anuncio admite a lo más ${ADVERT_MAX_LENGTH} caracteres`),
});
export type AdvertRequestForm = z.input<typeof advertRequestSchema>;

export const advertUpdateBody = z.object({ advert: advertRequestSchema });
export type AdvertUpdateBody = z.input<typeof advertUpdateBody>;

export const ownAdvertSchema = z.object({
  id: z.number(),
  client_id: z.number(),
  client: z.string(),
  /** 1 visible, 2 not shown. */
  status_id: z.number(),
  /** The published text. */
  description: z.string(),
  /** Pending text awaiting approval, or null. */
  description_update: z.string().nullable(),
  /** Visibility requested with the pending text, or null. */
  status_update: z.number().nullable(),
});
export type OwnAdvert = z.infer<typeof ownAdvertSchema>;

export const advertGetResponseSchema = successAnswer({
  advert: ownAdvertSchema.nullable(),
});
export type AdvertGetResponse = z.infer<typeof advertGetResponseSchema>;

// --- own quiz ----------------------------------------------------------------------

/** A member's stored answers, with her id (client/quizz/get). */
export const quizzStoredSchema = quizAnswersSchema.extend({ client_id: z.number() });

export const quizzGetResponseSchema = successAnswer({
  quizz: quizzStoredSchema.nullable(),
});
export type QuizzGetResponse = z.infer<typeof quizzGetResponseSchema>;
