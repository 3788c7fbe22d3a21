import { dayInMexicoCity, mexicoLocalToUtc } from '../../../shared/domain/mexico-time';
import type { DB } from '../db/database';
import { enqueue } from '../queue/queue';

/** The queue's kinds for backups: the nightly snapshot, and the hourly look at whether they keep up. */
export const NIGHTLY_BACKUP_JOB = 'backup-nightly';
export const BACKUP_CHECK_JOB = 'backup-check';

/** The next nightly run: today at `hour` in Mexico City when still ahead, else tomorrow. */
export function nextNightlyRun(hour: number, now = new Date()): Date {
  const at = `${String(hour).padStart(2, '0')}:00`;
  const today = mexicoLocalToUtc(dayInMexicoCity(now), at);
  if (today.getTime() > now.getTime()) return today;
  return mexicoLocalToUtc(dayInMexicoCity(new Date(now.getTime() + 24 * 60 * 60_000)), at);
}

/**
 * Enqueues the next nightly snapshot, once per night whatever the number of instances (the key
 * names the night). A snapshot is not retried: the next night's is the next try, and the admins
 * hear of the failure at once.
 */
export async function scheduleNightlyBackup(db: DB, hour: number, now = new Date()): Promise<void> {
  const runAt = nextNightlyRun(hour, now);
  await enqueue(db, {
    kind: NIGHTLY_BACKUP_JOB,
    key: `${NIGHTLY_BACKUP_JOB}:${runAt.toISOString()}`,
    runAt,
    maxAttempts: 1,
  });
}

/**
 * Enqueues the next check of the backups' age, on the hour at least an hour ahead (a server just
 * started has not had its first night yet); instances agree on the hour, so one check runs.
 */
export async function scheduleBackupCheck(db: DB, now = new Date()): Promise<void> {
  const runAt = new Date(Math.ceil((now.getTime() + 3_600_000) / 3_600_000) * 3_600_000);
  await enqueue(db, {
    kind: BACKUP_CHECK_JOB,
    key: `${BACKUP_CHECK_JOB}:${runAt.toISOString()}`,
    runAt,
    maxAttempts: 1,
  });
}
