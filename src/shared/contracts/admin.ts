import { z } from 'zod';
import {
  emailSchema,
  idSchema,
  optionalIdSchema,
  passwordSchema,
  requiredText,
  safeString,
  shortText,
  successAnswer,
} from './common';
import { pendingPhotoSchema } from './photos';
import { verifiedMarkSchema } from './verification';

/** Server-side paging of the back-office tables. */
export const ADMIN_PAGE_SIZE = 50;
// Quiz pairs run to millions at tens of thousands of clients: pages go that far too.
export const pageSchema = z.number().int().min(1).max(10_000_000).optional();
export const searchSchema = shortText('la búsqueda', 120).optional();
/** Keyset paging (docs/design/17-million.md): the previous page's `next_cursor`; `page` then only numbers it. */
export const cursorSchema = z.string().max(400, 'La página pedida no es válida').optional();

export const pagedSchema = z.object({
  total: z.number(),
  /** The lists that stop counting past 10 000 (docs/design/17-million.md): `total` is then a lower bound. */
  total_estimated: z.boolean().optional(),
  /** Where the next page starts (send it as `cursor`); null on the last page. */
  next_cursor: z.string().nullable().optional(),
  page: z.number(),
  page_size: z.number(),
});
export type Paged = z.infer<typeof pagedSchema>;

// --- dashboard -----------------------------------------------------------

export const dashboardBody = z.object({ admin_id: optionalIdSchema });

export const pendingAdvertSchema = z.object({
  id: z.number(),
  client_id: z.number(),
  client: z.string(),
  status_id: z.number(),
  description: z.string(),
  description_update: z.string(),
  status_update: z.number().nullable(),
});
export type PendingAdvert = z.infer<typeof pendingAdvertSchema>;

export const dashboardResponseSchema = successAnswer({
  adverts: z.array(pendingAdvertSchema),
  /** Photos waiting for moderation, oldest first (design §10). */
  photos: z.array(pendingPhotoSchema),
});
export type DashboardResponse = z.infer<typeof dashboardResponseSchema>;

// --- clients ---------------------------------------------------------------

/**
 * Reaching a page by its number reads every row before it (0.7 s for page 1 500 at a million
 * members): by number only this far; further on, keyset pages (`cursor`) or a narrower search.
 */
export const MAX_NUMBERED_CLIENTS_PAGE = 50;

export const clientsGetBody = z
  .object({
    admin_id: optionalIdSchema,
    search: searchSchema,
    page: pageSchema,
    cursor: cursorSchema,
  })
  .refine((body) => body.cursor !== undefined || (body.page ?? 1) <= MAX_NUMBERED_CLIENTS_PAGE, {
    path: ['page'],
    message: `se llega por número hasta la página ${MAX_NUMBERED_CLIENTS_PAGE}; para ver más, afina la búsqueda o avanza con «Siguiente»`,
  });
export type ClientsGetBody = z.input<typeof clientsGetBody>;

export const adminClientSchema = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  gender: z.number(),
  age: z.number().nullable(),
  status_id: z.number(),
  advert_id: z.number().nullable(),
  advert_status: z.number().nullable(),
  description: z.string().nullable(),
  description_update: z.string().nullable(),
  /** The main approved photo's card-sized clear URL, or null. */
  photo: z.string().nullable(),
  verified: verifiedMarkSchema,
});
export type AdminClient = z.infer<typeof adminClientSchema>;

export const clientsGetResponseSchema = successAnswer({
  ...pagedSchema.shape,
  clients: z.array(adminClientSchema),
});
export type ClientsGetResponse = z.infer<typeof clientsGetResponseSchema>;

/**
 * The specification's two shapes. For `advert` the meaning follows spec §4:
 * - `description: ''` rejects the pending text (status and published text stay);
 * - `status_id: 1` with the pending text approves it (published, visible);
 * - `status_id: 2` with any other text deactivates the advert (hidden, text kept).
 */
export const clientsUpdateBody = z
  .object({
    admin_id: optionalIdSchema,
    client: z.object({ id: idSchema, status_id: z.union([z.literal(1), z.literal(2)]) }).optional(),
    advert: z
      .object({
        id: idSchema,
        status_id: z.union([z.literal(1), z.literal(2)]),
        description: safeString('Escribe el anuncio').max(5000),
      })
      .optional(),
  })
  .refine((body) => Boolean(body.client) !== Boolean(body.advert), {
    message: 'Envía exactamente uno de: client o advert',
  });
