import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { readIdentityFile } from '../server/platform/backups/age-files';
import { parseRestoreMoment, restoreSqliteAt } from '../server/platform/backups/point-in-time';
import { leaveQuarantine } from '../server/platform/backups/quarantine';
import { type RestoreTarget, restoreSnapshot } from '../server/platform/backups/restore-snapshot';
import { downloadNewestSnapshot, s3PlaceName } from '../server/platform/backups/s3-copies';
import { listSnapshots } from '../server/platform/backups/snapshot-files';
import { type AppConfig, configFromEnv } from '../server/platform/config';
import { createDatabase, sqliteFileIn } from '../server/platform/db/database';
import { mexicoCityIso } from '../shared/domain/mexico-time';
import { printTableCounts } from './ops-output';

/** The env file a restore writes the snapshot's environment secrets to, unless --secrets-out says. */
const SECRETS_FILE = 'claves-restauradas.env';

const USAGE = `Uso: cita restore <archivo|latest> --identity ARCHIVO [--into CARPETA|postgres://…] [--secrets-out ARCHIVO]
     cita restore latest --at "2026-12-13 21:05" [--into CARPETA]   (hora del centro de México, o con -06:00)
     cita restore --activate [--into CARPETA|postgres://…]`;

/** --into, or the configured database: a folder for SQLite, a URL for PostgreSQL. */
function targetOf(into: string | undefined, config: AppConfig): RestoreTarget {
  if (into) return /^postgres(ql)?:\/\//.test(into) ? { databaseUrl: into } : { dataDir: into };
  return config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dataDir: config.dataDir };
}

function placeName(target: RestoreTarget): string {
  return 'dataDir' in target ? target.dataDir : `la base ${new URL(target.databaseUrl).pathname.slice(1)}`;
}

async function activate(target: RestoreTarget): Promise<number> {
  // Opening a folder without a database would create an empty one there.
  if ('dataDir' in target && !fs.existsSync(sqliteFileIn(target.dataDir))) {
    console.error(`No hay ninguna base en ${target.dataDir}`);
    return 1;
  }
  const db = createDatabase(
    'dataDir' in target ? { databaseUrl: undefined, dataDir: target.dataDir } : { ...target, dataDir: '.' },
  );
  try {
    const lifted = await leaveQuarantine(db);
    console.log(
      lifted
        ? `Cuarentena levantada en ${placeName(target)}: vuelven los correos, los avisos y los pagos.`
        : `${placeName(target)} no estaba en cuarentena.`,
    );
    return 0;
  } finally {
    await db.destroy();
  }
}

/** `cita restore latest --at TIME`: the continuous replica as it was then, quarantined. */
async function restoreAt(
  moment: string,
  reference: string | undefined,
  count: number,
  target: RestoreTarget,
  config: AppConfig,
): Promise<number> {
  const at = parseRestoreMoment(moment);
  if (reference !== 'latest' || count > 1 || !at) {
    console.error(
      at
        ? USAGE
        : `No entiendo la hora «${moment}»: escríbala como 2026-12-13 21:05 (o 21:05:30, o con -06:00)`,
    );
    return 2;
  }
  if (!('dataDir' in target)) {
    console.error(
      'La restauración a un momento en PostgreSQL la hace pgBackRest en el servidor de la base (README).',
    );
    return 1;
  }
  try {
    const { tables, restoredTo, replicaEndedSooner, setAside } = await restoreSqliteAt(
      config,
      at,
      target.dataDir,
    );
    if (setAside.length > 0) {
      console.log(
        `La base perdida dejó ${setAside.length === 1 ? 'un archivo' : 'archivos'} sin su base; se apartaron para que no se mezclen con la restaurada: ${setAside.join(', ')}`,
      );
    }
    if (replicaEndedSooner) {
      // Restored anyway (decision 0059): nothing newer exists anywhere, and in the disaster the
      // operator wants the newest state; what is missing is said with its time.
      console.log(
        `AVISO: pidió el ${mexicoCityIso(at)}, pero la réplica continua solo llega hasta el ${mexicoCityIso(replicaEndedSooner)} (${spanOf(at.getTime() - replicaEndedSooner.getTime())} antes): lo que se escribió después no está en la réplica y no vuelve.`,
      );
    }
    console.log(
      replicaEndedSooner
        ? `Restaurada la réplica continua hasta su última escritura, el ${mexicoCityIso(restoredTo)}, en ${target.dataDir}.`
        : `Restaurada la réplica continua al ${mexicoCityIso(restoredTo)} en ${target.dataDir}.`,
    );
    console.log('Filas por tabla:');
    printTableCounts(tables);
    console.log(
      'La base queda en CUARENTENA: no envía correos ni avisos ni llama al proveedor de pagos. Revise y luego: cita restore --activate',
    );
    return 0;
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    return 1;
  }
}

