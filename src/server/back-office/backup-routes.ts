import type { FastifyInstance } from 'fastify';
import { backupsGetBody, backupsGetResponseSchema } from '../../shared/contracts/backups';
import { requireAdmin } from '../platform/auth/guards';
import { latestBackup } from '../platform/backups/backup-records';
import { backupTargetOf } from '../platform/backups/make-snapshot';
import { quarantineOf } from '../platform/backups/quarantine';
import { callOptions, ok, zodApp } from '../platform/http/envelope';

/**
 * "Respaldos", as an organizer reads it: the last backup, verified or not, whether copies leave the
 * machine (never a folder, setting or failure message: those are `cita doctor`'s), every warning of backup health (decision 0058)
 * and the quarantine of a restored database.
 */
export async function registerBackupRoutes(app: FastifyInstance): Promise<void> {
  const api = zodApp(app, requireAdmin);

  api.post('/admin/backups/get', callOptions(backupsGetBody, backupsGetResponseSchema), async () => {
    const latest = await latestBackup(app.db);
    const warnings = backupTargetOf(app.config)
      ? (await app.backupHealth.check(app.db, app.config)).flatMap((part) => part.warning ?? [])
      : [];
    const quarantine = await quarantineOf(app.db);
    return ok('Respaldos', {
      enabled: backupTargetOf(app.config) !== null,
      off_site: app.config.backups.s3 !== undefined,
      latest: latest && {
        started_at: latest.startedAt,
        kind: latest.kind,
        verified: latest.verified,
        size_bytes: latest.sizeBytes,
        duration_ms: latest.durationMs,
      },
      healthy: warnings.length === 0,
      problem: warnings.length ? warnings.map((warning) => warning.warning).join(' · ') : null,
      quarantine: quarantine && {
        restored_from: quarantine.restoredFrom,
        restored_at: quarantine.restoredAt,
      },
    });
  });
}