export type ClientsUpdateBody = z.input<typeof clientsUpdateBody>;

// --- admins ----------------------------------------------------------------

export const adminAddBody = z.object({
  admin_id: optionalIdSchema,
  admin: z.object({ name: requiredText('el nombre', 120), email: emailSchema, password: passwordSchema }),
});
export type AdminAddBody = z.input<typeof adminAddBody>;
export type NewAdminForm = AdminAddBody['admin'];

export const adminProfileBody = z.object({ admin_id: optionalIdSchema, profile_id: idSchema });

export const adminUpdateBody = z.object({
  admin_id: optionalIdSchema,
  admin: z.object({
    id: idSchema,
    name: requiredText('el nombre', 120).optional(),
    status_id: z.union([z.literal(0), z.literal(1), z.literal(2)]).optional(),
    password: passwordSchema.optional(),
    current_password: z.string().max(200).optional(),
  }),
});
export type AdminUpdateBody = z.input<typeof adminUpdateBody>;

export const adminAccountSchema = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  status_id: z.number(),
  date_creation: z.string(),
});
export type AdminAccount = z.infer<typeof adminAccountSchema>;

export const adminProfileResponseSchema = successAnswer({
  admin: adminAccountSchema,
});
export type AdminProfileResponse = z.infer<typeof adminProfileResponseSchema>;

export const adminGetResponseSchema = successAnswer({
  admins: z.array(adminAccountSchema),
});
export type AdminGetResponse = z.infer<typeof adminGetResponseSchema>;

export const adminAddResponseSchema = successAnswer({
  admin_id: z.number(),
});
export type AdminAddResponse = z.infer<typeof adminAddResponseSchema>;

// --- audit -------------------------------------------------------------------

export const auditGetBody = z.object({ admin_id: optionalIdSchema, page: pageSchema });

export const auditEntrySchema = z.object({
  id: z.number(),
  admin_id: z.number().nullable(),
  admin_name: z.string().nullable(),
  action: z.string(),
  entity: z.string(),
  entity_id: z.number().nullable(),
  before_json: z.string().nullable(),
  after_json: z.string().nullable(),
  created_at: z.string(),
  /** What happened, as a Spanish sentence: 'Ana aprobó el anuncio de Lucía R.' */
  sentence: z.string(),
  /** The back-office screen showing the thing changed; null when it no longer exists. */
  link: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditGetResponseSchema = successAnswer({
  ...pagedSchema.shape,
  entries: z.array(auditEntrySchema),
});
export type AuditGetResponse = z.infer<typeof auditGetResponseSchema>;

// --- stats (docs/design/14-back-office.md) ---------------------------------------------------

export const adminStatsBody = z.object({ admin_id: optionalIdSchema });

/** How many weeks `signups_by_week` and `matches_by_week` cover, the current one last. */
export const STATS_WEEKS = 12;

export const weekCountSchema = z.object({
  /** Monday of the week, 'YYYY-MM-DD' in Mexico City. */
  week: z.string(),
  count: z.number(),
});
export type WeekCount = z.infer<typeof weekCountSchema>;

/** An upcoming event's places: held = registered + confirmed sign-ups of that gender. */
export const eventPlacesSchema = z.object({
  id: z.number(),
  name: z.string(),
  day: z.string().nullable(),
  status_id: z.number(),
  limit_w: z.number(),
  limit_m: z.number(),
  held_w: z.number(),
  held_m: z.number(),
  confirmed_w: z.number(),
  confirmed_m: z.number(),
  checked_in: z.number(),
});
export type EventPlaces = z.infer<typeof eventPlacesSchema>;

export const adminStatsResponseSchema = successAnswer({
  signups_by_week: z.array(weekCountSchema),
  /** Interests that became mutual, by the week the second one was sent. */
  matches_by_week: z.array(weekCountSchema),
  events: z.array(eventPlacesSchema),
  /**
   * When these figures were computed, in the background every STATS_MAX_AGE_SECONDS (60); right
   * after a restart, the last stored ones until the start-up computation ends.
   */
  computed_at: z.string(),
});
export type AdminStatsResponse = z.infer<typeof adminStatsResponseSchema>;
