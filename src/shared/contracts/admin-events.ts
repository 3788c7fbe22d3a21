import { z } from 'zod';
import { CITY_CODES } from '../domain/cities';
import { formatCents } from '../domain/money';
import { pagedSchema } from './admin';
import {
  dateSchema,
  idSchema,
  messageAnswer,
  optionalIdSchema,
  requiredText,
  safeString,
  shortText,
  successAnswer,
  timeSchema,
} from './common';
import { pickTotalsSchema } from './match-cards';
import { attendeePaymentSchema, eventPaymentsSummarySchema, MANUAL_PAYMENT_METHODS } from './payments';
import { photoSourcesSchema } from './photos';
import { verifiedMarkSchema } from './verification';

/** Decoded image size accepted from an upload (the request itself may be up to IMAGE_BODY_LIMIT). */
export const MAX_IMAGE_BYTES = 8 * 1024 * 1024;

const money = z.number().min(0, 'No puede ser negativo').max(1_000_000, 'Es demasiado alto');
const places = z.number().int().min(0, 'No puede ser negativo').max(100_000, 'Es demasiado alto');
const optionalDay = z
  .union([dateSchema, z.literal('')])
  .nullable()
  .optional();
const optionalHour = z
  .union([timeSchema, z.literal('')])
  .nullable()
  .optional();

export const DEFAULT_DURATION_MINUTES = 120;
export const MIN_AGE = 18;
export const MAX_AGE = 99;

export const citySchema = z.enum(CITY_CODES, { error: 'Elige una ciudad de la lista' });
const age = z
  .number({ error: 'Escribe una edad' })
  .int('La edad debe ser un número entero')
  .min(MIN_AGE, `La edad mínima es ${MIN_AGE} años`)
  .max(MAX_AGE, `La edad máxima es ${MAX_AGE} años`)
  .nullable()
  .optional();

export const AGE_BAND_ORDER = 'La edad mínima no puede ser mayor que la máxima';

export const STEP_PRICE_MISSING = 'Escribe el precio de cada preventa (0 si es gratis)';

/**
 * One early-bird price step (docs/design/25-organizers.md): her price in pesos until a day (Mexico City,
 * included) and/or for the first places of her gender. Steps apply in the order given.
 */
export const priceStepSchema = z
  .object({
    gender: z.union([z.literal(1), z.literal(2)], {
      error: 'Cada precio de preventa es para mujeres o para hombres',
    }),
    // An empty price is never $0: a free step is one typed as 0.
    price: z
      .number({ error: STEP_PRICE_MISSING })
      .min(0, 'No puede ser negativo')
      .max(1_000_000, 'Es demasiado alto'),
    until: z
      .union([dateSchema, z.literal('')])
      .nullable()
      .optional(),
    places: z
      .number()
      .int('Los lugares deben ser un número entero')
      .min(1, 'Al menos 1 lugar')
      .max(100_000)
      .nullable()
      .optional(),
  })
  .refine((step) => Boolean(step.until) || (step.places ?? null) !== null, {
    message: 'Cada precio de preventa termina en una fecha, después de unos lugares, o ambos',
  });
export type PriceStepFields = z.input<typeof priceStepSchema>;

const STEP_GENDERS = [
  { gender: 1, price: 'price_w', limit: 'limit_w', who: 'mujeres' },
  { gender: 2, price: 'price_m', limit: 'limit_m', who: 'hombres' },
] as const;

/**
 * What is wrong with an event's early-bird steps against its own prices and places, in Spanish,
 * or null. A step is named by its number in the editor («Preventa 2»). The form asks it before
 * saving and the server again against the stored event, so both say the same sentence.
 */
