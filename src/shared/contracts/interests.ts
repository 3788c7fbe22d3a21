import { z } from 'zod';
import { idSchema, optionalIdSchema, successAnswer } from './common';
import { verifiedMarkSchema } from './verification';

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
export const interestEntrySchema = z.object({
  /** The caller's interest row: what client/interested/update names. */
  id: z.number(),
  client_id: z.number(),
  /** Their advert, when it is published. */
  advert_id: z.number().nullable(),
  /** 'First L.' for a one-way interest; first and last name once the interest is mutual. */
  full_name: z.string(),
  gender: z.number(),
  age: z.number().nullable(),
  occupation: z.string(),
  /** Their published advert text; empty while the advert is not shown. */
  description: z.string(),
  /** Their main approved photo's card-sized clear URL, or null. */
  photo: z.string().nullable(),
  verified: verifiedMarkSchema,
});
export type InterestEntry = z.infer<typeof interestEntrySchema>;

/**
 * The other person's contact details (docs/design/26-contact.md): empty until both pressed "Compartir mi
 * contacto" in their conversation, then the phone and Instagram of their profile.
 */
export const sharedContactSchema = z.object({
  phone: z.string(),
  instagram: z.string(),
  /** A wa.me link from the phone, or null (not shared yet, or not a usable number). */
  whatsapp: z.string().nullable(),
});
export type SharedContact = z.infer<typeof sharedContactSchema>;

/** Both agreed to meet: full name, and the contact once both chose to share it (never the e-mail). */
export const mutualEntrySchema = interestEntrySchema.extend({
  ...sharedContactSchema.shape,
  /** Both pressed "Compartir mi contacto" in their conversation. */
  contact_shared: z.boolean(),
  /** She pressed it (waiting for the other, or both). */
  shared_by_me: z.boolean(),
  /** The other pressed it while their conversation is open. */
  shared_by_other: z.boolean(),
  /** Their conversation in Mensajes (docs/design/20-mensajes.md): where "Mensaje" leads; null only if none exists. */
  conversation_id: z.number().nullable(),
});
export type MutualEntry = z.infer<typeof mutualEntrySchema>;

export const interestedGetResponseSchema = successAnswer({
  /** The caller's one-way interests, newest first. */
  interested: z.array(interestEntrySchema),
  mutual: z.array(mutualEntrySchema),
});
export type InterestedGetResponse = z.infer<typeof interestedGetResponseSchema>;

export const interestedAddResponseSchema = successAnswer({
  /** The caller's interest row. */
  interest_id: z.number(),
  /** False when the interest already existed: the call is idempotent. */
  created: z.boolean(),
  mutual: z.boolean(),
});
export type InterestedAddResponse = z.infer<typeof interestedAddResponseSchema>;
