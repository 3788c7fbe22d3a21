import type { AppConfig } from '../config';
import type { DB } from '../db/database';
import { latestBackup, latestVerifiedAt } from './backup-records';
import { backupTargetOf } from './make-snapshot';

/** A nightly snapshot plus two hours of slack: older than this, backups are failing. */
export const VERIFIED_BACKUP_MAX_AGE_MS = 26 * 60 * 60_000;

export interface BackupReadiness {
  ok: boolean;
  /** Why not, in Spanish, for /readyz and `cita doctor`. */
  reason?: string;
}

/**
 * Whether backups are keeping up (design.md §23 /readyz): fine when they are off, or when the
 * last attempt was verified and the last verified snapshot is younger than 26 h. The reasons are
 * fixed sentences: /readyz is public, the failure's own words stay in the back office.
 */
export async function backupReadiness(db: DB, config: AppConfig, now = new Date()): Promise<BackupReadiness> {
  if (!backupTargetOf(config)) return { ok: true };
  const latest = await latestBackup(db);
  if (latest && !latest.verified) {
    return { ok: false, reason: 'El último respaldo falló (el motivo está en Respaldos y en «cita doctor»)' };
  }
  const last = await latestVerifiedAt(db);
  if (!last) return { ok: false, reason: 'Todavía no hay ningún respaldo verificado' };
  const ageMs = now.getTime() - new Date(last).getTime();
  if (ageMs > VERIFIED_BACKUP_MAX_AGE_MS) {
    return {
      ok: false,
      reason: `El último respaldo verificado es de hace ${Math.floor(ageMs / 3_600_000)} h (el máximo es 26 h)`,
    };
  }
  return { ok: true };
}
