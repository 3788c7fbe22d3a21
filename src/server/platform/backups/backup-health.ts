import type { AppConfig } from '../config';
import type { DB } from '../db/database';
import { latestBackup, latestVerifiedAt } from './backup-records';
import { backupTargetOf } from './make-snapshot';

/** A nightly snapshot plus two hours of slack: older than this, backups are failing. */
export const VERIFIED_BACKUP_MAX_AGE_MS = 26 * 60 * 60_000;

/** Something wrong with the backups, told everywhere the operator looks (decision 0058). */
export interface BackupWarning {
  /** Spanish, fit for the public /readyz: a fixed sentence, never the failure's own words. */
  warning: string;
  /** Spanish, for the operator (`cita doctor`, the admins' card and e-mail): may say more. */
  detail: string;
  /** Names this episode of the trouble: the admins are e-mailed once per part and episode. */
  episode: string;
}

export interface BackupHealthContext {
  db: DB;
  config: AppConfig;
  now: Date;
}

/** Answers null while the part is fine. */
export type BackupHealthCheck = (context: BackupHealthContext) => Promise<BackupWarning | null>;

export interface BackupHealthPart {
  name: string;
  warning: BackupWarning | null;
}

/**
 * The parts of backup health: the snapshots, and whatever else keeps copies (the continuous
 * replica). Backup health never takes traffic away: each part is a warning in /readyz (status
 * 200), a ✗ in `cita doctor`, a line in the «Respaldos» card, a series in /metrics and an e-mail
 * to the admins once per episode.
 */
export class BackupHealth {
  private readonly parts: { name: string; check: BackupHealthCheck }[] = [];

  add(name: string, check: BackupHealthCheck): void {
    this.parts.push({ name, check });
  }

  names(): string[] {
    return this.parts.map((part) => part.name);
  }

  async check(db: DB, config: AppConfig, now = new Date()): Promise<BackupHealthPart[]> {
    return Promise.all(
      this.parts.map(async ({ name, check }) => ({ name, warning: await check({ db, config, now }) })),
    );
  }
}

/**
 * The snapshots keep up when the last attempt was verified and the last verified snapshot is
 * younger than 26 h; off (no BACKUP_DIR or recipient) is not this part's concern.
 */
export async function snapshotHealth({
  db,
  config,
  now,
}: BackupHealthContext): Promise<BackupWarning | null> {
  if (!backupTargetOf(config)) return null;
  const latest = await latestBackup(db);
  if (latest && !latest.verified) {
    return {
      warning: 'El último respaldo falló (el motivo está en «cita doctor»)',
      detail: `el último (${latest.startedAt}) falló: ${latest.reason ?? 'sin motivo'}`,
      episode: `fallido:${latest.id}`,
    };
  }
  const last = await latestVerifiedAt(db);
  if (!last) {
    const warning = 'Todavía no hay ningún respaldo verificado';
    return { warning, detail: warning, episode: 'ninguno' };
  }
  const ageMs = now.getTime() - new Date(last).getTime();
  if (ageMs <= VERIFIED_BACKUP_MAX_AGE_MS) return null;
  const warning = `El último respaldo verificado es de hace ${Math.floor(ageMs / 3_600_000)} h (el máximo es 26 h)`;
  return { warning, detail: warning, episode: `viejo:${last}` };
}

/** The name the snapshots' part goes by in /readyz, doctor and /metrics. */
export const SNAPSHOTS_PART = 'respaldos';

/**
 * The parts every process checks, the server and `cita doctor` alike: a part that needs only the
 * database, the configuration and files is added here. A part that only the running server can
 * know (a child process it supervises) is added to the app's own `app.backupHealth`.
 */
export function standardBackupHealth(): BackupHealth {
  const health = new BackupHealth();
  health.add(SNAPSHOTS_PART, snapshotHealth);
  return health;
}
