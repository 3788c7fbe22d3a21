import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { readIdentityFile } from '../server/platform/backups/age-files';
import { parseRestoreMoment, restoreSqliteAt } from '../server/platform/backups/point-in-time';
import { leaveQuarantine } from '../server/platform/backups/quarantine';
import { type RestoreTarget, restoreSnapshot } from '../server/platform/backups/restore-snapshot';
import { downloadNewestSnapshot, s3PlaceName } from '../server/platform/backups/s3-copies';
import { listSnapshots } from '../server/platform/backups/snapshot-files';
import { type AppConfig, configFromEnv } from '../server/platform/config';
import { createDatabase } from '../server/platform/db/database';
import { sqliteFileIn } from '../server/platform/db/sqlite-file';
import { mexicoCityIso } from '../shared/domain/mexico-time';
import { printTableCounts } from './ops-output';
import { restorePostgresAt, spanOf } from './restore-postgres-at';
import { parseVerbArgs } from './verb-options';

/** The env file a restore writes the snapshot's environment secrets to, unless --secrets-out says. */
const SECRETS_FILE = 'claves-restauradas.env';

const USAGE = `Uso: cita restore <archivo|latest> --identity ARCHIVO [--into CARPETA|postgres://…] [--secrets-out ARCHIVO]
     cita restore latest --at "2026-12-13 21:05" [--into CARPETA]   (hora del centro de México, o con -06:00)
     cita restore --activate [--into CARPETA|postgres://…]`;

export const HELP = `${USAGE}

Restaura un respaldo verificado en una base nueva que arranca en cuarentena (sin correos, avisos
ni cobros) hasta «cita restore --activate». Un respaldo de SQLite va a una carpeta nueva (por
ejemplo --into /srv/cita-restaurada, que queda con permisos 0700); uno de PostgreSQL, a una base
vacía o inexistente (--into postgres:///cita_restaurada). Sin --into, a la base configurada.

  --identity ARCHIVO   la clave privada del operador (age-keygen); debe poder leerla quien
                       corre la orden
  --secrets-out ARCHIVO  dónde quedan las claves del entorno del respaldo (VAPID, EMAIL_HASH_KEY);
                       por omisión claves-restauradas.env en la carpeta restaurada (SQLite) o en
                       DATA_DIR (PostgreSQL), con permisos 0600
  --at "FECHA HORA"    la base tal como estaba en ese momento: la réplica continua de SQLite
                       (como cita) o el archivo continuo de PostgreSQL (pgBackRest; como root)
  --activate           levanta la cuarentena de la base restaurada`;

/**
 * Where the snapshot's secrets go by default: beside the restored SQLite database, or in DATA_DIR
 * for PostgreSQL; both are the service user's (the checkout it runs from is not: decision 0058).
 */
function defaultSecretsFile(target: RestoreTarget, config: AppConfig): string {
  return path.join('dataDir' in target ? target.dataDir : config.dataDir, SECRETS_FILE);
}

/** Who runs this, as a person reads it: the service user `cita` in production. */
function runningUser(): string {
  try {
    return os.userInfo().username;
  } catch {
    return String(process.getuid?.() ?? '');
  }
}

/** The private key as the operator brought it; one made by root with age-keygen is root's alone. */
function operatorIdentities(file: string): string[] {
  try {
    fs.accessSync(file, fs.constants.R_OK);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EACCES') {
      const copy = path.join('/tmp', path.basename(file));
      throw new Error(
        `El usuario ${runningUser()} no puede leer ${file} (es de otro usuario, con permisos 0600). Désela sólo para esta restauración: install -o ${runningUser()} -m 0400 ${file} ${copy} y use --identity ${copy} (bórrela al terminar: shred -u ${copy}).`,
      );
    }
  }
  return readIdentityFile(file);
}

/** A folder or file the service user cannot write: say which, and how to give it one. */
function explained(error: unknown): string {
  const { code, path: where, message } = error as NodeJS.ErrnoException;
  if ((code === 'EACCES' || code === 'EPERM') && where) {
    const user = runningUser();
    return `El usuario ${user} no puede escribir en ${where}. Dele una carpeta suya antes (install -d -o ${user} -m 0700 /srv/cita-restaurada) o elija otra con --into o --secrets-out.`;
  }
  return error instanceof Error ? message : String(error);
}

/** --into, or the configured database: a folder for SQLite, a URL for PostgreSQL. */
function targetOf(into: string | undefined, config: AppConfig): RestoreTarget {
  if (into) return /^postgres(ql)?:\/\//.test(into) ? { databaseUrl: into } : { dataDir: into };
  return config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dataDir: config.dataDir };
}

