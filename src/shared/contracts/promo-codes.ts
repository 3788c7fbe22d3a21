import { z } from 'zod';
import { PROMO_CODE_PATTERN } from '../domain/promo-codes';
import { dateSchema, idSchema, optionalIdSchema, successAnswer } from './common';

/** A code as typed: 4–20 letters or digits, any case (docs/design/25-organizers.md). */
export const promoCodeSchema = z
  .string({ error: 'Escribe el código' })
  .trim()
  .regex(PROMO_CODE_PATTERN, 'El código lleva de 4 a 20 letras o números, sin espacios');

const optionalDay = z
  .union([dateSchema, z.literal('')])
  .nullable()
  .optional();
const optionalCount = z
  .number()
  .int('Debe ser un número entero')
  .min(1, 'Debe ser al menos 1')
  .max(1_000_000, 'Es demasiado alto')
  .nullable()
  .optional();

export const PROMO_CODE_ONE_DISCOUNT = 'Elige un porcentaje o un monto en pesos, no los dos';
export const PROMO_CODE_DATES_ORDER = 'La fecha de inicio no puede ser posterior a la de fin';

/** A discount as an admin sets it, on a code or on the reward for bringing someone. */
export const percentOffSchema = z
  .number()
  .int('El porcentaje debe ser un número entero')
  .min(1, 'El porcentaje va de 1 a 100')
  .max(100, 'El porcentaje va de 1 a 100')
  .nullable()
  .optional();
/** Pesos, as the event's prices. */
export const amountOffSchema = z
  .number()
  .min(0.01, 'El descuento en pesos debe ser mayor que 0')
  .max(1_000_000, 'Es demasiado alto')
  .nullable()
  .optional();

/** The fields an admin sets; one of percent_off and amount_off (pesos). */
const promoCodeFields = z.object({
  code: promoCodeSchema,
  percent_off: percentOffSchema,
  amount_off: amountOffSchema,
  /** Empty or absent: every event. */
  event_ids: z.array(idSchema).max(200, 'Son demasiados eventos').optional(),
  /** Empty or absent: every gender. */
  genders: z
    .array(z.union([z.literal(1), z.literal(2), z.literal(3)]))
    .max(3)
    .optional(),
  max_uses: optionalCount,
  max_uses_per_member: optionalCount,
  valid_from: optionalDay,
  valid_until: optionalDay,
  /** Off: members' checks refuse it; its uses and figures stay. Absent: on for a new code, unchanged on an update. */
  active: z.boolean().optional(),
});

export function oneDiscount(fields: { percent_off?: number | null; amount_off?: number | null }): boolean {
  return ((fields.percent_off ?? null) === null) !== ((fields.amount_off ?? null) === null);
}

function datesInOrder(fields: { valid_from?: string | null; valid_until?: string | null }): boolean {
  return !fields.valid_from || !fields.valid_until || fields.valid_from <= fields.valid_until;
}

export const adminCodesAddBody = promoCodeFields
  .extend({ admin_id: optionalIdSchema })
  .refine(oneDiscount, { message: PROMO_CODE_ONE_DISCOUNT, path: ['percent_off'] })
  .refine(datesInOrder, { message: PROMO_CODE_DATES_ORDER, path: ['valid_until'] });
export type AdminCodesAddBody = z.input<typeof adminCodesAddBody>;

export const adminCodesUpdateBody = promoCodeFields
  .extend({ admin_id: optionalIdSchema, id: idSchema })
  .refine(oneDiscount, { message: PROMO_CODE_ONE_DISCOUNT, path: ['percent_off'] })
  .refine(datesInOrder, { message: PROMO_CODE_DATES_ORDER, path: ['valid_until'] });
export type AdminCodesUpdateBody = z.input<typeof adminCodesUpdateBody>;

export const adminCodesGetBody = z.object({ admin_id: optionalIdSchema }).optional();

export const adminPromoCodeSchema = z.object({
  id: z.number(),
  code: z.string(),
  percent_off: z.number().nullable(),
  /** Pesos, as the event's prices. */
  amount_off: z.number().nullable(),
  event_ids: z.array(z.number()),
  /** The events of event_ids, named for the list. */
  events: z.array(z.object({ id: z.number(), name: z.string(), day: z.string().nullable() })),
  genders: z.array(z.number()),
  max_uses: z.number().nullable(),
  max_uses_per_member: z.number().nullable(),
  valid_from: z.string().nullable(),
  valid_until: z.string().nullable(),
  active: z.boolean(),
  /** Places holding it now (paid or not). */
  uses: z.number(),
  /** Of those, places confirmed. */
  confirmed_uses: z.number(),
  /** What it took off the confirmed places, in cents. */
  discounted_cents: z.number(),
});
export type AdminPromoCode = z.infer<typeof adminPromoCodeSchema>;

export const adminCodesGetAnswer = successAnswer({ codes: z.array(adminPromoCodeSchema) });
export type AdminCodesGetAnswer = z.infer<typeof adminCodesGetAnswer>;
export const adminCodeAnswer = successAnswer({ code: adminPromoCodeSchema });
export type AdminCodeAnswer = z.infer<typeof adminCodeAnswer>;

export const clientCodeCheckBody = z.object({
  client_id: optionalIdSchema,
  event_id: idSchema,
  code: promoCodeSchema,
});
export type ClientCodeCheckBody = z.input<typeof clientCodeCheckBody>;

/** The price she would pay with the code, before paying. */
export const clientCodeCheckAnswer = successAnswer({
  code: z.string(),
  list_price_cents: z.number(),
  discount_cents: z.number(),
  price_cents: z.number(),
  /** Her gender: which line of the event's prices the code changes. */
  gender: z.number(),
});
export type ClientCodeCheckAnswer = z.infer<typeof clientCodeCheckAnswer>;
