import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pgBackRest, recoveryTargetOptions } from '../server/platform/backups/pgbackrest';
import {
  dumpPostgresAt,
  lastTransaction,
  NOT_REACHED,
  replayToTheEnd,
} from '../server/platform/backups/postgres-point-in-time';
import { databaseNameOf } from '../server/platform/backups/postgres-tools';
import type { TableFigures } from '../server/platform/backups/table-figures';
import { mexicoCityIso } from '../shared/domain/mexico-time';
import { printTableCounts } from './ops-output';
import { mustRun, tryCommand } from './system-commands';
import { childScriptCommand, runAsCita, SYSTEM_USER } from './system-user';
import { PGBACKREST_PATHS, STANZA } from './wal-archive';

/** The script that does, as `cita`, what needs the site's own PostgreSQL role. */
const loader = (args: string[]) => childScriptCommand('load-restored-database', args);

const idOf = (flag: '-u' | '-g', user: string) =>
  Number(mustRun('id', [flag, user], `Falta el usuario ${user}.`).trim());

/** A span for the operator: `45 s`, `12 min 5 s`, `3 h 20 min`. */
export function spanOf(ms: number): string {
  const seconds = Math.floor(ms / 1000);
  if (seconds < 60) return `${seconds} s`;
  if (seconds < 3600) return `${Math.floor(seconds / 60)} min ${seconds % 60} s`;
  return `${Math.floor(seconds / 3600)} h ${Math.floor((seconds % 3600) / 60)} min`;
}

/** A cluster as Debian's pg_lsclusters lists it. */
interface DebianCluster {
  version: string;
  name: string;
  port: string;
  online: boolean;
  dataDir: string;
  logFile: string;
}

/** The cluster pgBackRest archives (its pg1-path), as pg_lsclusters sees it now. */
function archivedCluster(): DebianCluster | null {
  const config = fs.readFileSync(PGBACKREST_PATHS.configFile, 'utf8');
  const dataDir = /^pg1-path=(.+)$/m.exec(config)?.[1]?.trim();
  const listed = tryCommand('pg_lsclusters', ['-h']);
  for (const line of listed.stdout.split('\n')) {
    const [version = '', name = '', port = '', status = '', , data = '', log = ''] = line.trim().split(/\s+/);
    if (data === dataDir)
      return { version, name, port, online: status.startsWith('online'), dataDir: data, logFile: log };
  }
  return null;
}

const pgCluster = (cluster: DebianCluster, action: 'start' | 'stop') =>
  tryCommand('pg_ctlcluster', [cluster.version, cluster.name, action]);

/** What PostgreSQL appended to its log since `offset`. */
function logSince(file: string, offset: number): string {
  if (!fs.existsSync(file)) return '';
  return fs.readFileSync(file).subarray(offset).toString('utf8');
}

const logSize = (file: string) => (fs.existsSync(file) ? fs.statSync(file).size : 0);

