import { z } from 'zod';
import { genderSchema } from './auth';
import { idSchema, optionalIdSchema, successAnswer } from './common';
import { publicPhotoSchema } from './photos';
import { verifiedMarkSchema } from './verification';

/**
 * The most adverts one call answers; also the answer's size when the body names no limit, so a
 * client written against the specification, which does not page, gets the newest 50 and `total`.
 */
export const ADVERTS_MAX_LIMIT = 50;

/**
 * adverts/get: the specification's body is `{ admin_id }`; paging and the gender filter are
 * optional additions. The list is public, so admin_id changes nothing.
 */
export const advertsGetBody = z
  .object({
    admin_id: optionalIdSchema,
    /** 1 mujer, 2 hombre, 3 LGBTQ+; absent: everyone. */
    gender: genderSchema.optional(),
    /** «Sólo verificadas» (docs/design/27-verified.md): only members with either mark. */
    verified: z.boolean({ error: 'Usa true o false' }).optional(),
    offset: z
      .number({ error: 'Debe ser un número' })
      .int('Debe ser un número entero')
      .min(0, 'No puede ser negativo')
      .max(1_000_000, 'El número es demasiado grande')
      .optional(),
    /**
     * Keyset paging (docs/design/17-million.md): only adverts older than this one, the last of the previous
     * page (`next_before_id`). Adverts published meanwhile do not shift the pages, and a deep page
     * costs what the first one does.
     */
    before_id: idSchema.optional(),
    limit: z
      .number({ error: 'Debe ser un número' })
      .int('Debe ser un número entero')
      .min(1, 'Pide al menos un anuncio')
      .max(ADVERTS_MAX_LIMIT, `Pide a lo más ${ADVERTS_MAX_LIMIT} anuncios`)
      .optional(),
  })
  .optional();
export type AdvertsGetBody = z.input<typeof advertsGetBody>;

/** A published advert as anyone may see it (specification §3 'Advert (person)'): no contact data. */
export const personAdvertSchema = z.object({
  id: z.number(),
  client_id: z.number(),
  /** 'First L.': first name and the initial of the last name. */
  client: z.string(),
  gender: z.number(),
  age: z.number().nullable(),
  occupation: z.string(),
  description: z.string(),
  /**
   * The main approved photo's card-sized URL (about 480 px), or null. Visitors get a strongly
   * blurred variant; logged-in active members and admins get the clear one (design §10).
   */
  photo: z.string().nullable(),
  /** Every approved photo in order, blurred or clear by the same rule. */
  photos: z.array(publicPhotoSchema),
  verified: verifiedMarkSchema,
});
export type PersonAdvert = z.infer<typeof personAdvertSchema>;

export const advertsGetResponseSchema = successAnswer({
  adverts: z.array(personAdvertSchema),
  /** Adverts matching the filter, across all pages; past 10 000 a lower bound (docs/design/17-million.md). */
  total: z.number(),
  total_estimated: z.boolean(),
  /** The `before_id` of the next page; null when this page is the last. */
  next_before_id: z.number().nullable(),
  offset: z.number(),
  limit: z.number(),
});
export type AdvertsGetResponse = z.infer<typeof advertsGetResponseSchema>;
