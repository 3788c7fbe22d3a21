import { z } from 'zod';
import { successAnswer } from './common';

// --- admin/backups/get (design.md §24: the back office's "Respaldos") ------------------------

export const backupsGetBody = z.object({}).optional();

export const backupSummarySchema = z.object({
  started_at: z.string(),
  kind: z.enum(['nightly', 'manual', 'before-upgrade']),
  verified: z.boolean(),
  /** Why it is not verified, in Spanish. */
  reason: z.string().nullable(),
  size_bytes: z.number().nullable(),
  duration_ms: z.number(),
  /** The folder it went to. */
  destination: z.string(),
  file: z.string().nullable(),
});
export type BackupSummary = z.infer<typeof backupSummarySchema>;

export const backupsGetResponseSchema = successAnswer({
  /** False while BACKUP_DIR or BACKUP_AGE_RECIPIENT is missing. */
  enabled: z.boolean(),
  /** The newest attempt, verified or not; null before the first. */
  latest: backupSummarySchema.nullable(),
  /** Whether every part of backup health is fine (decision 0058), and what is not. */
  healthy: z.boolean(),
  problem: z.string().nullable(),
  /** Set while this database is a restored one waiting for `cita restore --activate`. */
  quarantine: z.object({ restored_from: z.string(), restored_at: z.string() }).nullable(),
});
export type BackupsGetResponse = z.infer<typeof backupsGetResponseSchema>;
