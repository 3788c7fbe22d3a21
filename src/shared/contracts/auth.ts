import { z } from 'zod';
import { ageOn } from '../domain/compatibility';
import { GENDERS } from '../domain/genders';
import {
  dateSchema,
  emailSchema,
  loginPasswordSchema,
  optionalIdSchema,
  passwordSchema,
  requiredText,
  shortText,
  successAnswer,
} from './common';

export const genderSchema = z.union(
  GENDERS.map((gender) => z.literal(gender.id)),
  { error: 'Elige un género válido' },
);

export const ADULT_AGE = 18;

/** The site is for adults: a birthday 18 or more years ago in Mexico City, and not absurdly old. */
export const birthdaySchema = dateSchema
  .refine((day) => ageOn(day, new Date()) >= ADULT_AGE, 'Debes ser mayor de edad (18 años o más)')
  .refine((day) => ageOn(day, new Date()) <= 120, 'Escribe una fecha de nacimiento válida');

export const clientSignUpSchema = z.object({
  first_name: requiredText('tu nombre', 80),
  last_name: requiredText('tu apellido', 80),
  email: emailSchema,
  // The specification marks the phone as required in its label but does not check it.
  phone: shortText('tu teléfono', 30).default(''),
  birthday: birthdaySchema,
  gender: genderSchema.default(1),
  occupation: shortText('tu ocupación', 120).default(''),
  instagram: shortText('tu Instagram', 60).default(''),
  password: passwordSchema,
  // Gender 3 is sensitive personal data under the LFPDPPP: express consent (docs/design/13-trust.md).
  privacy_consent: z.literal(true, { error: 'Acepta el aviso de privacidad para crear tu cuenta' }),
});
export type ClientSignUp = z.input<typeof clientSignUpSchema>;

export const clientAddBody = z.object({
  client: clientSignUpSchema,
  /**
   * The token of the invite link she came through (docs/design/25-organizers.md), if any. The server looks it
   * up; an unknown, blank or malformed one is ignored and the account is created all the same.
   */
  invite: z.string().max(200, 'La invitación no es válida').optional(),
});
export type ClientAddBody = z.input<typeof clientAddBody>;

export const accessSchema = z.object({ email: emailSchema, password: loginPasswordSchema });
export type Access = z.input<typeof accessSchema>;

export const loginBody = z.object({ access: accessSchema });
export type LoginBody = z.input<typeof loginBody>;

/** The one-time link `cita setup` prints: its token and the first admin's own password. */
export const adminFirstAccessBody = z.object({
  token: z
    .string({ error: 'Falta el enlace de primer acceso' })
    .min(1, 'Falta el enlace de primer acceso')
    .max(200),
  password: passwordSchema,
});
export type AdminFirstAccessBody = z.input<typeof adminFirstAccessBody>;

export const emptyBody = z.object({}).passthrough().optional();

export const clientIdBody = z.object({ client_id: optionalIdSchema });
export const adminIdBody = z.object({ admin_id: optionalIdSchema });

export const clientLoginResponseSchema = successAnswer({
  client_id: z.number(),
});
export type ClientLoginResponse = z.infer<typeof clientLoginResponseSchema>;

export const adminLoginResponseSchema = successAnswer({
  admin_id: z.number(),
});
export type AdminLoginResponse = z.infer<typeof adminLoginResponseSchema>;
