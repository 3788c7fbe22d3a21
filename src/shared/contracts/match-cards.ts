import { z } from 'zod';
import { idSchema, optionalIdSchema } from './common';

/** Match cards stay open this long after the event ends (design.md §12). */
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

export interface RoundPerson {
  client_id: number;
  /** 'First L.' */
  name: string;
  gender: number;
}

export interface RoundsResponse {
  status: 'success';
  message: string;
  event_name: string;
  round_minutes: number;
  /** Whose rounds these are: 'checked_in' once doors opened, else 'confirmed'. */
  source: 'checked_in' | 'confirmed';
  people: RoundPerson[];
  rounds: { round: number; pairs: { table: number; a: number; b: number }[]; resting: number[] }[];
}

export const picksGetBody = z.object({ client_id: optionalIdSchema, event_id: idSchema });
export type PicksGetBody = z.input<typeof picksGetBody>;

export interface PickPerson {
  client_id: number;
  /** 'First L.' */
  name: string;
  gender: number;
  age: number | null;
  photo: string | null;
  /** 1 Sí, 0 No, null not answered yet. */
  picked: 0 | 1 | null;
}

export interface PicksGetResponse {
  status: 'success';
  message: string;
  event_name: string;
  open: boolean;
  /** When the window opens (the event's start) and closes; null for an event without a date. */
  opens_at: string | null;
  closes_at: string | null;
  closed: boolean;
  people: PickPerson[];
}

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
export interface PickTotals {
  checked_in: number;
  /** Attendees who saved at least one answer. */
  pickers: number;
  /** Sí answers. */
  picks: number;
  /** Pairs who both said Sí. */
  mutual: number;
  /** When the picks were closed (mutual pairs became interests); null while open. */
  closed_at: string | null;
}
