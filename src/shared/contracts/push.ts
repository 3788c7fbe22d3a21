import { z } from 'zod';
import { NOTIFICATION_KINDS } from '../domain/notification-kinds';
import { optionalIdSchema, successAnswer } from './common';

/**
 * Web Push (docs/design/21-pocket.md): a member's devices and the kinds of notification she wants. Which
 * hosts an endpoint may be on is the server's rule (PUSH_ENDPOINT_HOSTS), checked there.
 */

/** Longer than any push service's endpoint, short enough for a unique index on both databases. */
export const PUSH_ENDPOINT_MAX = 1024;

const endpointSchema = z
  .string({ error: 'Falta la dirección de la suscripción' })
  .max(PUSH_ENDPOINT_MAX, 'La dirección de la suscripción es demasiado larga')
  .refine((endpoint) => URL.canParse(endpoint), 'La dirección de la suscripción no es válida');

const BASE64URL = /^[A-Za-z0-9_-]+={0,2}$/;

/** Bytes of a base64url text, or null when it is not base64url. */
function base64UrlLength(text: string): number | null {
  if (!BASE64URL.test(text)) return null;
  const bare = text.replace(/=+$/, '');
  if (bare.length % 4 === 1) return null;
  return Math.floor((bare.length * 3) / 4);
}

/** The browser's P-256 public key: an uncompressed point, 65 bytes starting with 0x04. */
const p256dhSchema = z
  .string({ error: 'Falta la clave de cifrado del dispositivo' })
  .max(100, 'La clave de cifrado del dispositivo no es válida')
  .refine(
    (key) => base64UrlLength(key) === 65 && key.startsWith('B'),
    'La clave de cifrado del dispositivo no es válida',
  );

/** The browser's 16-byte auth secret. */
const authSchema = z
  .string({ error: 'Falta el secreto de autenticación del dispositivo' })
  .max(30, 'El secreto de autenticación del dispositivo no es válido')
  .refine((key) => base64UrlLength(key) === 16, 'El secreto de autenticación del dispositivo no es válido');

/** What `PushSubscription.toJSON()` gives (its expirationTime is ignored). */
export const pushSubscriptionSchema = z.object(
  {
    endpoint: endpointSchema,
    keys: z.object(
      { p256dh: p256dhSchema, auth: authSchema },
      { error: 'Faltan las claves de la suscripción' },
    ),
  },
  { error: 'Falta la suscripción del dispositivo' },
);
export type PushSubscriptionInput = z.input<typeof pushSubscriptionSchema>;

export const pushKeyBody = z.object({ client_id: optionalIdSchema }).optional();
export const pushKeyAnswer = successAnswer({
  /** The VAPID public key, base64url: `applicationServerKey` of pushManager.subscribe. */
  public_key: z.string(),
});

export const pushSubscribeBody = z.object({
  client_id: optionalIdSchema,
  subscription: pushSubscriptionSchema,
});
export type PushSubscribeBody = z.input<typeof pushSubscribeBody>;
export const pushSubscribeAnswer = successAnswer({ public_key: z.string() });

export const pushUnsubscribeBody = z.object({ client_id: optionalIdSchema, endpoint: endpointSchema });
export type PushUnsubscribeBody = z.input<typeof pushUnsubscribeBody>;
export const pushUnsubscribeAnswer = successAnswer({});

const kindSchema = z.enum(NOTIFICATION_KINDS, { error: 'Ese tipo de aviso no existe' });

/** Every kind, on or off. */
export const pushPreferencesSchema = z.record(kindSchema, z.boolean());
export type PushPreferences = z.infer<typeof pushPreferencesSchema>;

export const pushPreferencesGetBody = z
  .object({
    client_id: optionalIdSchema,
    /** This device's endpoint, when it has a subscription: the answer says whether it is hers. */
    endpoint: endpointSchema.optional(),
  })
  .optional();
export type PushPreferencesGetBody = z.input<typeof pushPreferencesGetBody>;

export const pushPreferencesAnswer = successAnswer({
  preferences: pushPreferencesSchema,
  /** How many devices of hers receive notifications. */
  devices: z.number(),
  /** The endpoint sent is one of her subscriptions (false when none was sent). */
  this_device: z.boolean(),
});
export type PushPreferencesAnswer = z.infer<typeof pushPreferencesAnswer>;

export const pushPreferencesUpdateBody = z.object({
  client_id: optionalIdSchema,
  /** The kinds to change; the others stay as they are. */
  preferences: z.partialRecord(kindSchema, z.boolean({ error: 'Indica si quieres el aviso' })),
});
export type PushPreferencesUpdateBody = z.input<typeof pushPreferencesUpdateBody>;
