import { z } from 'zod';
import {
  emailSchema,
  idSchema,
  optionalIdSchema,
  passwordSchema,
  requiredText,
  safeString,
  shortText,
} from './common';
import type { PendingPhoto } from './photos';

/** Server-side paging of the back-office tables. */
export const ADMIN_PAGE_SIZE = 50;
// Quiz pairs run to millions at tens of thousands of clients: pages go that far too.
export const pageSchema = z.number().int().min(1).max(10_000_000).optional();
export const searchSchema = shortText('la búsqueda', 120).optional();
/** Keyset paging (design.md §17): the previous page's `next_cursor`; `page` then only numbers it. */
export const cursorSchema = z.string().max(400, 'La página pedida no es válida').optional();

export interface Paged {
  total: number;
  /** The lists that stop counting past 10 000 (design.md §17): `total` is then a lower bound. */
  total_estimated?: boolean;
  /** Where the next page starts (send it as `cursor`); null on the last page. */
  next_cursor?: string | null;
  page: number;
  page_size: number;
}

// --- dashboard -----------------------------------------------------------

export const dashboardBody = z.object({ admin_id: optionalIdSchema });

export interface PendingAdvert {
  id: number;
  client_id: number;
  client: string;
  status_id: number;
  description: string;
  description_update: string;
  status_update: number | null;
}

export interface DashboardResponse {
  status: 'success';
  message: string;
  adverts: PendingAdvert[];
  /** Photos waiting for moderation, oldest first (design §10). */
  photos: PendingPhoto[];
}

// --- clients ---------------------------------------------------------------

export const clientsGetBody = z.object({
  admin_id: optionalIdSchema,
  search: searchSchema,
  page: pageSchema,
  cursor: cursorSchema,
});
export type ClientsGetBody = z.input<typeof clientsGetBody>;

export interface AdminClient {
  id: number;
  name: string;
  email: string;
  phone: string;
  gender: number;
  age: number | null;
  status_id: number;
  advert_id: number | null;
  advert_status: number | null;
  description: string | null;
  description_update: string | null;
  /** The main approved photo's card-sized clear URL, or null. */
  photo: string | null;
}

export interface ClientsGetResponse extends Paged {
  status: 'success';
  message: string;
  clients: AdminClient[];
}

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

export interface AdminAccount {
  id: number;
  name: string;
  email: string;
  status_id: number;
  date_creation: string;
}

export interface AdminProfileResponse {
  status: 'success';
  message: string;
  admin: AdminAccount;
}

export interface AdminGetResponse {
  status: 'success';
  message: string;
  admins: AdminAccount[];
}

export interface AdminAddResponse {
  status: 'success';
  message: string;
  admin_id: number;
}

// --- audit -------------------------------------------------------------------

export const auditGetBody = z.object({ admin_id: optionalIdSchema, page: pageSchema });

export interface AuditEntry {
  id: number;
  admin_id: number | null;
  admin_name: string | null;
  action: string;
  entity: string;
  entity_id: number | null;
  before_json: string | null;
  after_json: string | null;
  created_at: string;
  /** What happened, as a Spanish sentence: 'Ana aprobó el anuncio de Lucía R.' */
  sentence: string;
  /** The back-office screen showing the thing changed; null when it no longer exists. */
  link: string | null;
}

export interface AuditGetResponse extends Paged {
  status: 'success';
  message: string;
  entries: AuditEntry[];
}

// --- stats (design.md §14) ---------------------------------------------------

export const adminStatsBody = z.object({ admin_id: optionalIdSchema });

/** How many weeks `signups_by_week` and `matches_by_week` cover, the current one last. */
export const STATS_WEEKS = 12;

export interface WeekCount {
  /** Monday of the week, 'YYYY-MM-DD' in Mexico City. */
  week: string;
  count: number;
}

/** An upcoming event's places: held = registered + confirmed sign-ups of that gender. */
export interface EventPlaces {
  id: number;
  name: string;
  day: string | null;
  status_id: number;
  limit_w: number;
  limit_m: number;
  held_w: number;
  held_m: number;
  confirmed_w: number;
  confirmed_m: number;
  checked_in: number;
}

export interface AdminStatsResponse {
  status: 'success';
  message: string;
  signups_by_week: WeekCount[];
  /** Interests that became mutual, by the week the second one was sent. */
  matches_by_week: WeekCount[];
  events: EventPlaces[];
  /** When these figures were computed: at most STATS_MAX_AGE_SECONDS (60) old, plus one computation. */
  computed_at: string;
}