export function priceStepsProblem(event: {
  price_w: number;
  price_m: number;
  limit_w: number;
  limit_m: number;
  price_steps: readonly { gender: number; price?: number | null; places?: number | null }[];
}): string | null {
  for (const [index, step] of event.price_steps.entries()) {
    if (step.price === null || step.price === undefined || Number.isNaN(step.price)) {
      return `Escribe el precio de la preventa ${index + 1} (0 si es gratis)`;
    }
    const side = STEP_GENDERS.find((entry) => entry.gender === step.gender);
    if (!side) continue;
    const [stepCents, listCents] = [Math.round(step.price * 100), Math.round(event[side.price] * 100)];
    if (stepCents > listCents) {
      return `La preventa ${index + 1} (${formatCents(stepCents)}) cuesta más que el precio del evento para ${side.who} (${formatCents(listCents)})`;
    }
  }
  for (const side of STEP_GENDERS) {
    const places = event.price_steps
      .filter((step) => step.gender === side.gender)
      .reduce((sum, step) => sum + (step.places ?? 0), 0);
    if (places > event[side.limit]) {
      return `Las preventas para ${side.who} suman ${places} lugares y el evento tiene ${event[side.limit]} para ${side.who}`;
    }
  }
  return null;
}

/** Every admin field of an event; `category` is the wire format 'a,b,' (spec §3). */
export const eventFieldsSchema = z.object({
  name: requiredText('el nombre', 200),
  day: optionalDay,
  hour: optionalHour,
  description: shortText('la descripción', 10_000).optional(),
  price_m: money.optional(),
  price_w: money.optional(),
  limit_m: places.optional(),
  limit_w: places.optional(),
  category: safeString('Elige las categorías').max(500).optional(),
  occupation: z.union([z.literal(0), z.literal(1)]).optional(),
  status_id: z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)]).optional(),
  venue: shortText('el lugar', 200).optional(),
  address: shortText('la dirección', 500).optional(),
  city: citySchema.optional(),
  duration_minutes: z
    .number({ error: 'Escribe la duración en minutos' })
    .int('La duración debe ser un número entero de minutos')
    .min(15, 'La duración mínima es de 15 minutos')
    .max(720, 'La duración máxima es de 720 minutos (12 horas)')
    .optional(),
  age_min: age,
  age_max: age,
  /** Absent: the steps stay as they are; empty: none. */
  price_steps: z.array(priceStepSchema).max(10, 'Son demasiados precios de preventa').optional(),
});
export type EventFields = z.input<typeof eventFieldsSchema>;

/** A data URL of a PNG, JPEG or WebP; anything else (or a URL already served) leaves the image as it is. */
const imageSchema = z
  .string()
  .max(12 * 1024 * 1024)
  .nullable()
  .optional();

/** Both ages given: the band must not be upside down (the server checks it against stored values too). */
export function ageBandInOrder(fields: { age_min?: number | null; age_max?: number | null }): boolean {
  return fields.age_min == null || fields.age_max == null || fields.age_min <= fields.age_max;
}

export const eventAddBody = z.object({
  admin_id: optionalIdSchema,
  event: eventFieldsSchema.refine(ageBandInOrder, { message: AGE_BAND_ORDER, path: ['age_min'] }),
  image: imageSchema,
});
export type EventAddBody = z.input<typeof eventAddBody>;

/**
 * A ticket code: the QR's long token (base64url), or the short door code typed from the ticket
 * ("K7QM-4D2X", any case, with or without the dash; shared/domain/door-code.ts).
 */
export const ticketCodeSchema = z
  .string({ error: 'Escribe o escanea el código del boleto' })
  .trim()
  .min(1, 'Escribe o escanea el código del boleto')
  .max(100, 'El código no es válido')
  // Inner spaces too: the short code is often typed in its two groups, 'mjyy kpcd'.
  .regex(/^[A-Za-z0-9_ -]+$/, 'El código no es válido');

/** How many times the price an amount taken by hand may be: more is surely a typing slip. */
export const MANUAL_AMOUNT_MAX_TIMES = 10;

/**
 * The money an organizer took for a place she confirms by hand on a paid event (docs/design/22-places-and-money.md):
 * how, and how much (the price she owes when left out; at most MANUAL_AMOUNT_MAX_TIMES the price,
 * which the server checks).
 */
