import { z } from 'zod';
import { idSchema, optionalIdSchema, requiredText, shortText, successAnswer } from './common';

/**
 * What organizers use to bring people back (docs/design/25-organizers.md): messages to a segment of a night or
 * to members who want news, the rating of a night, and the night's numbers.
 */

/** Who an organizer writes to; every segment but `news` belongs to one event. */
export const MESSAGE_SEGMENTS = [
  'confirmed',
  'waiting',
  'checked_in',
  'no_show',
  'no_match',
  'news',
] as const;
export type MessageSegment = (typeof MESSAGE_SEGMENTS)[number];

export const MESSAGE_SEGMENT_LABELS: Record<MessageSegment, string> = {
  confirmed: 'Confirmados',
  waiting: 'Lista de espera',
  checked_in: 'Llegaron',
  no_show: 'No llegaron',
  no_match: 'Llegaron y no tuvieron match',
  news: 'Quienes quieren novedades',
};

/** At most this many news messages reach one member in 7 days; the next is skipped for her. */
export const NEWS_PER_WEEK = 2;

export const adminEventMessageBody = z
  .object({
    admin_id: optionalIdSchema,
    event_id: idSchema.optional(),
    segment: z.enum(MESSAGE_SEGMENTS, { error: 'Elige a quién va el mensaje' }),
    title: requiredText('el asunto', 120),
    text: requiredText('el mensaje', 2000),
    send: z.boolean({ error: 'Indica si se envía (true) o solo se cuenta (false)' }),
  })
  .refine((body) => (body.segment === 'news') === (body.event_id === undefined), {
    message: 'Las novedades van sin evento; los demás grupos, con su evento',
    path: ['event_id'],
  });
export type AdminEventMessageBody = z.input<typeof adminEventMessageBody>;

export const adminEventMessageAnswer = successAnswer({
  /** People the message reaches (after the weekly cap of news). */
  recipients: z.number().int(),
  /** People of the segment left out by the weekly cap of news. */
  skipped: z.number().int(),
  sent: z.boolean(),
  /** Before sending: the e-mail exactly as its first recipient (named) will read it; null for nobody. */
  preview: z.object({ first_name: z.string(), text: z.string() }).nullable(),
});
export type AdminEventMessageAnswer = z.infer<typeof adminEventMessageAnswer>;

export const adminEventMessagesBody = z.object({ admin_id: optionalIdSchema, event_id: idSchema });
export const adminEventMessagesAnswer = successAnswer({
  /** What was sent about the night, newest first. */
  messages: z.array(
    z.object({
      id: z.number(),
      sent_at: z.string(),
      segment: z.enum(MESSAGE_SEGMENTS),
      title: z.string(),
      text: z.string(),
      recipients: z.number().int(),
      skipped: z.number().int(),
    }),
  ),
});
export type AdminEventMessagesAnswer = z.infer<typeof adminEventMessagesAnswer>;

export const clientNewsGetBody = z.object({ client_id: optionalIdSchema }).optional();
export const clientNewsUpdateBody = z.object({
  client_id: optionalIdSchema,
  news: z.boolean({ error: 'Indica si quieres recibir novedades (true o false)' }),
});
export type ClientNewsUpdateBody = z.input<typeof clientNewsUpdateBody>;
export const clientNewsAnswer = successAnswer({ news: z.boolean() });
export type ClientNewsAnswer = z.infer<typeof clientNewsAnswer>;

export const newsUnsubscribeQuery = z.object({
  c: z.coerce.number().pipe(idSchema),
  t: z.string().regex(/^[0-9a-f]{64}$/, 'El enlace no es válido'),
});

export const clientRatingAddBody = z.object({
  client_id: optionalIdSchema,
  event_id: idSchema,
  stars: z
    .number({ error: 'Elige de 1 a 5 estrellas' })
    .int('Elige de 1 a 5 estrellas')
    .min(1, 'Elige de 1 a 5 estrellas')
    .max(5, 'Elige de 1 a 5 estrellas'),
  comment: shortText('el comentario', 1000).optional(),
});
export type ClientRatingAddBody = z.input<typeof clientRatingAddBody>;
export const clientRatingAddAnswer = successAnswer({ event_id: idSchema, stars: z.number().int() });

/** /valorar/{id} before she rates: which night, whether she may rate it, and what she said before. */
export const clientRatingGetBody = z.object({ client_id: optionalIdSchema, event_id: idSchema });
export const clientRatingGetAnswer = successAnswer({
  event: z.object({
    id: z.number(),
    name: z.string(),
    day: z.string(),
    hour: z.string(),
    venue: z.string(),
  }),
  /** She came (checked in at the door): only she may rate it. */
  came: z.boolean(),
  /** Her earlier rating, which a new one replaces. */
  rating: z
    .object({ stars: z.number().int(), comment: z.string().nullable(), rated_at: z.string() })
    .nullable(),
});
export type ClientRatingGetAnswer = z.infer<typeof clientRatingGetAnswer>;

export const adminEventRatingsBody = z.object({ admin_id: optionalIdSchema, event_id: idSchema });
export const adminEventRatingsAnswer = successAnswer({
  average: z.number().nullable(),
  count: z.number().int(),
  comments: z.array(z.object({ stars: z.number().int(), comment: z.string(), rated_at: z.string() })),
});
export type AdminEventRatingsAnswer = z.infer<typeof adminEventRatingsAnswer>;

export const adminRatingTrendBody = z.object({ admin_id: optionalIdSchema }).optional();
export const adminRatingTrendAnswer = successAnswer({
  /** Per venue, the average of each rated night, oldest first. */
  venues: z.array(
    z.object({
      venue: z.string(),
      nights: z.array(z.object({ day: z.string(), average: z.number(), count: z.number().int() })),
    }),
  ),
});
export type AdminRatingTrendAnswer = z.infer<typeof adminRatingTrendAnswer>;

export const adminEventReportBody = z.object({ admin_id: optionalIdSchema, event_id: idSchema });
export const eventReportSchema = z.object({
  event_id: idSchema,
  gross_cents: z.number().int(),
  refunded_cents: z.number().int(),
  /** What promo codes took off this night's places (held or paid uses), in all and by code. */
  code_discounts_cents: z.number().int(),
  code_discounts: z.array(
    z.object({ code: z.string(), uses: z.number().int(), discount_cents: z.number().int() }),
  ),
  net_cents: z.number().int(),
  confirmed: z.number().int(),
  confirmed_women: z.number().int(),
  confirmed_men: z.number().int(),
  confirmed_lgbtq: z.number().int(),
  checked_in: z.number().int(),
  /** Confirmed who did not come, over the confirmed, once the night has begun; null before. */
  no_show_rate: z.number().nullable(),
  first_time: z.number().int(),
  returning: z.number().int(),
});
export type EventReport = z.infer<typeof eventReportSchema>;
export const adminEventReportAnswer = successAnswer({ report: eventReportSchema });
export type AdminEventReportAnswer = z.infer<typeof adminEventReportAnswer>;
