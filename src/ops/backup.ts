import {
  alertAbandonedAttempts,
  alertAdminsAboutBackups,
  failedSnapshotKey,
} from '../server/back-office/backup-alerts';
import {
  applyRetentionEverywhere,
  BACKUPS_OFF,
  backupTargetOf,
  makeVerifiedSnapshot,
  recordAbandonedAttempts,
} from '../server/platform/backups/make-snapshot';
import { RETENTION_RULE } from '../server/platform/backups/retention';
import { type AppConfig, configFromEnv } from '../server/platform/config';
import { createDatabase, type DB } from '../server/platform/db/database';
import { formatBytes } from '../shared/domain/byte-size';
import { printTableCounts } from './ops-output';
import { parseVerbArgs } from './verb-options';

export const HELP = `Uso: cita backup [--before-upgrade]
     cita backup --record-interrupted

Hace ahora un respaldo verificado, como el de cada noche (lo corre cita-backup.timer), dice dónde
quedó y aplica la retención (${RETENTION_RULE}). Si falla, avisa por correo a los administradores.

  --before-upgrade      lo marca como previo a una actualización (lo usa cita upgrade)
  --record-interrupted  registra como fallido, y avisa, un respaldo que se cortó (kill, apagado)
                        y borra su copia sin cifrar; lo corre el servicio cita-backup al detenerse`;

/** The exit code of a process stopped by a signal, as the shell reports it. */
const SIGNAL_EXIT = { SIGINT: 130, SIGTERM: 143 } as const;

/**
 * Ctrl-C or a stop while the snapshot is made: the plain copy goes and the attempt is recorded as
 * failed and told, before the process ends (a kill -9 is handled by the next run or the unit).
 */
function onStopSignals(db: DB, config: AppConfig): () => void {
  const handlers = Object.entries(SIGNAL_EXIT).map(([signal, code]) => {
    const handler = () => {
      void recordAbandonedAttempts(db, config, { own: true })
        .then(async (abandoned) => {
          for (const attempt of abandoned) {
            await alertAdminsAboutBackups(db, failedSnapshotKey(attempt.id), attempt.reason);
          }
        })
        .finally(() => process.exit(code));
    };
    process.once(signal, handler);
    return () => process.off(signal, handler);
  });
  return () => {
    for (const off of handlers) off();
  };
}

const BACKUP_OPTIONS = {
  'before-upgrade': { type: 'boolean' },
  'record-interrupted': { type: 'boolean' },
} as const;

/**
 * `cita backup`: a verified snapshot now, the same as the nightly one (systemd's timer runs it
 * each night), then the retention rule, as after the app's own nightly job; prints where it went.
 * A failure is e-mailed to the admins through the queue, as the server's nightly job does.
 */
export async function run(args: string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const parsed = parseVerbArgs('backup', HELP, BACKUP_OPTIONS, args);
  if (parsed.values === undefined) return parsed.exitCode;
  const { values } = parsed;
  const config = configFromEnv(env);
  if (!backupTargetOf(config)) {
    console.error(BACKUPS_OFF);
    return 1;
  }
  const db = createDatabase(config);
  try {
    const abandoned = await alertAbandonedAttempts(db, config);
    if (abandoned) {
      console.error(
        `${abandoned} respaldo(s) interrumpido(s) quedaron registrados como fallidos; se avisó a los administradores.`,
      );
    }
    if (values['record-interrupted']) return 0;
    const stopSignals = onStopSignals(db, config);
    const outcome = await makeVerifiedSnapshot(
      db,
      config,
      values['before-upgrade'] ? 'before-upgrade' : 'manual',
    ).finally(stopSignals);
    if (!outcome.verified) {
      await alertAdminsAboutBackups(db, failedSnapshotKey(outcome.id), outcome.reason ?? 'El respaldo falló');
      console.error(`Respaldo NO verificado: ${outcome.reason}`);
      console.error('Se avisó por correo a los administradores.');
      return 1;
    }
    console.log(
      `Respaldo verificado: ${outcome.file} (${formatBytes(outcome.sizeBytes ?? 0)}, ${(outcome.durationMs / 1000).toFixed(1)} s)`,
    );
    if (outcome.tables) printTableCounts(outcome.tables);
    const deleted = await applyRetentionEverywhere(config);
    if (deleted.length) {
      console.log(`Retención (${RETENTION_RULE}): ${deleted.length} archivos viejos borrados`);
    }
    return 0;
  } finally {
    await db.destroy();
  }
}