export const manualPaymentSchema = z.object({
  method: z.enum(MANUAL_PAYMENT_METHODS, { error: 'Elige cómo pagó: efectivo, transferencia u otro' }),
  amount_cents: z
    .number({ error: 'Escribe el monto' })
    .int('El monto debe ser un número entero de centavos')
    .positive('El monto debe ser mayor que cero')
    .max(100_000_000, 'El monto es demasiado alto')
    .optional(),
});
export type ManualPayment = z.infer<typeof manualPaymentSchema>;

export const PAYMENT_ONLY_ON_CONFIRM = 'El pago sólo se indica al confirmar una asistencia';

/**
 * event/update takes one of five shapes (spec §7 and docs/design/11-night-out.md): `event` (+ `image`),
 * `assistance` (1 registered, 2 confirmed, 4 cancelled on the member's behalf), `contacted`,
 * `clean_id` or `checkin`. One object with optional parts, so a wrong field is named in the
 * error, and a refinement that exactly one part is present.
 */
export const eventUpdateBody = z
  .object({
    admin_id: optionalIdSchema,
    event: eventFieldsSchema
      .extend({ id: idSchema })
      .refine(ageBandInOrder, { message: AGE_BAND_ORDER, path: ['age_min'] })
      .optional(),
    image: imageSchema,
    /** status_id 1 on a confirmed place undoes the confirmation (and voids money taken by hand). */
    assistance: z
      .object({
        id: idSchema,
        status_id: z.union([z.literal(1), z.literal(2), z.literal(4)]),
        payment: manualPaymentSchema.optional(),
      })
      .refine((assistance) => !assistance.payment || assistance.status_id === 2, {
        message: PAYMENT_ONLY_ON_CONFIRM,
        path: ['payment'],
      })
      .optional(),
    contacted: z.object({ id: idSchema, contacted: z.union([z.literal(0), z.literal(1)]) }).optional(),
    clean_id: idSchema.optional(),
    checkin: z.object({ event_id: idSchema, code: ticketCodeSchema }).optional(),
    /** Closes the event's match cards now (docs/design/12-match-cards.md). */
    picks_close: idSchema.optional(),
  })
  .refine(
    (body) =>
      [body.event, body.assistance, body.contacted, body.clean_id, body.checkin, body.picks_close].filter(
        Boolean,
      ).length === 1,
    {
      message: 'Envía exactamente uno de: event, assistance, contacted, clean_id, checkin o picks_close',
    },
  );
export type EventUpdateBody = z.input<typeof eventUpdateBody>;

/** The admin view of an event (event/get and event/details with an admin session). */
export const adminEventSchema = z.object({
  id: z.number(),
  name: z.string(),
  day: z.string(),
  hour: z.string(),
  description: z.string(),
  price_m: z.number(),
  price_w: z.number(),
  limit_m: z.number(),
  limit_w: z.number(),
  confirmed_m: z.number(),
  confirmed_w: z.number(),
  /** Places a confirmation could still fill: the limit less confirmed places (Confirmar, spec §4). */
  left_m: z.number(),
  left_w: z.number(),
  /** Places a new sign-up could take, the figure the public pages show (shared/domain/places). */
  available_m: z.number(),
  available_w: z.number(),
  /** Places held by registered or confirmed sign-ups of each gender. */
  held_m: z.number(),
  held_w: z.number(),
  /** Waiting-list length of each gender. */
  waiting_m: z.number(),
  waiting_w: z.number(),
  /** Arrivals checked in at the door, per gender (x: LGBTQ+). */
  checked_in_m: z.number(),
  checked_in_w: z.number(),
  checked_in_x: z.number(),
  category: z.string(),
  occupation: z.number(),
  status_id: z.number(),
  image: z.string(),
  image_srcset: z.string(),
  venue: z.string(),
  address: z.string(),
  city: z.string(),
  duration_minutes: z.number(),
  age_min: z.number().nullable(),
  age_max: z.number().nullable(),
  /** True once the event has started (Mexico City time). */
  past: z.boolean(),
  /** Early-bird steps, in order (docs/design/25-organizers.md); only in the one event's answer. */
  price_steps: z
    .array(
      z.object({
        gender: z.number(),
        price: z.number(),
        until: z.string().nullable(),
        places: z.number().nullable(),
      }),
    )
    .optional(),
});
export type AdminEvent = z.infer<typeof adminEventSchema>;

