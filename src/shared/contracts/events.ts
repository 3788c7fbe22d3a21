import { z } from 'zod';
import { CITY_CODES } from '../domain/cities';
import { pageSchema, searchSchema } from './admin';
import { idSchema, optionalIdSchema } from './common';

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

export const eventDetailsBody = z.object({ admin_id: optionalIdSchema, event_id: idSchema });

/** An event as the public lists show it. */
export interface EventListItem {
  id: number;
  name: string;
  day: string;
  /** The specification's lists also read the day under this name. */
  dat: string;
  hour: string;
  status_id: number;
  category: string[];
  price_m: number;
  price_w: number;
  /** The picture's default URL (its largest size). */
  image: string;
  /** Every size of the picture for an img srcset: 'url 160w, url 480w, …'. */
  image_srcset: string;
  /** Place name, street address and city code (src/shared/domain/cities.ts). */
  venue: string;
  address: string;
  city: string;
  duration_minutes: number;
  /** The age band, when the event has one. */
  age_min: number | null;
  age_max: number | null;
  /** Places not yet held by a registered or confirmed sign-up of that gender, never below 0. */
  available_w: number;
  available_m: number;
  /** True once the event has started (Mexico City time). */
  past: boolean;
}

export interface EventGetResponse {
  status: 'success';
  message: string;
  events: EventListItem[];
}

/** An event's public detail page. */
export interface EventDetails extends EventListItem {
  description: string;
  occupation: number;
}

export interface EventDetailsResponse {
  status: 'success';
  message: string;
  event: EventDetails;
}
