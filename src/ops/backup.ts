import { parseArgs } from 'node:util';
import {
  applyRetentionEverywhere,
  BACKUPS_OFF,
  backupTargetOf,
  makeVerifiedSnapshot,
} from '../server/platform/backups/make-snapshot';
import { configFromEnv } from '../server/platform/config';
import { createDatabase } from '../server/platform/db/database';
import { formatBytes } from '../shared/domain/byte-size';
import { printTableCounts } from './ops-output';

const USAGE =
  'Uso: cita backup [--before-upgrade]   (hace ahora un respaldo verificado, como el de cada noche; cita upgrade lo marca como previo a la actualización)';

/**
 * `cita backup`: a verified snapshot now, the same as the nightly one (systemd's timer runs it
 * each night), then the retention rule, as after the app's own nightly job; prints where it went.
 */
export async function run(args: string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  let beforeUpgrade: boolean;
  try {
    beforeUpgrade =
      parseArgs({ args, options: { 'before-upgrade': { type: 'boolean' } }, strict: true }).values[
        'before-upgrade'
      ] === true;
  } catch {
    console.error(USAGE);
    return 2;
  }
  const config = configFromEnv(env);
  if (!backupTargetOf(config)) {
    console.error(BACKUPS_OFF);
    return 1;
  }
  const db = createDatabase(config);
  try {
    const outcome = await makeVerifiedSnapshot(db, config, beforeUpgrade ? 'before-upgrade' : 'manual');
    if (!outcome.verified) {
      console.error(`Respaldo NO verificado: ${outcome.reason}`);
      return 1;
    }
    console.log(
      `Respaldo verificado: ${outcome.file} (${formatBytes(outcome.sizeBytes ?? 0)}, ${(outcome.durationMs / 1000).toFixed(1)} s)`,
    );
    if (outcome.tables) printTableCounts(outcome.tables);
    const deleted = await applyRetentionEverywhere(config);
    if (deleted.length) {
      console.log(
        `Retención (7 diarios, 4 semanales, 6 mensuales): ${deleted.length} archivos viejos borrados`,
      );
    }
    return 0;
  } finally {
    await db.destroy();
  }
}
