import { z } from 'zod';
import { idSchema, optionalIdSchema } from './common';

export const clientEventsGetBody = z.object({ client_id: optionalIdSchema }).optional();

export const clientEventsAddBody = z.object({ client_id: optionalIdSchema, event_id: idSchema });
export type ClientEventsAddBody = z.input<typeof clientEventsAddBody>;

/** One of the caller's sign-ups (specification §3 'Attended event entry', plus its status). */
export interface AttendedEvent {
  id: number;
  event_id: number;
  name: string;
  day: string;
  hour: string;
  /** Of the assistance: 1 registered, 2 confirmed. */
  status_id: number;
}

export interface ClientEventsGetResponse {
  status: 'success';
  message: string;
  events: AttendedEvent[];
}

export interface ClientEventsAddResponse {
  status: 'success';
  message: string;
  assistance_id: number;
  /** False when the client was already signed up: the call is idempotent. */
  created: boolean;
}
