import fs from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'kysely';
import pino from 'pino';
import { checkInvoicesSetup } from '../server/invoices/pac-check';
import { checkPaymentsSetup } from '../server/payments/provider-check';
import { SNAPSHOTS_PART, standardBackupHealth } from '../server/platform/backups/backup-health';
import { latestVerified } from '../server/platform/backups/backup-records';
import { replicatesWithLitestream } from '../server/platform/backups/litestream';
import { backupTargetOf } from '../server/platform/backups/make-snapshot';
import { replicaHealthOnDisk } from '../server/platform/backups/replica-health';
import { RETENTION_RULE } from '../server/platform/backups/retention';
import { checkedSnapshot } from '../server/platform/backups/snapshot-files';
import { type AppConfig, configFromEnv } from '../server/platform/config';
import { createDatabase, type DB } from '../server/platform/db/database';
import { pendingMigrations } from '../server/platform/db/migrate';
import { sqliteFileIn } from '../server/platform/db/sqlite-file';
import {
  type CheckedEnv,
  ConfigError,
  checkEnv,
  configErrorText,
  ENV_SCHEMA,
  SECRET_VARIABLES,
} from '../server/platform/env-schema';
import { Mailer } from '../server/platform/mail/mailer';
import { formatBytes } from '../shared/domain/byte-size';
import { parseVerbArgs } from './verb-options';

export const HELP = `Uso: cita doctor [--send-test correo@ejemplo.mx]

Imprime la configuración efectiva (con los secretos ocultos) y revisa la base de datos, el correo
(SMTP), el proveedor de pagos, el disco de DATA_DIR y el de BACKUP_DIR, el reloj y los respaldos
(también que el más reciente siga igual a su manifiesto). Sale con 1 si algo falla.

  --send-test CORREO  manda además un correo de prueba a esa dirección`;

/** The disk of DATA_DIR or BACKUP_DIR is short below 1 GB free or 10 % of its size. */
const MIN_FREE_BYTES = 1024 ** 3;
const MIN_FREE_SHARE = 0.1;
/** Further apart than this from the database server's clock, times in the database go wrong. */
const MAX_CLOCK_SKEW_MS = 2_000;

export interface CheckResult {
  ok: boolean;
  /** Spanish, after the check's name. */
  detail: string;
}

/** Shows a secret without giving it away: at most its last 4 characters; in a URL, no password. */
export function maskSecret(value: string): string {
  if (URL.canParse(value) && /^[a-z]+:\/\//i.test(value)) {
    const url = new URL(value);
    if (!url.password) return value;
    url.password = 'MASKED';
    return url.toString().replace('MASKED', '••••');
  }
  return value.length >= 12 ? `••••${value.slice(-4)}` : '••••';
}

function shown(key: keyof CheckedEnv, value: unknown): string {
  if (value === undefined) return '(sin definir)';
  const text = String(value);
  return SECRET_VARIABLES.has(key) ? maskSecret(text) : text;
}

/**
 * Every variable as the server will use it: its value, the default it takes when unset (marked),
 * or unset. Paths are shown resolved, as the server opens them.
 */
export function effectiveConfiguration(env: CheckedEnv, config: AppConfig, raw: NodeJS.ProcessEnv): string[] {
  const resolved: Partial<Record<keyof CheckedEnv, string>> = {
    DATA_DIR: config.dataDir,
    WEB_DIST_DIR: config.webDistDir ?? '',
    PUBLIC_URL: config.publicUrl,
    VAPID_SUBJECT: config.push.vapidSubject,
    PUSH_ENDPOINT_HOSTS: config.push.endpointHosts.join(','),
  };
  const keys = Object.keys(ENV_SCHEMA.shape) as (keyof CheckedEnv)[];
  return keys.map((key) => {
    const value = shown(key, resolved[key] ?? env[key]);
    const byDefault = !raw[key]?.trim() && value !== '(sin definir)';
    return `  ${key} = ${value}${byDefault ? ' (por omisión)' : ''}`;
  });
}

function gigabytes(bytes: number): string {
  return `${(bytes / 1024 ** 3).toFixed(1)} GB`;
}

function exists(file: string): Promise<boolean> {
  return fs.stat(file).then(
    () => true,
    () => false,
  );
}

/** DATA_DIR before the first start does not exist yet: its disk is the one of its nearest parent. */
async function nearestExisting(folder: string): Promise<string> {
  let current = folder;
  while (!(await exists(current)) && path.dirname(current) !== current) current = path.dirname(current);
  return current;
}

