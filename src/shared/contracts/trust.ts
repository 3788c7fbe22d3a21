import { z } from 'zod';
import { idSchema, optionalIdSchema, shortText } from './common';

export const blockBody = z.object({ client_id: optionalIdSchema, target_client_id: idSchema });
export type BlockBody = z.input<typeof blockBody>;

export const blocksGetBody = z.object({ client_id: optionalIdSchema }).optional();

export interface BlockedPerson {
  client_id: number;
  /** 'First L.' */
  name: string;
  created_at: string;
}

export interface BlocksGetResponse {
  status: 'success';
  message: string;
  blocks: BlockedPerson[];
}

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

export interface ReportPerson {
  id: number;
  /** Full name: the admin needs to find the person. */
  name: string;
  email: string;
  /** 1 active, 2 inactive, 3 erased. */
  status_id: number;
}

export interface AdminReport {
  id: number;
  reporter: ReportPerson;
  reported: ReportPerson & {
    advert_id: number | null;
    advert_status: number | null;
    description: string | null;
  };
  reason: ReportReason;
  text: string;
  status_id: number;
  action: ReportAction | null;
  created_at: string;
}

export interface ReportsGetResponse {
  status: 'success';
  message: string;
  reports: AdminReport[];
}

export const dataExportBody = z.object({ client_id: optionalIdSchema }).optional();
