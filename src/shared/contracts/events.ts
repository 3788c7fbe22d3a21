import { z } from 'zod';
import { CITY_CODES } from '../domain/cities';
import { pageSchema, searchSchema } from './admin';
import { adminEventDetailsResponseSchema, adminEventsResponseSchema } from './admin-events';
import { idSchema, optionalIdSchema, successAnswer } from './common';

export const eventGetBody = z
  .object({
    admin_id: optionalIdSchema,
    /** A category id (/eventos/{categoria}); an unknown one lists nothing. */
    category: z.string({ error: 'Debe ser el identificador de una categoría' }).max(60).optional(),
    /** A city code of src/shared/domain/cities.ts (/eventos?ciudad=…). */
    city: z.enum(CITY_CODES, { error: 'Elige una ciudad de la lista' }).optional(),
    /** The back office's view (admin_id of the session): a page of 50, optionally by name. */
    search: searchSchema,
    page: pageSchema,
  })
  .optional();
export type EventGetBody = z.infer<typeof eventGetBody>;

export const eventDetailsBody = z.object({ admin_id: optionalIdSchema, event_id: idSchema });

/** An event as the public lists show it. */
export const eventListItemSchema = z.object({
  id: z.number(),
  name: z.string(),
  day: z.string(),
  /** The specification's lists also read the day under this name. */
  dat: z.string(),
  hour: z.string(),
  status_id: z.number(),
  category: z.array(z.string()),
  price_m: z.number(),
  price_w: z.number(),
  /** The picture's default URL (its largest size). */
  image: z.string(),
  /** Every size of the picture for an img srcset: 'url 160w, url 480w, …'. */
  image_srcset: z.string(),
  /** Place name, street address and city code (src/shared/domain/cities.ts). */
  venue: z.string(),
  address: z.string(),
  city: z.string(),
  duration_minutes: z.number(),
  /** The age band, when the event has one. */
  age_min: z.number().nullable(),
  age_max: z.number().nullable(),
  /** Places not yet held by a registered or confirmed sign-up of that gender, never below 0. */
  available_w: z.number(),
  available_m: z.number(),
  /** True once the event has started (Mexico City time). */
  past: z.boolean(),
});
export type EventListItem = z.infer<typeof eventListItemSchema>;

export const eventGetResponseSchema = successAnswer({
  events: z.array(eventListItemSchema),
});
export type EventGetResponse = z.infer<typeof eventGetResponseSchema>;

/**
 * Until when one gender's current price holds: a day and/or the places left at it (never more
 * than the event has left), and the price in cents after it (the next step's, else the event's);
 * null: no end.
 */
export const priceUntilSchema = z
  .object({ day: z.string().nullable(), places_left: z.number().nullable(), after: z.number() })
  .nullable();
export type PriceUntil = z.infer<typeof priceUntilSchema>;

/** An event's public detail page. */
export const eventDetailsSchema = eventListItemSchema.extend({
  description: z.string(),
  occupation: z.number(),
  /** Each gender's price now, in cents, early-bird step included (docs/design/25-organizers.md). */
  price_now: z.object({ w: z.number(), m: z.number() }),
  price_until: z.object({ w: priceUntilSchema, m: priceUntilSchema }),
});
export type EventDetails = z.infer<typeof eventDetailsSchema>;

export const eventDetailsResponseSchema = successAnswer({
  event: eventDetailsSchema,
  /**
   * For a member who answered the quiz: how many people holding a place suit her at 70 % or more
   * (docs/design/16-para-ti.md). Never who.
   */
  compatible_count: z.number().optional(),
});
export type EventDetailsResponse = z.infer<typeof eventDetailsResponseSchema>;

/** event/get: the back office's page of events for its admin, the public list for everyone else. */
export const eventGetAnswer = z.union([adminEventsResponseSchema, eventGetResponseSchema]);

/** event/details: the admin's view with attendees and picks, or the public one. */
export const eventDetailsAnswer = z.union([adminEventDetailsResponseSchema, eventDetailsResponseSchema]);

export type EventGetAnswer = z.infer<typeof eventGetAnswer>;
export type EventDetailsAnswer = z.infer<typeof eventDetailsAnswer>;
