import { z } from 'zod';
import { idSchema, optionalIdSchema } from './common';

export const interestedGetBody = z.object({ client_id: optionalIdSchema }).optional();

/** `interested_id` is the target advert's id (specification §4), not a client id. */
export const interestedAddBody = z.object({
  interes: z.object({ client_id: optionalIdSchema, interested_id: idSchema }),
});
export type InterestedAddBody = z.input<typeof interestedAddBody>;

/**
 * Removing an interest: status 0 from the one-way list, 1 from the mutual list (specification
 * §4). Both withdraw the caller's interest; see decision 0008.
 */
export const interestedUpdateBody = z.object({
  client_id: optionalIdSchema,
  interes: z.object({
    id: idSchema,
    status_id: z.union([z.literal(0), z.literal(1)], {
      error: 'Usa 0 para quitar un interés o 1 para quitarlo de los mutuos',
    }),
  }),
});
export type InterestedUpdateBody = z.input<typeof interestedUpdateBody>;

/** The other person of one of the caller's interests (specification §3 'Interested or mutual entry'). */
export interface InterestEntry {
  /** The caller's interest row: what client/interested/update names. */
  id: number;
  client_id: number;
  /** Their advert, when it is published. */
  advert_id: number | null;
  /** 'First L.' for a one-way interest; first and last name once the interest is mutual. */
  full_name: string;
  gender: number;
  age: number | null;
  occupation: string;
  /** Their published advert text; empty while the advert is not shown. */
  description: string;
  /** Their main approved photo's card-sized clear URL, or null. */
  photo: string | null;
}

/** Both agreed: the contact each gave in their profile (never the e-mail). */
export interface MutualEntry extends InterestEntry {
  phone: string;
  instagram: string;
  /** A wa.me link from the phone, or null when the phone is not a usable number. */
  whatsapp: string | null;
}

export interface InterestedGetResponse {
  status: 'success';
  message: string;
  /** The caller's one-way interests, newest first. */
  interested: InterestEntry[];
  mutual: MutualEntry[];
}

export interface InterestedAddResponse {
  status: 'success';
  message: string;
  /** The caller's interest row. */
  interest_id: number;
  /** False when the interest already existed: the call is idempotent. */
  created: boolean;
  mutual: boolean;
}