export async function checkDisk(dataDir: string): Promise<CheckResult> {
  const folder = await nearestExisting(dataDir);
  const stats = await fs.statfs(folder);
  const free = stats.bavail * stats.bsize;
  const total = stats.blocks * stats.bsize;
  const share = total > 0 ? free / total : 0;
  const detail = `${gigabytes(free)} libres de ${gigabytes(total)} (${Math.round(share * 100)} %) en ${folder}`;
  if (free < MIN_FREE_BYTES || share < MIN_FREE_SHARE) {
    return { ok: false, detail: `${detail}: queda poco espacio (mínimo 1 GB y 10 %)` };
  }
  return { ok: true, detail };
}

function whereIs(config: AppConfig): string {
  if (!config.databaseUrl) return `SQLite en ${sqliteFileIn(config.dataDir)}`;
  const url = new URL(config.databaseUrl);
  return `PostgreSQL en ${url.hostname}:${url.port || '5432'}${url.pathname}`;
}

async function checkDatabase(db: DB, config: AppConfig): Promise<CheckResult> {
  try {
    await sql`select 1`.execute(db);
    return { ok: true, detail: `${whereIs(config)} responde` };
  } catch (error) {
    return { ok: false, detail: `${whereIs(config)} no responde (${reasonOf(error)})` };
  }
}

async function checkMigrations(db: DB): Promise<CheckResult> {
  try {
    const pending = await pendingMigrations(db);
    if (pending.length === 0) return { ok: true, detail: 'al día' };
    return { ok: false, detail: `faltan por aplicar: ${pending.join(', ')} (se aplican al arrancar Cita)` };
  } catch (error) {
    return { ok: false, detail: `no se pudieron leer (${reasonOf(error)})` };
  }
}

async function checkClock(db: DB, config: AppConfig): Promise<CheckResult> {
  if (!config.databaseUrl)
    return { ok: true, detail: 'se omite: con SQLite no hay un servidor con qué comparar' };
  try {
    const sent = Date.now();
    const { rows } = await sql<{ now: Date }>`select now() as now`.execute(db);
    const received = Date.now();
    // The server read its clock somewhere during the round trip: compare with its middle.
    const skew = new Date(rows[0]!.now).getTime() - (sent + received) / 2;
    const detail = `diferencia con PostgreSQL de ${(Math.abs(skew) / 1000).toFixed(1)} s`;
    if (Math.abs(skew) > MAX_CLOCK_SKEW_MS) {
      return { ok: false, detail: `${detail}: sincroniza el reloj (por ejemplo con systemd-timesyncd)` };
    }
    return { ok: true, detail };
  } catch (error) {
    return { ok: false, detail: `no se pudo leer la hora de PostgreSQL (${reasonOf(error)})` };
  }
}

async function checkMail(config: AppConfig, sendTest: string | undefined): Promise<CheckResult> {
  if (!config.smtpUrl) {
    const detail = `sin SMTP_URL: los correos quedan en ${path.join(config.dataDir, 'outbox')}`;
    // In production nobody would receive anything.
    return config.production ? { ok: false, detail: `${detail}; define SMTP_URL` } : { ok: true, detail };
  }
  const url = new URL(config.smtpUrl);
  const target = `${url.hostname}:${url.port || (url.protocol === 'smtps:' ? '465' : '587')}`;
  const mailer = new Mailer(config, pino({ level: 'silent' }));
  try {
    await mailer.verify();
    if (!sendTest) return { ok: true, detail: `el servidor SMTP ${target} acepta la conexión` };
    await mailer.send({
      to: sendTest,
      subject: 'Prueba de correo de Cita',
      text: 'Este es un correo de prueba enviado con «cita doctor --send-test». Si lo recibiste, el correo de Cita funciona.',
    });
    return { ok: true, detail: `el servidor SMTP ${target} aceptó un correo de prueba para ${sendTest}` };
  } catch (error) {
    return { ok: false, detail: `el servidor SMTP ${target} falló (${reasonOf(error)})` };
  } finally {
    mailer.close();
  }
}

/**
 * Every part of backup health as the server judges it (decision 0058), with the operator's detail
 * (a failure's own reason); off is a failure in production, where setup turns them on.
 */