export const adminAttendeeSchema = z.object({
  id: z.number(),
  client_id: z.number(),
  client: z.string(),
  email: z.string(),
  phone: z.string(),
  instagram: z.string(),
  gender: z.number(),
  /** 1 registered, 2 confirmed, 3 waiting list, 4 cancelled. */
  status_id: z.number(),
  contacted: z.number(),
  /** Place in the gender's waiting list (status 3), else null. */
  position: z.number().nullable(),
  /** The ticket code of a confirmed attendee (the door page checks in with it), else null. */
  ticket: z.string().nullable(),
  /** 1 once checked in at the door. */
  checked_in: z.number(),
  /** docs/design/15-payments.md: the attendee's payment on a paid event (null when none was started). */
  payment: attendeePaymentSchema.nullable(),
  /** What she owes for the place (0: free, or payments off): what a confirmation by hand takes by default. */
  amount_due_cents: z.number(),
});
export type AdminAttendee = z.infer<typeof adminAttendeeSchema>;

/** The back office's event list: 50 a page (docs/design/17-million.md), newest day first. */
export const adminEventsResponseSchema = successAnswer({
  ...pagedSchema.shape,
  events: z.array(adminEventSchema),
});
export type AdminEventsResponse = z.infer<typeof adminEventsResponseSchema>;

export const adminEventDetailsResponseSchema = successAnswer({
  event: adminEventSchema,
  assistance: z.array(adminAttendeeSchema),
  picks: pickTotalsSchema,
  payments: eventPaymentsSummarySchema,
});
export type AdminEventDetailsResponse = z.infer<typeof adminEventDetailsResponseSchema>;

/** event/update {checkin}: who just arrived. */
export const checkinResponseSchema = successAnswer({
  assistance_id: z.number(),
  client_id: z.number(),
  name: z.string(),
  gender: z.number(),
  /** Her main approved photo, large, for «Coincide» / «No coincide» (docs/design/27-verified.md); null: «Sin foto». */
  photo: photoSourcesSchema.nullable(),
  verified: verifiedMarkSchema,
});
export type CheckinResponse = z.infer<typeof checkinResponseSchema>;

export const eventAddResponseSchema = successAnswer({
  event_id: z.number(),
});
export type EventAddResponse = z.infer<typeof eventAddResponseSchema>;

/** Confirmar shows only for a registered attendee whose gender has places left (spec §4). */
export function canConfirm(
  attendee: Pick<AdminAttendee, 'status_id' | 'gender'>,
  event: AdminEvent,
): boolean {
  if (attendee.status_id !== 1) return false;
  if (attendee.gender === 1) return event.left_w > 0;
  if (attendee.gender === 2) return event.left_m > 0;
  return true;
}

/** event/update {picks_close}: whether this call closed the picks, and the mutual pairs it made. */
export const picksCloseAnswer = successAnswer({ closed: z.boolean(), mutual: z.number() });

/** event/update answers by what it changed: a door arrival, closed picks, or just what it did. */
export const eventUpdateAnswer = z.union([checkinResponseSchema, picksCloseAnswer, messageAnswer]);

export type EventUpdateAnswer = z.infer<typeof eventUpdateAnswer>;

/** event/update {checkin}: the arrival it recorded. */
export function isCheckIn(answer: EventUpdateAnswer): answer is CheckinResponse {
  return 'assistance_id' in answer;
}
