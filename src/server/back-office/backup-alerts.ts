import type { FastifyInstance } from 'fastify';
import { ADMIN_STATUS } from '../../shared/domain/statuses';
import { SNAPSHOTS_PART } from '../platform/backups/backup-health';
import type { LitestreamSupervisor } from '../platform/backups/litestream';
import {
  applyRetentionEverywhere,
  backupTargetOf,
  makeVerifiedSnapshot,
  recordAbandonedAttempts,
} from '../platform/backups/make-snapshot';
import {
  BACKUP_CHECK_JOB,
  NIGHTLY_BACKUP_JOB,
  scheduleBackupCheck,
  scheduleNightlyBackup,
} from '../platform/backups/nightly';
import { REPLICA_PART } from '../platform/backups/replica-health';
import type { AppConfig } from '../platform/config';
import type { DB } from '../platform/db/database';
import { enqueueMail } from '../platform/mail/mail-jobs';

/** The key of one problem: a part of backup health and the episode its check named. */
export function backupProblemKey(part: string, episode: string): string {
  return `backup-health:${part}:${episode}`;
}

/** The key of a failed snapshot attempt: the same as the snapshots' part names it when checked. */
export function failedSnapshotKey(attemptId: number): string {
  return backupProblemKey(SNAPSHOTS_PART, `fallido:${attemptId}`);
}

/**
 * E-mails every active admin about a backup problem through the queue, once per `problem` (the
 * mail job's key names it): a failed attempt is told by whoever sees it first (the nightly job,
 * `cita backup`, the hourly check), never twice. Used by the server and by `cita backup`.
 */
export async function alertAdminsAboutBackups(db: DB, problem: string, reason: string): Promise<void> {
  const admins = await db
    .selectFrom('admins')
    .select(['id', 'email'])
    .where('status_id', '=', ADMIN_STATUS.active)
    .execute();
  for (const admin of admins) {
    await enqueueMail(db, `mail:${problem}:${admin.id}`, {
      to: admin.email,
      subject: 'Cita: los respaldos necesitan atención',
      text: `${reason}.\n\nRevisa la tarjeta «Respaldos» del panel y, en el servidor, ejecuta «cita doctor» y «cita backup» para hacer uno ahora.`,
    });
  }
}

/** The attempts killed runs left (their copies removed), recorded as failed and told to the admins. */
export async function alertAbandonedAttempts(db: DB, config: AppConfig): Promise<number> {
  const abandoned = await recordAbandonedAttempts(db, config);
  for (const attempt of abandoned) {
    await alertAdminsAboutBackups(db, failedSnapshotKey(attempt.id), attempt.reason);
  }
  return abandoned.length;
}

/** A stalled continuous replica e-mails the admins at once, once per stall (decision 0059). */
export function alertAdminsOnReplicaStall(app: FastifyInstance, replica: LitestreamSupervisor): void {
  replica.onStall((health) => {
    const since = (replica.incidentSince ?? new Date()).toISOString();
    alertAdminsAboutBackups(
      app.db,
      backupProblemKey(REPLICA_PART, since),
      health.reason ?? 'La réplica continua no avanza',
    )
      .then(() => app.queue.wake())
      .catch((error: unknown) => app.log.warn({ err: error }, 'no se pudo avisar a los administradores'));
  });
}

/**
 * When backups are on: the nightly snapshot (then the retention, then the next night's) and an
 * hourly look at every part of backup health (decision 0058); the admins hear of each problem by
 * e-mail once. The back office owns this: the admins are its table.
 */
export function registerBackupJobs(app: FastifyInstance): void {
  const target = backupTargetOf(app.config);
  if (!target) return;
  const { nightlyHour } = app.config.backups;
  app.queue.handle(NIGHTLY_BACKUP_JOB, async () => {
    try {
      await alertAbandonedAttempts(app.db, app.config);
      const outcome = await makeVerifiedSnapshot(app.db, app.config, 'nightly');
      if (outcome.verified) await applyRetentionEverywhere(app.config);
      else {
        await alertAdminsAboutBackups(
          app.db,
          failedSnapshotKey(outcome.id),
          outcome.reason ?? 'El respaldo falló',
        );
      }
      app.queue.wake();
    } finally {
      await scheduleNightlyBackup(app.db, nightlyHour);
    }
  });
  app.queue.handle(BACKUP_CHECK_JOB, async () => {
    try {
      for (const part of await app.backupHealth.check(app.db, app.config)) {
        if (!part.warning) continue;
        await alertAdminsAboutBackups(
          app.db,
          backupProblemKey(part.name, part.warning.episode),
          part.warning.detail,
        );
      }
      app.queue.wake();
    } finally {
      await scheduleBackupCheck(app.db);
    }
  });
  app.addHook('onReady', async () => {
    // A backup killed while the server was down is told now, its plain copy gone.
    await alertAbandonedAttempts(app.db, app.config);
    await scheduleNightlyBackup(app.db, nightlyHour);
    await scheduleBackupCheck(app.db);
  });
}
