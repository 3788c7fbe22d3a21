import type { FastifyInstance } from 'fastify';
import { backupsGetBody, backupsGetResponseSchema } from '../../shared/contracts/backups';
import { requireAdmin } from '../platform/auth/guards';
import { backupReadiness } from '../platform/backups/backup-readiness';
import { latestBackup } from '../platform/backups/backup-records';
import { backupTargetOf } from '../platform/backups/make-snapshot';
import { quarantineOf } from '../platform/backups/quarantine';
import { callOptions, ok, zodApp } from '../platform/http/envelope';

/** "Respaldos": the last backup, verified or why not, and the quarantine of a restored database. */
export async function registerBackupRoutes(app: FastifyInstance): Promise<void> {
  const api = zodApp(app, requireAdmin);

  api.post('/admin/backups/get', callOptions(backupsGetBody, backupsGetResponseSchema), async () => {
    const latest = await latestBackup(app.db);
    const readiness = await backupReadiness(app.db, app.config);
    const quarantine = await quarantineOf(app.db);
    return ok('Respaldos', {
      enabled: backupTargetOf(app.config) !== null,
      latest: latest && {
        started_at: latest.startedAt,
        kind: latest.kind,
        verified: latest.verified,
        reason: latest.reason,
        size_bytes: latest.sizeBytes,
        duration_ms: latest.durationMs,
        destination: latest.destination,
        file: latest.file,
      },
      healthy: readiness.ok,
      problem: readiness.reason ?? null,
      quarantine: quarantine && {
        restored_from: quarantine.restoredFrom,
        restored_at: quarantine.restoredAt,
      },
    });
  });
}