/** Starts the restored cluster and waits until it has replayed and promoted itself, or stopped. */
async function startAndPromote(cluster: DebianCluster): Promise<boolean> {
  pgCluster(cluster, 'start');
  for (;;) {
    const asked = tryCommand('runuser', [
      '-u',
      'postgres',
      '--',
      'psql',
      '-p',
      cluster.port,
      '-tAc',
      'select pg_is_in_recovery()',
    ]);
    if (asked.ok && asked.stdout.trim() === 'f') return true;
    if (!archivedCluster()?.online) return false;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/**
 * The disaster of a lost data folder (disk dead, folder deleted): the cluster itself is rebuilt
 * in place by pgBackRest at `at` (the newest archived state when the archive ends sooner), what
 * was left of the folder set aside, and the site's database quarantined. The archive goes on
 * from the restored cluster, on a new timeline.
 */
async function restoreClusterInPlace(
  at: Date,
  cluster: DebianCluster,
  databaseUrl: string,
  env: NodeJS.ProcessEnv,
): Promise<number> {
  if (fs.existsSync(path.join(cluster.dataDir, 'global', 'pg_control'))) {
    console.error(
      `PostgreSQL no responde, pero su carpeta de datos (${cluster.dataDir}) sigue ahí: arránquelo (pg_ctlcluster ${cluster.version} ${cluster.name} start) y revise ${cluster.logFile}. Si esa carpeta está dañada, apártela (mv ${cluster.dataDir} ${cluster.dataDir}.danada) y vuelva a correr esta orden.`,
    );
    return 1;
  }
  pgCluster(cluster, 'stop');
  const postgres = { uid: idOf('-u', 'postgres'), gid: idOf('-g', 'postgres') };
  if (fs.existsSync(cluster.dataDir) && fs.readdirSync(cluster.dataDir).length > 0) {
    const aside = `${cluster.dataDir}.de-la-base-perdida-${Date.now()}`;
    fs.renameSync(cluster.dataDir, aside);
    console.log(`Lo que quedaba de la carpeta de datos se apartó en ${aside}.`);
  }
  fs.mkdirSync(cluster.dataDir, { recursive: true, mode: 0o700 });
  fs.chownSync(cluster.dataDir, postgres.uid, postgres.gid);
  console.log(
    `Reconstruyendo el servidor PostgreSQL al ${mexicoCityIso(at)} desde el archivo continuo (pgBackRest)…`,
  );
  const setup = { configFile: PGBACKREST_PATHS.configFile, stanza: STANZA, ...postgres };
  try {
    await pgBackRest(setup, [...recoveryTargetOptions(at), 'restore']);
  } catch (error) {
    const said = String((error as { stderr?: string }).stderr || (error as Error).message).trim();
    console.error(`pgBackRest no pudo restaurar el archivo continuo: ${said}`);
    return 1;
  }
  let offset = logSize(cluster.logFile);
  let archiveEndedSooner: Date | null = null;
  if (!(await startAndPromote(cluster))) {
    if (!logSince(cluster.logFile, offset).includes(NOT_REACHED)) {
      console.error(`PostgreSQL no pudo reproducir el archivo continuo; vea ${cluster.logFile}.`);
      return 1;
    }
    replayToTheEnd(cluster.dataDir);
    offset = logSize(cluster.logFile);
    if (!(await startAndPromote(cluster))) {
      console.error(`PostgreSQL no pudo reproducir el archivo continuo; vea ${cluster.logFile}.`);
      return 1;
    }
    archiveEndedSooner = lastTransaction(logSince(cluster.logFile, offset)) ?? at;
  }
  const restoredTo = archiveEndedSooner ?? at;
  const finish = runAsCita(
    loader(['finish', databaseUrl, `archivo continuo al ${restoredTo.toISOString()}`]),
    env,
  );
  if (!finish.ok) {
    console.error(finish.stderr.trim());
    return 1;
  }
  report(
    at,
    { restoredTo, archiveEndedSooner, liveFlushed: false },
    `el servidor PostgreSQL ${cluster.version}/${cluster.name}`,
    finish.stdout,
  );
  return 0;
}

/** What a point-in-time restore says: what was asked, what came back, the rows, the quarantine. */
function report(
  at: Date,
  {
    restoredTo,
    archiveEndedSooner,
    liveFlushed,
  }: { restoredTo: Date; archiveEndedSooner: Date | null; liveFlushed: boolean },
  place: string,
  figures: string,
): void {
  if (!liveFlushed) {
    console.log(
      'PostgreSQL no respondía: lo que escribió después de su último envío al archivo (a lo más 30 s) no está en él.',
    );
  }
  if (archiveEndedSooner) {
    console.log(
      `AVISO: pidió el ${mexicoCityIso(at)}, pero el archivo continuo solo llega hasta el ${mexicoCityIso(archiveEndedSooner)} (${spanOf(at.getTime() - archiveEndedSooner.getTime())} antes): lo que se escribió después no está en el archivo y no vuelve.`,
    );
  }
  console.log(
    archiveEndedSooner
      ? `Restaurado el archivo continuo hasta su última transacción, el ${mexicoCityIso(restoredTo)}, en ${place}.`
      : `Restaurado el archivo continuo al ${mexicoCityIso(restoredTo)} en ${place}.`,
  );
  console.log('Filas por tabla:');
  printTableCounts(JSON.parse(figures.trim().split('\n').at(-1) ?? '{}') as TableFigures);
  console.log(
    'La base queda en CUARENTENA: no envía correos ni avisos ni llama al proveedor de pagos. Revise y luego: cita restore --activate',
  );
}

/**
 * `cita restore latest --at TIME` with PostgreSQL: the site's database as it was then, from
 * pgBackRest's continuous archive, into a fresh database (the configured one once lost, or
 * --into another), quarantined. Root runs it: pgBackRest works as `postgres`; the load into the
 * site's database runs as `cita`.
 */
export async function restorePostgresAt(
  at: Date,
  targetUrl: string,
  sourceUrl: string | undefined,
  env: NodeJS.ProcessEnv,
): Promise<number> {
  if (process.getuid?.() !== 0) {
    console.error(
      'Con PostgreSQL, la restauración a un momento corre como root (pgBackRest restaura como postgres): node bin/cita.mjs restore latest --at … sin «runuser -u cita --».',
    );
    return 1;
  }
  if (!sourceUrl) {
    console.error(
      'DATABASE_URL no está configurada: cargue /etc/cita/cita.env antes (set -a; . /etc/cita/cita.env; set +a).',
    );
    return 1;
  }
  if (!fs.existsSync(PGBACKREST_PATHS.configFile)) {
    console.error(
      `No hay archivo continuo de PostgreSQL (falta ${PGBACKREST_PATHS.configFile}): cita setup --postgres con BACKUP_DIR y BACKUP_AGE_RECIPIENT lo configura. Sin él, restaure el último respaldo verificado: cita restore latest --identity …`,
    );
    return 1;
  }
  const cluster = archivedCluster();
  if (targetUrl === sourceUrl && cluster && !cluster.online)
    return restoreClusterInPlace(at, cluster, sourceUrl, env);
  const check = runAsCita(loader(['check', targetUrl]), env);
  if (!check.ok) {
    console.error(check.stderr.trim());
    return 1;
  }
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'cita-volcado-'));
  const cita = { uid: idOf('-u', SYSTEM_USER), gid: idOf('-g', SYSTEM_USER) };
  fs.chownSync(work, cita.uid, cita.gid);
  fs.chmodSync(work, 0o700);
  const dumpFile = path.join(work, 'base.dump');
  try {
    console.log(`Reconstruyendo la base al ${mexicoCityIso(at)} desde el archivo continuo (pgBackRest)…`);
    const { restoredTo, archiveEndedSooner, liveFlushed } = await dumpPostgresAt({
      setup: {
        configFile: PGBACKREST_PATHS.configFile,
        stanza: STANZA,
        uid: idOf('-u', 'postgres'),
        gid: idOf('-g', 'postgres'),
      },
      at,
      databaseName: databaseNameOf(sourceUrl),
      dumpFile,
    });
    fs.chownSync(dumpFile, cita.uid, cita.gid);
    const load = runAsCita(
      loader(['load', targetUrl, dumpFile, `archivo continuo al ${restoredTo.toISOString()}`]),
      env,
    );
    if (!load.ok) {
      console.error(load.stderr.trim());
      return 1;
    }
    report(
      at,
      { restoredTo, archiveEndedSooner, liveFlushed },
      `la base ${databaseNameOf(targetUrl)}`,
      load.stdout,
    );
    return 0;
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    return 1;
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}