async function checkBackups(db: DB | null, config: AppConfig): Promise<[string, CheckResult][]> {
  const target = backupTargetOf(config);
  if (!target) {
    const detail = 'no configurados (faltan BACKUP_DIR o BACKUP_AGE_RECIPIENT)';
    return [[SNAPSHOTS_PART, { ok: !config.production, detail }]];
  }
  if (!db) {
    return [
      [SNAPSHOTS_PART, { ok: false, detail: 'no se pudo leer su registro: la base de datos no responde' }],
    ];
  }
  const parts = await standardBackupHealth().check(db, config);
  const last = await latestVerified(db);
  return parts.map(({ name, warning }) => {
    if (warning) return [name, { ok: false, detail: warning.detail }];
    if (name !== SNAPSHOTS_PART || !last) return [name, { ok: true, detail: 'bien' }];
    const hours = ((Date.now() - Date.parse(last.startedAt)) / 3_600_000).toFixed(1);
    return [
      name,
      {
        ok: true,
        detail: `el último verificado es de hace ${hours} h (${formatBytes(last.sizeBytes)}), en ${target.dir}; se guardan ${RETENTION_RULE}`,
      },
    ];
  });
}

/**
 * The newest snapshot in BACKUP_DIR read again against its manifest (size and sha256), and the
 * last verified one recorded still there: a damaged or deleted file is a backup that is not.
 */
async function checkNewestSnapshotFile(db: DB | null, config: AppConfig): Promise<CheckResult | null> {
  const target = backupTargetOf(config);
  if (!target) return null;
  try {
    const { manifest } = await checkedSnapshot('latest', target.dir);
    const recorded = db ? await latestVerified(db) : null;
    if (recorded?.file && recorded.startedAt > manifest.created_at) {
      return {
        ok: false,
        detail: `el último respaldo verificado, ${recorded.file}, ya no está en ${target.dir}; el más reciente ahí es ${manifest.database.file}`,
      };
    }
    return { ok: true, detail: `${manifest.database.file} coincide con su manifiesto (tamaño y sha256)` };
  } catch (error) {
    return { ok: false, detail: reasonOf(error) };
  }
}

function reasonOf(error: unknown): string {
  const { code, message } = (error ?? {}) as { code?: string; message?: string };
  return [code, message].filter(Boolean).join(': ') || String(error);
}

/**
 * Runs every check on the given environment and writes one line per check; answers the exit
 * code: 1 when the configuration is invalid or any check fails.
 */
export async function runDoctor(
  env: NodeJS.ProcessEnv,
  options: { sendTest?: string; print: (line: string) => void },
): Promise<number> {
  const { print } = options;
  let checked: CheckedEnv;
  try {
    checked = checkEnv(env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    print(`✗ configuración: ${configErrorText(error)}`);
    return 1;
  }
  const config = configFromEnv(env);
  print('Configuración efectiva:');
  for (const line of effectiveConfiguration(checked, config, env)) print(line);
  print('');
  let failed = false;
  const report = (name: string, result: CheckResult) => {
    failed ||= !result.ok;
    print(`${result.ok ? '✓' : '✗'} ${name}: ${result.detail}`);
  };
  const sqliteFile = sqliteFileIn(config.dataDir);
  let backups: [string, CheckResult][] | undefined;
  let newestFile: CheckResult | null | undefined;
  // Before the database is opened: closing the last connection would fold the WAL away.
  const replica = replicatesWithLitestream(config) ? await replicaHealthOnDisk(config) : null;
  if (!config.databaseUrl && !(await exists(sqliteFile))) {
    // Opening it would create an empty database: say so instead.
    report('base de datos', {
      ok: false,
      detail: `no existe ${sqliteFile}: arranca Cita una vez para crearla`,
    });
  } else {
    const db = createDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
    try {
      const database = await checkDatabase(db, config);
      report('base de datos', database);
      if (database.ok) {
        report('migraciones', await checkMigrations(db));
        report('reloj', await checkClock(db, config));
      }
      backups = await checkBackups(database.ok ? db : null, config);
      newestFile = await checkNewestSnapshotFile(database.ok ? db : null, config);
    } finally {
      await db.destroy();
    }
  }
  report('correo', await checkMail(config, options.sendTest));
  report('pagos', await checkPaymentsSetup(config));
  report('facturas', await checkInvoicesSetup(config));
  report('disco', await checkDisk(config.dataDir));
  if (config.backups.dir) report('disco de respaldos', await checkDisk(config.backups.dir));
  for (const [name, result] of backups ?? (await checkBackups(null, config))) report(name, result);
  newestFile ??= await checkNewestSnapshotFile(null, config);
  if (newestFile) report('archivo del último respaldo', newestFile);
  if (replica) report('réplica continua', replica);
  return failed ? 1 : 0;
}

export async function run(args: string[]): Promise<number> {
  const parsed = parseVerbArgs('doctor', HELP, { 'send-test': { type: 'string' } }, args);
  if (parsed.values === undefined) return parsed.exitCode;
  return runDoctor(process.env, { sendTest: parsed.values['send-test'], print: (line) => console.log(line) });
}