function placeName(target: RestoreTarget): string {
  return 'dataDir' in target ? target.dataDir : `la base ${new URL(target.databaseUrl).pathname.slice(1)}`;
}

/** Why a database could not be opened or read, in one Spanish line (no stack, no SQL). */
function whyNotOpened(error: unknown, target: RestoreTarget): string {
  const { code, message } = (error ?? {}) as { code?: string; message?: string };
  const place = placeName(target);
  switch (code) {
    case '3D000':
      return `No existe ${place}: revise el nombre en --into (la base que dio cita restore).`;
    case '42P01':
    case 'SQLITE_ERROR':
      return `No es una base de Cita (a ${place} le faltan sus tablas): revise --into.`;
    case 'ECONNREFUSED':
    case 'ENOENT':
      return `PostgreSQL no responde en la dirección de --into (${code}): revise el servidor y la dirección.`;
    case '28P01':
    case '28000':
      return `PostgreSQL no dejó entrar a ${place} (${message ?? code}): revise el usuario de --into.`;
    default:
      return `No se pudo levantar la cuarentena de ${place}: ${[code, message].filter(Boolean).join(': ')}`;
  }
}

async function activate(target: RestoreTarget): Promise<number> {
  // Opening a folder without a database would create an empty one there.
  if ('dataDir' in target && !fs.existsSync(sqliteFileIn(target.dataDir))) {
    console.error(`No hay ninguna base en ${target.dataDir}`);
    return 1;
  }
  let place: string;
  try {
    place = placeName(target);
  } catch {
    console.error(`No entiendo la dirección de --into: escríbala como postgres:///cita_restaurada`);
    return 1;
  }
  const db = createDatabase(
    'dataDir' in target ? { databaseUrl: undefined, dataDir: target.dataDir } : { ...target, dataDir: '.' },
  );
  try {
    const lifted = await leaveQuarantine(db);
    console.log(
      lifted
        ? `Cuarentena levantada en ${place}: vuelven los correos, los avisos y los pagos.`
        : `${place} no estaba en cuarentena.`,
    );
    return 0;
  } catch (error) {
    console.error(whyNotOpened(error, target));
    return 1;
  } finally {
    await db.destroy().catch(() => undefined);
  }
}

/** `cita restore latest --at TIME`: the continuous replica as it was then, quarantined. */
async function restoreAt(
  moment: string,
  reference: string | undefined,
  count: number,
  target: RestoreTarget,
  config: AppConfig,
  env: NodeJS.ProcessEnv,
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
  if (!('dataDir' in target)) return restorePostgresAt(at, target.databaseUrl, config.databaseUrl, env);
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
    console.error(explained(error));
    return 1;
  }
}

/**
 * `cita restore <archivo|latest> --identity FILE [--into …]` into a fresh database that starts
 * quarantined; `cita restore --activate` lifts the quarantine once the operator has looked.
 */
export async function run(args: string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const parsed = parseVerbArgs('restore', HELP, RESTORE_OPTIONS, args, { allowPositionals: true });
  if (parsed.values === undefined) return parsed.exitCode;
  const { values, positionals } = parsed;
  const config = configFromEnv(env);
  const target = targetOf(values.into, config);
  if (values.activate) return activate(target);
  const reference = positionals[0];
  if (values.at !== undefined)
    return restoreAt(values.at, reference, positionals.length, target, config, env);
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
      identities: operatorIdentities(values.identity),
      into: target,
      secretsOut: path.resolve(values['secrets-out'] ?? defaultSecretsFile(target, config)),
    });
    console.log(`Restaurado ${manifest.database.file} (del ${manifest.created_at}) en ${placeName(target)}.`);
    console.log('Filas por tabla, iguales a las del origen:');
    printTableCounts(tables);
    if (secretsWritten) {
      console.log(
        `Las claves que el servidor tenía en su entorno (VAPID, EMAIL_HASH_KEY) quedaron en ${secretsWritten} (permisos 0600): póngalas en su archivo de entorno (/etc/cita/cita.env) y borre ese archivo.`,
      );
    }
    console.log(
      'La base queda en CUARENTENA: no envía correos ni avisos ni llama al proveedor de pagos. Revise y luego: cita restore --activate',
    );
    return 0;
  } catch (error) {
    // A refused snapshot, a wrong key, a target that is not fresh: one Spanish line for the operator.
    console.error(explained(error));
    return 1;
  } finally {
    if (downloads) fs.rmSync(downloads, { recursive: true, force: true });
  }
}

const RESTORE_OPTIONS = {
  identity: { type: 'string' },
  into: { type: 'string' },
  activate: { type: 'boolean', default: false },
  'secrets-out': { type: 'string' },
  at: { type: 'string' },
} as const;
