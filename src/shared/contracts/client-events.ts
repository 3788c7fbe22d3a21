import { z } from 'zod';
import { idSchema, optionalIdSchema, successAnswer } from './common';
import { promoCodeSchema } from './promo-codes';

export const clientEventsGetBody = z.object({ client_id: optionalIdSchema }).optional();

/** `code`: a promo code held with the place she gets (docs/design/25-organizers.md). */
export const clientEventsAddBody = z.object({
  client_id: optionalIdSchema,
  event_id: idSchema,
  code: promoCodeSchema.optional(),
});
export type ClientEventsAddBody = z.input<typeof clientEventsAddBody>;

export const clientEventsCancelBody = z.object({ client_id: optionalIdSchema, event_id: idSchema });
export type ClientEventsCancelBody = z.input<typeof clientEventsCancelBody>;

/** One of the caller's sign-ups (specification §3 'Attended event entry', plus its status). */
export const attendedEventSchema = z.object({
  id: z.number(),
  event_id: z.number(),
  name: z.string(),
  day: z.string(),
  hour: z.string(),
  /** Of the assistance: 1 registered, 2 confirmed, 3 waiting list, 4 cancelled. */
  status_id: z.number(),
  /** Why a cancelled sign-up was cancelled: 'member', 'admin' or 'payment_expired' (docs/design/15-payments.md). */
  cancel_reason: z.string().nullable(),
  /**
   * A place given to her from the waiting list, still to pay (status 1): held until then
   * (docs/design/21-pocket.md, fair waiting list). Null otherwise.
   */
  freed_place_due_at: z.string().nullable(),
  /** Place in the waiting list of the member's gender (status 3), else null. */
  position: z.number().nullable(),
  /** The ticket code for the QR at the door, only once confirmed (status 2). */
  ticket: z.string().nullable(),
  /** The ticket's short code to type at the door, as shown ("K7QM-4D2X"), with the ticket. */
  door_code: z.string().nullable(),
  venue: z.string(),
  address: z.string(),
  city: z.string(),
  duration_minutes: z.number(),
  /** True once the event has started (Mexico City time). */
  past: z.boolean(),
  /** True once its duration has passed too: the ticket is no longer needed at the door. */
  ended: z.boolean(),
  /** 1 once checked in at the door. */
  checked_in: z.number(),
});
export type AttendedEvent = z.infer<typeof attendedEventSchema>;

export const clientEventsGetResponseSchema = successAnswer({
  events: z.array(attendedEventSchema),
});
export type ClientEventsGetResponse = z.infer<typeof clientEventsGetResponseSchema>;

export const clientEventsAddResponseSchema = successAnswer({
  assistance_id: z.number(),
  /** False when the client was already signed up: the call is idempotent. */
  created: z.boolean(),
  /** 1 registered (holds a place) or 3 waiting list; 2 when already confirmed. */
  status_id: z.number(),
  /** Place in the waiting list of the member's gender (status 3), else null. */
  position: z.number().nullable(),
  /** On a paid event (docs/design/15-payments.md): when the held place must be paid by, else null. */
  payment_due_at: z.string().nullable(),
  /** What the member pays online for the place, in cents; 0 when nothing is paid online. */
  amount_cents: z.number(),
});
export type ClientEventsAddResponse = z.infer<typeof clientEventsAddResponseSchema>;

export const clientEventsCancelResponseSchema = successAnswer({
  assistance_id: z.number(),
  status_id: z.number(),
});
export type ClientEventsCancelResponse = z.infer<typeof clientEventsCancelResponseSchema>;
