import { z } from 'zod';
import { idSchema, optionalIdSchema } from './common';

export const eventGetBody = z
  .object({
    admin_id: optionalIdSchema,
    /** A category id (/eventos/{categoria}); an unknown one lists nothing. */
    category: z.string({ error: 'Debe ser el identificador de una categoría' }).max(60).optional(),
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
