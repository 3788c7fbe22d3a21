import { z } from 'zod';
import { idSchema, optionalIdSchema } from './common';

export const clientEventsGetBody = z.object({ client_id: optionalIdSchema }).optional();

export const clientEventsAddBody = z.object({ client_id: optionalIdSchema, event_id: idSchema });
export type ClientEventsAddBody = z.input<typeof clientEventsAddBody>;

export const clientEventsCancelBody = z.object({ client_id: optionalIdSchema, event_id: idSchema });
export type ClientEventsCancelBody = z.input<typeof clientEventsCancelBody>;

/** One of the caller's sign-ups (specification §3 'Attended event entry', plus its status). */
export interface AttendedEvent {
  id: number;
  event_id: number;
  name: string;
  day: string;
  hour: string;
  /** Of the assistance: 1 registered, 2 confirmed, 3 waiting list, 4 cancelled. */
  status_id: number;
  /** Place in the waiting list of the member's gender (status 3), else null. */
  position: number | null;
  /** The ticket code for the QR at the door, only once confirmed (status 2). */
  ticket: string | null;
  venue: string;
  address: string;
  city: string;
  duration_minutes: number;
  /** True once the event has started (Mexico City time). */
  past: boolean;
  /** True once its duration has passed too: the ticket is no longer needed at the door. */
  ended: boolean;
  /** 1 once checked in at the door. */
  checked_in: number;
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
  /** 1 registered (holds a place) or 3 waiting list; 2 when already confirmed. */
  status_id: number;
  /** Place in the waiting list of the member's gender (status 3), else null. */
  position: number | null;
}

export interface ClientEventsCancelResponse {
  status: 'success';
  message: string;
  assistance_id: number;
  status_id: number;
}
