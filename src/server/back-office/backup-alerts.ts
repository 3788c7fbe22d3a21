import type { FastifyInstance } from 'fastify';
import { ADMIN_STATUS } from '../../shared/domain/statuses';
import { backupReadiness } from '../platform/backups/backup-readiness';
import { latestVerifiedAt } from '../platform/backups/backup-records';
import type { LitestreamSupervisor } from '../platform/backups/litestream';
import {
  applyRetentionEverywhere,
  backupTargetOf,
  makeVerifiedSnapshot,
} from '../platform/backups/make-snapshot';
import {
  BACKUP_CHECK_JOB,
  NIGHTLY_BACKUP_JOB,
  scheduleBackupCheck,
  scheduleNightlyBackup,
} from '../platform/backups/nightly';
import { enqueueMail } from '../platform/mail/mail-jobs';

/**
 * E-mails every active admin about a backup problem, once per `problem` (its key names the failed
 * snapshot, or the last verified one a missing nightly should have followed): never per check.
 */
async function tellAdmins(app: FastifyInstance, problem: string, reason: string): Promise<void> {
  const admins = await app.db
    .selectFrom('admins')
    .select(['id', 'email'])
    .where('status_id', '=', ADMIN_STATUS.active)
    .execute();
  for (const admin of admins) {
    await enqueueMail(app.db, `mail:${problem}:${admin.id}`, {
      to: admin.email,
      subject: 'Cita: los respaldos necesitan atención',
      text: `${reason}.\n\nRevisa la tarjeta «Respaldos» del panel y, en el servidor, ejecuta «cita backup» para hacer uno ahora.`,
    });
  }
  app.queue.wake();
}

/** A stalled continuous replica e-mails the admins at once, once per stall (decision 0059). */
export function alertAdminsOnReplicaStall(app: FastifyInstance, replica: LitestreamSupervisor): void {
  replica.onStall((health) => {
    const since = (replica.incidentSince ?? new Date()).toISOString();
    tellAdmins(app, `replica-stalled:${since}`, health.reason ?? 'La réplica continua no avanza').catch(
      (error: unknown) => app.log.warn({ err: error }, 'no se pudo avisar a los administradores'),
    );
  });
}

/**
 * design.md §24: when backups are on, the nightly snapshot (then the retention, then the next
 * night's) and an hourly check that a verified snapshot younger than 26 h exists; the admins hear
 * of a failed or a missing one by e-mail. The back office owns this: the admins are its table.
 */
export function registerBackupJobs(app: FastifyInstance): void {
  const target = backupTargetOf(app.config);
  if (!target) return;
  const { nightlyHour } = app.config.backups;
  app.queue.handle(NIGHTLY_BACKUP_JOB, async () => {
    try {
      const outcome = await makeVerifiedSnapshot(app.db, app.config, 'nightly');
      if (outcome.verified) await applyRetentionEverywhere(app.config);
      else await tellAdmins(app, `backup-failed:${outcome.id}`, outcome.reason ?? 'El respaldo falló');
    } finally {
      await scheduleNightlyBackup(app.db, nightlyHour);
    }
  });
  app.queue.handle(BACKUP_CHECK_JOB, async () => {
    try {
      const readiness = await backupReadiness(app.db, app.config);
      if (!readiness.ok) {
        const last = (await latestVerifiedAt(app.db)) ?? 'ninguno';
        await tellAdmins(app, `backup-missing:${last}`, readiness.reason ?? 'No hay un respaldo reciente');
      }
    } finally {
      await scheduleBackupCheck(app.db);
    }
  });
  app.addHook('onReady', async () => {
    await scheduleNightlyBackup(app.db, nightlyHour);
    await scheduleBackupCheck(app.db);
  });
}
