import { z } from 'zod';
import { es } from 'zod/locales';

// Spanish messages for every built-in zod check, on the server and in the forms alike.
z.config(es());

export const envelopeStatusSchema = z.enum(['success', 'warning', 'danger']);
export type EnvelopeStatus = z.infer<typeof envelopeStatusSchema>;

/**
 * The success answer of a call (docs/design/02-api-contract.md): the envelope with its data fields beside it. The
 * same schema serialises the answer on the server, describes it in the OpenAPI document and types
 * the web client.
 */
export function successAnswer<Shape extends z.ZodRawShape>(shape: Shape) {
  return z.object({ status: z.literal('success'), message: z.string(), ...shape });
}

/** The answer of a call that only reports what it did: status and message. */
export const messageAnswer = successAnswer({});

export const envelopeSchema = z.object({ status: envelopeStatusSchema, message: z.string() });
export type Envelope = z.infer<typeof envelopeSchema>;

/** Database ids: positive integers well inside the 32-bit range both databases use. */
export const idSchema = z
  .number({ error: 'Debe ser un número de identificación' })
  .int('Debe ser un número entero')
  .positive('Debe ser un número positivo')
  .max(2_147_483_647, 'El número es demasiado grande');

/** Ids the specification puts in bodies: accepted for compatibility, checked against the session. */
export const optionalIdSchema = idSchema.optional();

export const emailSchema = z
  .string({ error: 'Escribe tu correo electrónico' })
  .trim()
  .max(254, 'El correo es demasiado largo')
  .pipe(z.email({ error: 'Escribe un correo electrónico válido' }))
  .transform((email) => email.toLowerCase());

export const passwordSchema = z
  .string({ error: 'Escribe una contraseña' })
  .min(8, 'La contraseña debe tener al menos 8 caracteres')
  .max(200, 'La contraseña es demasiado larga');

/** Log-in takes any non-empty password: length rules apply when one is chosen, not when one is typed. */
export const loginPasswordSchema = z
  .string({ error: 'Escribe tu contraseña' })
  .min(1, 'Escribe tu contraseña')
  .max(200, 'La contraseña es demasiado larga');

export const dateSchema = z.iso.date({ error: 'Escribe una fecha válida (AAAA-MM-DD)' });
export const timeSchema = z
  .string({ error: 'Escribe una hora válida (HH:MM)' })
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Escribe una hora válida (HH:MM)');

/**
 * Characters no person types and that would be stored as garbage or abused: NUL, a lone UTF-16
 * surrogate (stored as U+FFFD otherwise) and the bidirectional overrides and isolates that make
 * a name read backwards (docs/design/13-trust.md).
 */
const UNSAFE_TEXT =
  /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]|[\u202A-\u202E\u2066-\u2069]/;
export const UNSAFE_TEXT_MESSAGE = 'contiene caracteres no permitidos';

export function isSafeText(text: string): boolean {
  return !text.includes('\u0000') && !UNSAFE_TEXT.test(text);
}

/** Every free text of the API: a string without the characters above. */
export function safeString(error: string) {
  return z.string({ error }).refine(isSafeText, UNSAFE_TEXT_MESSAGE);
}

export function shortText(label: string, max: number) {
  return safeString(`Escribe ${label}`)
    .trim()
    .max(max, `El campo ${label} admite a lo más ${max} caracteres`);
}

export function requiredText(label: string, max: number) {
  return shortText(label, max).min(1, `Escribe ${label}`);
}

/** Spanish names of payload fields, used to say which field is wrong. */
export const FIELD_LABELS: Record<string, string> = {
  first_name: 'nombre',
  last_name: 'apellido',
  email: 'correo electrónico',
  phone: 'teléfono',
  birthday: 'fecha de nacimiento',
  gender: 'género',
  occupation: 'ocupación',
  instagram: 'Instagram',
  password: 'contraseña',
  current: 'contraseña actual',
  new: 'nueva contraseña',
  current_password: 'contraseña actual',
  name: 'nombre',
  description: 'descripción',
  description_update: 'anuncio',
  status_id: 'estado',
  client_id: 'cliente',
  admin_id: 'administrador',
  event_id: 'evento',
  interested_id: 'anuncio',
  id: 'identificador',
  day: 'día',
  hour: 'hora',
  price_m: 'precio para hombres',
  price_w: 'precio para mujeres',
  limit_m: 'lugares para hombres',
  limit_w: 'lugares para mujeres',
  price_steps: 'precios de preventa',
  price: 'precio de preventa',
  until: 'fecha de la preventa',
  places: 'lugares de preventa',
  category: 'categorías',
  venue: 'lugar',
  address: 'dirección',
  city: 'ciudad',
  duration_minutes: 'duración',
  age_min: 'edad mínima',
  age_max: 'edad máxima',
  image: 'imagen',
  token: 'enlace de recuperación',
  contacted: 'contactados',
  search: 'búsqueda',
  page: 'página',
  target_client_id: 'persona',
  reason: 'motivo',
  text: 'comentario',
  privacy_consent: 'aviso de privacidad',
  action: 'acción',
  photo: 'foto',
  photo_id: 'foto',
  position: 'posición',
};

export function fieldLabel(path: readonly PropertyKey[]): string | undefined {
  for (let index = path.length - 1; index >= 0; index--) {
    const key = path[index];
    if (typeof key === 'string' && !/^\d+$/.test(key)) {
      if (/^q_\d+$/.test(key)) return `pregunta ${key.slice(2)}`;
      return FIELD_LABELS[key] ?? key;
    }
  }
  return undefined;
}

/** One readable Spanish sentence for a validation failure, naming the field. */
export function validationMessage(issue: { path: readonly PropertyKey[]; message: string }): string {
  const label = fieldLabel(issue.path);
  return label ? `Revisa el campo «${label}»: ${issue.message}` : `Datos inválidos: ${issue.message}`;
}
