import { z } from 'zod';
import { successAnswer } from './common';

/**
 * One ticket the member can show at the door (docs/design/21-pocket.md): a confirmed place at a dated event
 * that has not ended and where she has not checked in yet, the same rule as /asistencias.
 */
export const offlineTicketSchema = z.object({
  assistance_id: z.number(),
  event_id: z.number(),
  name: z.string(),
  /** 'YYYY-MM-DD' and 'HH:MM', Mexico City time. */
  day: z.string(),
  hour: z.string(),
  /** When the event ends (ISO instant): a copy kept offline stops showing the ticket after it. */
  ends_at: z.string(),
  venue: z.string(),
  address: z.string(),
  city: z.string(),
  /** The long code the QR holds. */
  code: z.string(),
  /** The short code printed under the QR, to read aloud or type at the door ("K7QM-4D2X"). */
  door_code: z.string(),
  /** The QR of the code as SVG markup, drawn by the server so no script is needed offline. */
  qr_svg: z.string(),
});
export type OfflineTicket = z.infer<typeof offlineTicketSchema>;

/** GET /api/client/tickets: the session's member's tickets, soonest first. */
export const clientTicketsAnswer = successAnswer({
  client_id: z.number(),
  tickets: z.array(offlineTicketSchema),
});
export type ClientTicketsAnswer = z.infer<typeof clientTicketsAnswer>;
