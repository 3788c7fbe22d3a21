import { z } from 'zod';
import { idSchema, optionalIdSchema, successAnswer } from './common';
import { personAdvertSchema } from './people';

/** People per page of "Para ti". */
export const COMPATIBLE_PAGE_SIZE = 12;

const ageBound = z
  .number({ error: 'Escribe una edad' })
  .int('Escribe la edad en años cumplidos')
  .min(18, 'La edad mínima es 18 años')
  .max(99, 'Escribe una edad de hasta 99 años');

/**
 * client/compatible/get (docs/design/16-para-ti.md): the caller's "Para ti". client_id is accepted as the
 * specification's calls send it; the session decides whose list it is.
 */
export const compatibleGetBody = z
  .object({
    client_id: optionalIdSchema,
    page: idSchema.optional(),
    age_min: ageBound.optional(),
    age_max: ageBound.optional(),
    /** «Sólo verificadas» (docs/design/27-verified.md). */
    verified: z.boolean({ error: 'Usa true o false' }).optional(),
  })
  .refine(
    (body) => body.age_min === undefined || body.age_max === undefined || body.age_min <= body.age_max,
    {
      message: 'La edad mínima no puede ser mayor que la máxima',
      path: ['age_min'],
    },
  )
  .optional();
export type CompatibleGetBody = z.input<typeof compatibleGetBody>;

/** Someone who suits the caller: her public advert (as /personas shows it), how well they fit and why. */
export const compatiblePersonSchema = personAdvertSchema.omit({ id: true, client: true }).extend({
  advert_id: z.number(),
  /** 'First L.'. */
  name: z.string(),
  /** Specification §9's percent with the caller. */
  percent: z.number(),
  /** Up to three Spanish phrases naming what they share ("Los dos quieren tener hijos"). */
  reasons: z.array(z.string()),
});
export type CompatiblePerson = z.infer<typeof compatiblePersonSchema>;

export const compatibleGetAnswer = successAnswer({
  people: z.array(compatiblePersonSchema),
  total: z.number(),
  page: z.number(),
  page_size: z.number(),
});
export type CompatibleGetAnswer = z.infer<typeof compatibleGetAnswer>;
