import { z } from 'zod';
import {
  dateSchema,
  idSchema,
  optionalIdSchema,
  requiredText,
  safeString,
  shortText,
  timeSchema,
} from './common';
import type { PickTotals } from './match-cards';

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
});
export type EventFields = z.input<typeof eventFieldsSchema>;

/** A data URL of a PNG, JPEG or WebP; anything else (or a URL already served) leaves the image as it is. */
const imageSchema = z
  .string()
  .max(12 * 1024 * 1024)
  .nullable()
  .optional();

export const eventAddBody = z.object({
  admin_id: optionalIdSchema,
  event: eventFieldsSchema,
  image: imageSchema,
});
export type EventAddBody = z.input<typeof eventAddBody>;

/**
 * event/update takes one of four shapes (spec §7): `event` (+ `image`), `assistance`,
 * `contacted` or `clean_id`. One object with optional parts, so a wrong field is named in the
 * error, and a refinement that exactly one part is present.
 */
export const eventUpdateBody = z
  .object({
    admin_id: optionalIdSchema,
    event: eventFieldsSchema.extend({ id: idSchema }).optional(),
    image: imageSchema,
    assistance: z.object({ id: idSchema, status_id: z.union([z.literal(1), z.literal(2)]) }).optional(),
    contacted: z.object({ id: idSchema, contacted: z.union([z.literal(0), z.literal(1)]) }).optional(),
    clean_id: idSchema.optional(),
    /** Closes the event's match cards now (design.md §12). */
    picks_close: idSchema.optional(),
  })
  .refine(
    (body) =>
      [body.event, body.assistance, body.contacted, body.clean_id, body.picks_close].filter(Boolean)
        .length === 1,
    {
      message: 'Envía exactamente uno de: event, assistance, contacted, clean_id o picks_close',
    },
  );
export type EventUpdateBody = z.input<typeof eventUpdateBody>;

/** The admin view of an event (event/get and event/details with an admin session). */
export interface AdminEvent {
  id: number;
  name: string;
  day: string;
  hour: string;
  description: string;
  price_m: number;
  price_w: number;
  limit_m: number;
  limit_w: number;
  confirmed_m: number;
  confirmed_w: number;
  left_m: number;
  left_w: number;
  category: string;
  occupation: number;
  status_id: number;
  image: string;
  image_srcset: string;
}

export interface AdminAttendee {
  id: number;
  client_id: number;
  client: string;
  email: string;
  phone: string;
  instagram: string;
  gender: number;
  status_id: number;
  contacted: number;
}

export interface AdminEventsResponse {
  status: 'success';
  message: string;
  events: AdminEvent[];
}

export interface AdminEventDetailsResponse {
  status: 'success';
  message: string;
  event: AdminEvent;
  assistance: AdminAttendee[];
  picks: PickTotals;
}

export interface EventAddResponse {
  status: 'success';
  message: string;
  event_id: number;
}

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