/** A span for the operator: `45 s`, `12 min 5 s`, `3 h 20 min`. */
function spanOf(ms: number): string {
  const seconds = Math.floor(ms / 1000);
  if (seconds < 60) return `${seconds} s`;
  if (seconds < 3600) return `${Math.floor(seconds / 60)} min ${seconds % 60} s`;
  return `${Math.floor(seconds / 3600)} h ${Math.floor((seconds % 3600) / 60)} min`;
}

/**
 * `cita restore <archivo|latest> --identity FILE [--into …]` into a fresh database that starts
 * quarantined; `cita restore --activate` lifts the quarantine once the operator has looked.
 */
export async function run(args: string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse(args);
  } catch {
    console.error(USAGE);
    return 2;
  }
  const { values, positionals } = parsed;
  const config = configFromEnv(env);
  const target = targetOf(values.into, config);
  if (values.activate) return activate(target);
  const reference = positionals[0];
  if (values.at !== undefined) return restoreAt(values.at, reference, positionals.length, target, config);
  if (!reference || positionals.length > 1 || !values.identity) {
    console.error(USAGE);
    return 2;
  }
  // A dead disk takes BACKUP_DIR's copies with it: `latest` is the newest of the folder and the bucket.
  const downloads = config.backups.s3 ? fs.mkdtempSync(path.join(os.tmpdir(), 'cita-desde-s3-')) : null;
  try {
    const fromS3 =
      reference === 'latest' && config.backups.s3 && downloads
        ? await downloadNewestSnapshot(
            config.backups.s3,
            downloads,
            (config.backups.dir && listSnapshots(config.backups.dir)[0]?.manifest.created_at) || '',
          )
        : null;
    if (fromS3)
      console.log(`El respaldo más reciente está en ${s3PlaceName(config.backups.s3!)}; se descargó.`);
    const { manifest, tables, secretsWritten } = await restoreSnapshot({
      reference: fromS3 ?? reference,
      backupDir: config.backups.dir,
      identities: readIdentityFile(values.identity),
      into: target,
      secretsOut: path.resolve(
        values['secrets-out'] ?? path.join('dataDir' in target ? target.dataDir : '.', SECRETS_FILE),
      ),
    });
    console.log(`Restaurado ${manifest.database.file} (del ${manifest.created_at}) en ${placeName(target)}.`);
    console.log('Filas por tabla, iguales a las del origen:');
    printTableCounts(tables);
    if (secretsWritten) {
      console.log(
        `Las claves que el servidor tenía en su entorno (VAPID, EMAIL_HASH_KEY) quedaron en ${secretsWritten}: póngalas en su archivo de entorno (/etc/cita/cita.env) y borre ese archivo.`,
      );
    }
    console.log(
      'La base queda en CUARENTENA: no envía correos ni avisos ni llama al proveedor de pagos. Revise y luego: cita restore --activate',
    );
    return 0;
  } catch (error) {
    // A refused snapshot, a wrong key, a target that is not fresh: one Spanish line for the operator.
    console.error(error instanceof Error ? error.message : String(error));
    return 1;
  } finally {
    if (downloads) fs.rmSync(downloads, { recursive: true, force: true });
  }
}

function parse(args: string[]) {
  return parseArgs({
    args,
    allowPositionals: true,
    strict: true,
    options: {
      identity: { type: 'string' },
      into: { type: 'string' },
      activate: { type: 'boolean', default: false },
      'secrets-out': { type: 'string' },
      at: { type: 'string' },
    },
  });
}
