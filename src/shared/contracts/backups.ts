import { z } from 'zod';
import { successAnswer } from './common';

// --- admin/backups/get (docs/design/24-backups.md: the back office's "Respaldos") ------------------------

export const backupsGetBody = z.object({}).optional();

/**
 * What an organizer reads of one attempt: no folder, file or failure message (those name settings
 * and server paths; the operator reads them in `cita doctor`).
 */
export const backupSummarySchema = z.object({
  started_at: z.string(),
  kind: z.enum(['nightly', 'manual', 'before-upgrade']),
  verified: z.boolean(),
  size_bytes: z.number().nullable(),
  duration_ms: z.number(),
});
export type BackupSummary = z.infer<typeof backupSummarySchema>;

export const backupsGetResponseSchema = successAnswer({
  /** False while BACKUP_DIR or BACKUP_AGE_RECIPIENT is missing. */
  enabled: z.boolean(),
  /** Whether every snapshot is also copied off this machine (S3-compatible storage). */
  off_site: z.boolean(),
  /** The newest attempt, verified or not; null before the first. */
  latest: backupSummarySchema.nullable(),
  /** Whether every part of backup health is fine (decision 0058), and what is not. */
  healthy: z.boolean(),
  problem: z.string().nullable(),
  /** Set while this database is a restored one waiting for `cita restore --activate`. */
  quarantine: z.object({ restored_from: z.string(), restored_at: z.string() }).nullable(),
});
export type BackupsGetResponse = z.infer<typeof backupsGetResponseSchema>;
