import { z } from 'zod';
import { idSchema, optionalIdSchema, shortText, successAnswer } from './common';

export const blockBody = z.object({ client_id: optionalIdSchema, target_client_id: idSchema });
export type BlockBody = z.input<typeof blockBody>;

export const blocksGetBody = z.object({ client_id: optionalIdSchema }).optional();

export const blockedPersonSchema = z.object({
  client_id: z.number(),
  /** 'First L.' */
  name: z.string(),
  created_at: z.string(),
});
export type BlockedPerson = z.infer<typeof blockedPersonSchema>;

export const blocksGetResponseSchema = successAnswer({
  blocks: z.array(blockedPersonSchema),
});
export type BlocksGetResponse = z.infer<typeof blocksGetResponseSchema>;

export const REPORT_REASONS = ['fake', 'offensive', 'harassment', 'underage', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

export const REPORT_REASON_LABELS: Record<ReportReason, string> = {
  fake: 'Perfil falso',
  offensive: 'Contenido ofensivo',
  harassment: 'Acoso',
  underage: 'Parece menor de edad',
  other: 'Otro motivo',
};

export const REPORT_TEXT_MAX = 1000;

export const reportBody = z.object({
  client_id: optionalIdSchema,
  target_client_id: idSchema,
  reason: z.enum(REPORT_REASONS, { error: 'Elige un motivo del reporte' }),
  text: shortText('el comentario', REPORT_TEXT_MAX).optional(),
});
export type ReportBody = z.input<typeof reportBody>;

/** 1 open (waits in the admin queue), 2 resolved, 3 dismissed. */
export const REPORT_STATUS = { open: 1, resolved: 2, dismissed: 3 } as const;

export const REPORT_ACTIONS = ['hide_advert', 'deactivate'] as const;
export type ReportAction = (typeof REPORT_ACTIONS)[number];

export const reportsGetBody = z.object({
  admin_id: optionalIdSchema,
  status_id: z
    .union([z.literal(1), z.literal(2), z.literal(3)], { error: 'Elige un estado válido' })
    .optional(),
});
export type ReportsGetBody = z.input<typeof reportsGetBody>;

export const reportsUpdateBody = z.object({
  admin_id: optionalIdSchema,
  report: z.object({
    id: idSchema,
    status_id: z.union([z.literal(2), z.literal(3)], { error: 'Usa 2 para resolver o 3 para descartar' }),
    action: z.enum(REPORT_ACTIONS, { error: 'La acción debe ser hide_advert o deactivate' }).optional(),
  }),
});
export type ReportsUpdateBody = z.input<typeof reportsUpdateBody>;

export const reportPersonSchema = z.object({
  id: z.number(),
  /** Full name: the admin needs to find the person. */
  name: z.string(),
  email: z.string(),
  /** 1 active, 2 inactive, 3 erased. */
  status_id: z.number(),
});
export type ReportPerson = z.infer<typeof reportPersonSchema>;

export const reportedPersonSchema = reportPersonSchema.extend({
  advert_id: z.number().nullable(),
  advert_status: z.number().nullable(),
  description: z.string().nullable(),
});
export type ReportedPerson = z.infer<typeof reportedPersonSchema>;

export const adminReportSchema = z.object({
  id: z.number(),
  reporter: reportPersonSchema,
  reported: reportedPersonSchema,
  reason: z.enum(REPORT_REASONS),
  text: z.string(),
  /** The reported message's text (docs/design/20-mensajes.md): admins see reported messages only. */
  message_text: z.string().nullable(),
  status_id: z.number(),
  action: z.enum(REPORT_ACTIONS).nullable(),
  created_at: z.string(),
});
export type AdminReport = z.infer<typeof adminReportSchema>;

export const reportsGetResponseSchema = successAnswer({
  reports: z.array(adminReportSchema),
});
export type ReportsGetResponse = z.infer<typeof reportsGetResponseSchema>;

export const dataExportBody = z.object({ client_id: optionalIdSchema }).optional();

export const reportAnswer = successAnswer({ report_id: z.number() });

/**
 * The ARCO export: one section per kind of data, each declared by the domain that stores it
 * (each domain's personal-data.ts, docs/design/18-personal-data.md); the sections are listed there, not here.
 */
export const dataExportAnswer = successAnswer({
  /** Every section under its key, as programs read it. */
  data: z.record(z.string(), z.unknown()),
  /** The same, as she reads it in the file she downloads: Spanish section names, codes explained. */
  readable: z.record(z.string(), z.unknown()),
});
