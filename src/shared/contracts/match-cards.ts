import { z } from 'zod';
import { idSchema, optionalIdSchema, successAnswer } from './common';
import { verifiedMarkSchema } from './verification';

/** Match cards stay open this long after the event ends (docs/design/12-match-cards.md). */
export const PICKS_CLOSE_HOURS = 24;

export const roundsBody = z.object({
  admin_id: optionalIdSchema,
  event_id: idSchema,
  round_minutes: z
    .number({ error: 'Escribe los minutos de cada ronda' })
    .int('Los minutos de cada ronda deben ser un número entero')
    .min(1, 'Cada ronda dura al menos 1 minuto')
    .max(60, 'Cada ronda dura como máximo 60 minutos')
    .optional(),
});
export type RoundsBody = z.input<typeof roundsBody>;

export const roundPersonSchema = z.object({
  client_id: z.number(),
  /** 'First L.' */
  name: z.string(),
  gender: z.number(),
});
export type RoundPerson = z.infer<typeof roundPersonSchema>;

export const roundsResponseSchema = successAnswer({
  event_name: z.string(),
  round_minutes: z.number(),
  /** Whose rounds these are: 'checked_in' once doors opened, else 'confirmed'. */
  source: z.enum(['checked_in', 'confirmed']),
  people: z.array(roundPersonSchema),
  rounds: z.array(
    z.object({
      round: z.number(),
      pairs: z.array(z.object({ table: z.number(), a: z.number(), b: z.number() })),
      resting: z.array(z.number()),
    }),
  ),
});
export type RoundsResponse = z.infer<typeof roundsResponseSchema>;

export const picksGetBody = z.object({ client_id: optionalIdSchema, event_id: idSchema });
export type PicksGetBody = z.input<typeof picksGetBody>;

export const pickPersonSchema = z.object({
  client_id: z.number(),
  /** 'First L.' */
  name: z.string(),
  gender: z.number(),
  age: z.number().nullable(),
  photo: z.string().nullable(),
  verified: verifiedMarkSchema,
  /** 1 Sí, 0 No, null not answered yet. */
  picked: z.union([z.literal(0), z.literal(1)]).nullable(),
});
export type PickPerson = z.infer<typeof pickPersonSchema>;

export const picksGetResponseSchema = successAnswer({
  event_name: z.string(),
  open: z.boolean(),
  /** When the window opens (the event's start) and closes; null for an event without a date. */
  opens_at: z.string().nullable(),
  closes_at: z.string().nullable(),
  closed: z.boolean(),
  people: z.array(pickPersonSchema),
});
export type PicksGetResponse = z.infer<typeof picksGetResponseSchema>;

export const MAX_PICKS_PER_CALL = 200;

export const picksUpdateBody = z.object({
  client_id: optionalIdSchema,
  event_id: idSchema,
  picks: z
    .array(
      z.object({
        client_id: idSchema,
        pick: z.union([z.literal(0), z.literal(1)], { error: 'Cada elección es 1 (Sí) o 0 (No)' }),
      }),
      { error: 'Envía tus elecciones' },
    )
    .min(1, 'Envía al menos una elección')
    .max(MAX_PICKS_PER_CALL, 'Son demasiadas elecciones a la vez')
    .refine((picks) => new Set(picks.map((pick) => pick.client_id)).size === picks.length, {
      message: 'Cada persona puede aparecer una sola vez',
    }),
});
export type PicksUpdateBody = z.input<typeof picksUpdateBody>;

/** Organizer's totals in admin event/details; one-way picks are only ever counted, never named. */
export const pickTotalsSchema = z.object({
  checked_in: z.number(),
  /** Attendees who saved at least one answer. */
  pickers: z.number(),
  /** Sí answers. */
  picks: z.number(),
  /** Pairs who both said Sí. */
  mutual: z.number(),
  /** When the picks were closed (mutual pairs became interests); null while open. */
  closed_at: z.string().nullable(),
});
export type PickTotals = z.infer<typeof pickTotalsSchema>;
