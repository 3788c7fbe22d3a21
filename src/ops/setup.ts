import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { sqliteFileIn } from '../server/platform/db/sqlite-file';
import { emailSchema } from '../shared/contracts/common';
import type { Preparation } from './children/database-preparation';
import {
  instancePorts,
  type ProductionLayout,
  productionLayout,
  readEnvText,
  renderCaddyfile,
  renderEnvFile,
  renderUnits,
} from './production-files';
import { commandExists, mustRun, SetupError, tryCommand } from './system-commands';
import { APP_DIR, childScriptCommand, runAsCita, runVerbAsCita, SYSTEM_USER } from './system-user';
import { UndoJournal } from './undo-journal';
import { parseVerbArgs } from './verb-options';
import {
  configureWalArchive,
  ensureArchiveMode,
  type LocalCluster,
  PGBACKREST_PATHS,
  STANZA,
} from './wal-archive';

const USAGE = `Uso: cita setup --domain cita.ejemplo.mx --email ops@ejemplo.mx [opciones]

Instala Cita en este servidor (como root): HTTPS con Caddy, los servicios de systemd, los secretos
y la base de datos. Volver a correrlo sólo cambia lo que cambió; si algo falla, deshace lo que hizo.

  --domain DOMINIO       el dominio del sitio (su registro DNS apunta a este servidor)
  --email CORREO         el correo del responsable: Let's Encrypt y el primer administrador
  --postgres             PostgreSQL local (por su socket) en vez de SQLite; los datos de SQLite pasan a él
  --instances N          instancias detrás de Caddy (1 a 16; más de 1 necesita --postgres)
  --acme-ca URL          otra autoridad ACME para los certificados (de pruebas o interna); se guarda
                         en /etc/cita/cita.env (ACME_CA) y las siguientes corridas la conservan
  --acme-ca-root ARCHIVO el certificado raíz (PEM, legible por el usuario caddy) de esa autoridad
                         (ACME_CA_ROOT)
  --skip-checks LISTA    omite comprobaciones: node, ports, domain (separadas por comas)
  --root CARPETA         sólo escribe los archivos bajo esa carpeta (pruebas); no instala ni arranca nada
  -h, --help             muestra esta ayuda`;

const CHECKS = ['node', 'ports', 'domain'] as const;
type CheckName = (typeof CHECKS)[number];

const MAX_INSTANCES = 16;
const MINIMUM_NODE = [20, 19] as const;
const READY_TIMEOUT_MS = 180_000;
const INSTANCE_READY_TIMEOUT_MS = 120_000;
/**
 * PostgreSQL through its local socket: the `cita` system user is the `cita` role (peer
 * authentication). A URL node's URL parser reads, so the configuration check and the backups'
 * tools take it as the app does.
 */
// The socket folder as the URL's host (percent-encoded): no «&», which would cut the line when
// README step 3 loads the env file in bash (`set -a; . /etc/cita/cita.env`).
export const POSTGRES_URL = `postgres://${SYSTEM_USER}@%2Fvar%2Frun%2Fpostgresql/${SYSTEM_USER}`;

export interface SetupOptions {
  domain: string;
  email: string;
  postgres: boolean;
  instances: number;
  /** `--acme-ca` and `--acme-ca-root` when given: kept in the env file for the next runs. */
  acmeCa: string | undefined;
  acmeCaRoot: string | undefined;
  /** Set for tests: every path under it, nothing installed or started. */
  root: string | undefined;
  skipChecks: Set<CheckName>;
}

const DOMAIN_PATTERN = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z][a-z0-9-]{0,62}$/;

const OPTIONS = {
  domain: { type: 'string' },
  email: { type: 'string' },
  postgres: { type: 'boolean', default: false },
  instances: { type: 'string', default: '1' },
  'acme-ca': { type: 'string' },
  'acme-ca-root': { type: 'string' },
  root: { type: 'string' },
  'skip-checks': { type: 'string', default: '' },
} as const;

type SetupValues = NonNullable<ReturnType<typeof parseVerbArgs<typeof OPTIONS>>['values']>;

/** The command line's values, checked; every mistake in one Spanish line. */
export function checkSetupOptions(values: SetupValues): SetupOptions {
  const problems: string[] = [];
  const domain = (values.domain ?? '').trim().toLowerCase();
  if (!DOMAIN_PATTERN.test(domain)) {
    problems.push('--domain: escribe el dominio del sitio, p. ej. cita.ejemplo.mx (sin https:// ni rutas)');
  }
  const email = emailSchema.safeParse(values.email ?? '');
  if (!email.success) problems.push('--email: escribe el correo del responsable, p. ej. ops@ejemplo.mx');
  const instances = Number(values.instances);
  if (!Number.isInteger(instances) || instances < 1 || instances > MAX_INSTANCES) {
    problems.push(`--instances: un número entero de 1 a ${MAX_INSTANCES}`);
  } else if (instances > 1 && !values.postgres) {
    problems.push('--instances mayor que 1 necesita --postgres: con SQLite una sola instancia usa la base');
  }
  const acmeCa = values['acme-ca'];
  if (acmeCa !== undefined && !(URL.canParse(acmeCa) && new URL(acmeCa).protocol === 'https:')) {
    problems.push(
      '--acme-ca: la dirección https:// del directorio ACME, p. ej. https://acme.ejemplo.mx/directory',
    );
  }
  const acmeCaRoot = values['acme-ca-root'] === undefined ? undefined : path.resolve(values['acme-ca-root']);
  if (acmeCaRoot !== undefined && !fs.statSync(acmeCaRoot, { throwIfNoEntry: false })?.isFile()) {
    problems.push(
      `--acme-ca-root: no existe el archivo ${acmeCaRoot} (el certificado raíz PEM de la autoridad ACME)`,
    );
  }
  const skipChecks = new Set<CheckName>();
  for (const name of values['skip-checks'].split(',').filter(Boolean)) {
    if ((CHECKS as readonly string[]).includes(name)) skipChecks.add(name as CheckName);
    else problems.push(`--skip-checks: «${name}» no es una comprobación (son ${CHECKS.join(', ')})`);
  }
  if (problems.length > 0) throw new SetupError(problems.join('\n'));
  return {
    domain,
    email: email.data!,
    postgres: values.postgres,
    instances,
    acmeCa,
    acmeCaRoot,
    root: values.root === undefined ? undefined : path.resolve(values.root),
    skipChecks,
  };
}

/** `cita setup`: from a bare Debian or Ubuntu server to Cita on HTTPS (docs/design/23-online.md, decision 0049). */
export async function run(args: string[]): Promise<number> {
  const parsed = parseVerbArgs('setup', USAGE, OPTIONS, args);
  if (parsed.values === undefined) return parsed.exitCode;
  let options: SetupOptions;
  try {
    options = checkSetupOptions(parsed.values);
  } catch (error) {
    console.error((error as Error).message);
    console.error(USAGE);
    return 2;
  }
  const journal = new UndoJournal();
  try {
    await setUp(options, journal);
    return 0;
  } catch (error) {
    const reason = error instanceof SetupError ? error.message : unexpected(error);
    console.error(`\ncita setup no terminó: ${reason}`);
    const notUndone = await journal.rollback();
    if (notUndone.length === 0) {
      console.error(
        'Se deshizo lo que esta ejecución había hecho: el sitio sigue como estaba. Corrige lo anterior y vuelve a correr cita setup.',
      );
    } else {
      console.error(`No se pudo deshacer todo; revisa a mano:\n  ${notUndone.join('\n  ')}`);
    }
    return 1;
  }
}

/** An error the steps did not foresee, said in Spanish with the path and the system's code. */
function unexpected(error: unknown): string {
  const { code, path: where, message } = error as NodeJS.ErrnoException;
  if (code && where) {
    return `no se pudo escribir ${where} (${code}). Revisa que esa ruta sea una carpeta con permiso de escritura y que el disco tenga espacio.`;
  }
  return message ?? String(error);
}

function say(line: string): void {
  console.log(line);
}

async function setUp(options: SetupOptions, journal: UndoJournal): Promise<void> {
  const system = options.root === undefined;
  const layout = productionLayout(options.root ?? '/');
  const before = readEnvText(
    fs.existsSync(layout.envFile) ? fs.readFileSync(layout.envFile, 'utf8') : undefined,
  );
  if (system) {
    requireRoot();
    await runChecks(options);
    installPackages(options, backupsConfigured(before));
    ensureSystemUser(journal);
    buildWebAppIfMissing(journal);
  }
  const changed = writeProductionFiles(options, layout, journal);
  if (!system) {
    say(`Archivos escritos bajo ${layout.root}; con --root no se instala ni se arranca nada.`);
    return;
  }
  const env = readEnvText(fs.readFileSync(layout.envFile, 'utf8'));
  const localPostgres = env.DATABASE_URL === POSTGRES_URL;
  if (localPostgres) {
    ensurePostgresDatabase(journal);
    ensureArchiveMode(localCluster(), () => systemctl(['restart', 'postgresql']), journal);
  } else if (options.postgres && env.DATABASE_URL)
    say('· DATABASE_URL de cita.env apunta a otra base: se conserva');
  // The instances stop while a SQLite install's data moves into PostgreSQL: no write is left behind.
  if (!before.DATABASE_URL && env.DATABASE_URL) stopRunningInstances(journal);
  const preparation = prepareDatabase(env, options, layout);
  await startServices(options, changed, journal, layout.envFile);
  await waitUntilReady(options.domain);
  say(`\nCita está en línea: https://${options.domain}`);
  if (preparation.link) {
    say('Enlace de un solo uso para que el primer administrador elija su contraseña (vale 24 horas):');
    say(`  ${preparation.link}`);
  } else {
    say(
      `El administrador ${options.email} ya eligió su contraseña: no se da un enlace nuevo. Si la olvidó, otro administrador puede asignarle una nueva en la sección Administradores.`,
    );
  }
  if (localPostgres && backupsConfigured(env)) await archiveContinuously(env.BACKUP_DIR!);
  firstBackup(env);
}

function backupsConfigured(env: NodeJS.ProcessEnv): boolean {
  return Boolean(env.BACKUP_DIR && env.BACKUP_AGE_RECIPIENT);
}

/** The machine's own cluster, the one `--postgres` set up. */
function localCluster(): LocalCluster {
  return {
    dataDir: psql('show data_directory'),
    port: Number(psql('show port')),
    socketDir: '/var/run/postgresql',
    psql,
  };
}

/**
 * The continuous archive of a `--postgres` install with backups (pgBackRest, decision 0057), once
 * the site is up: it only reloads PostgreSQL. A failure undoes this step alone and is told; the
 * site and the nightly verified backup go on.
 */
async function archiveContinuously(backupDir: string): Promise<void> {
  const own = new UndoJournal();
  const pgbackrest = (args: string[]) =>
    mustRun(
      'runuser',
      [
        '-u',
        'postgres',
        '--',
        'pgbackrest',
        `--config=${PGBACKREST_PATHS.configFile}`,
        `--stanza=${STANZA}`,
        ...args,
      ],
      `Revisa los registros de ${PGBACKREST_PATHS.workDir} y que el usuario postgres pueda escribir en BACKUP_DIR/pgbackrest.`,
    );
  try {
    configureWalArchive(localCluster(), { ...PGBACKREST_PATHS, backupDir }, pgbackrest, own);
    systemctl(['enable', '--now', 'cita-pgbackrest.timer']);
    say(`✓ PostgreSQL archiva cada cambio con pgBackRest en ${path.join(backupDir, 'pgbackrest')}`);
  } catch (error) {
    await own.rollback();
    say(
      `✗ PostgreSQL no quedó archivando cada cambio (${(error as Error).message.trim()}). El sitio sigue en línea y el respaldo verificado de cada noche no depende de esto; corrige la causa y vuelve a correr cita setup.`,
    );
  }
}

function requireRoot(): void {
  if (process.getuid?.() !== 0) {
    throw new SetupError('cita setup instala paquetes y servicios: córrelo como root (sudo cita setup …).');
  }
}

async function runChecks(options: SetupOptions): Promise<void> {
  if (!options.skipChecks.has('node')) checkNodeVersion();
  if (APP_DIR.startsWith('/root/') || APP_DIR.startsWith('/home/')) {
    throw new SetupError(
      `el código está en ${APP_DIR}, que el servicio no puede leer (ProtectHome). Muévelo, p. ej. a /opt/cita, y corre cita setup desde ahí.`,
    );
  }
  // A second run finds its own Caddy on 80/443, and the domain already proved.
  if (tryCommand('systemctl', ['is-active', '--quiet', 'caddy']).ok) {
    say('· Caddy ya está activo: se omiten las comprobaciones de puertos y dominio');
    return;
  }
  if (!options.skipChecks.has('ports')) {
    for (const port of [80, 443]) await checkPortFree(port);
    say('✓ Puertos 80 y 443 libres');
  }
  if (!options.skipChecks.has('domain')) await checkDomainReachesHere(options.domain);
}

function checkNodeVersion(): void {
  const [major = 0, minor = 0] = process.versions.node.split('.').map(Number);
  const [needMajor, needMinor] = MINIMUM_NODE;
  if (major < needMajor || (major === needMajor && minor < needMinor)) {
    throw new SetupError(
      `Cita necesita Node ${needMajor}.${needMinor} o más nuevo y este es ${process.versions.node}. Instala Node 22 (https://nodejs.org o los paquetes de NodeSource) y vuelve a intentarlo.`,
    );
  }
  say(`✓ Node ${process.versions.node}`);
}

async function checkPortFree(port: number): Promise<void> {
  const server = net.createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) => {
      reject(
        new SetupError(
          error.code === 'EADDRINUSE'
            ? `el puerto ${port} está ocupado. Mira quién lo usa con «ss -ltnp 'sport = :${port}'» y detén ese programa (Caddy lo necesita para HTTPS).`
            : `no se pudo abrir el puerto ${port} (${error.code}).`,
        ),
      );
    });
    server.listen(port, () => server.close(() => resolve()));
  });
}

/**
 * Serves a random token on port 80 and fetches it back through the domain (Discourse's check):
 * a wrong DNS record or a closed firewall is told now, before Let's Encrypt is asked for a
 * certificate it would refuse (and count against the domain's limit).
 */
async function checkDomainReachesHere(domain: string): Promise<void> {
  const token = randomBytes(16).toString('hex');
  const checkPath = `/.well-known/cita-check/${token}`;
  const server = http.createServer((request, response) => {
    response.writeHead(request.url === checkPath ? 200 : 404, { 'content-type': 'text/plain' });
    response.end(request.url === checkPath ? token : '');
  });
  await new Promise<void>((resolve) => server.listen(80, resolve));
  try {
    const answer = await fetch(`http://${domain}${checkPath}`, { signal: AbortSignal.timeout(10_000) })
      .then(async (response) => (response.ok ? await response.text() : `HTTP ${response.status}`))
      .catch((error: Error) => (error.cause as Error | undefined)?.message ?? error.message);
    if (answer !== token) {
      throw new SetupError(
        `${domain} no llega a este servidor (${answer}). Revisa que el registro DNS A (y AAAA, si lo hay) de ${domain} apunte a la IP pública de esta máquina y que el firewall deje pasar los puertos 80 y 443; los cambios de DNS pueden tardar unos minutos.`,
      );
    }
  } finally {
    server.close();
  }
  say(`✓ ${domain} llega a este servidor`);
}

function installPackages(options: SetupOptions, backups: boolean): void {
  const missing: string[] = [];
  if (!commandExists('caddy')) missing.push('caddy');
  if (options.postgres && !fs.existsSync('/usr/lib/postgresql')) missing.push('postgresql');
  if (options.postgres && backups && !commandExists('pgbackrest')) missing.push('pgbackrest');
  if (missing.length === 0) return;
  const env = { DEBIAN_FRONTEND: 'noninteractive' };
  const fix = 'Revisa la conexión a internet y que apt funcione («apt-get update»).';
  mustRun('apt-get', ['update', '-q'], fix, env);
  mustRun('apt-get', ['install', '-y', '-q', ...missing], fix, env);
  say(`✓ Instalado: ${missing.join(', ')}`);
}

function ensureSystemUser(journal: UndoJournal): void {
  if (tryCommand('id', ['-u', SYSTEM_USER]).ok) return;
  mustRun(
    'useradd',
    [
      '--system',
      '--user-group',
      '--no-create-home',
      '--home-dir',
      '/var/lib/cita',
      '--shell',
      '/usr/sbin/nologin',
      SYSTEM_USER,
    ],
    'No se pudo crear el usuario del sistema cita.',
  );
  journal.record(
    `usuario ${SYSTEM_USER}`,
    () => {
      tryCommand('userdel', [SYSTEM_USER]);
    },
    'account',
  );
  say(`✓ Usuario del sistema ${SYSTEM_USER}`);
}

function psql(sqlText: string): string {
  return mustRun(
    'runuser',
    ['-u', 'postgres', '--', 'psql', '-tAc', sqlText],
    'Revisa que PostgreSQL esté instalado y en marcha («systemctl status postgresql»).',
  ).trim();
}

export function ensurePostgresDatabase(journal: UndoJournal): void {
  mustRun('systemctl', ['enable', '--now', 'postgresql'], 'Revisa «journalctl -u postgresql».');
  if (psql(`select 1 from pg_roles where rolname = '${SYSTEM_USER}'`) !== '1') {
    psql(`create role ${SYSTEM_USER} login`);
    journal.record(
      `rol de PostgreSQL ${SYSTEM_USER}`,
      () => {
        psql(`drop role if exists ${SYSTEM_USER}`);
      },
      'database',
    );
  }
  // Each backup is verified by restoring it into a scratch database it creates (decision 0048).
  psql(`alter role ${SYSTEM_USER} createdb`);
  if (psql(`select 1 from pg_database where datname = '${SYSTEM_USER}'`) !== '1') {
    psql(`create database ${SYSTEM_USER} owner ${SYSTEM_USER}`);
    journal.record(
      `base de datos ${SYSTEM_USER}`,
      () => {
        psql(`drop database if exists ${SYSTEM_USER} with (force)`);
      },
      'database',
    );
  }
  say('✓ Base de datos PostgreSQL cita');
}

/** The units run with a read-only checkout (ProtectSystem=strict): the web app is built now. */
function buildWebAppIfMissing(journal: UndoJournal): void {
  const dist = path.join(APP_DIR, 'dist/web');
  if (fs.existsSync(path.join(dist, 'index.html'))) return;
  journal.record(`compilación ${dist}`, () => fs.rmSync(dist, { recursive: true, force: true }));
  mustRun(
    'npm',
    ['--prefix', APP_DIR, 'run', 'build'],
    'Revisa que «npm install» haya terminado en el código.',
  );
  say('✓ Aplicación web compilada');
}

export interface ChangedFiles {
  env: boolean;
  units: boolean;
  caddyfile: boolean;
}

export function writeProductionFiles(
  options: SetupOptions,
  layout: ProductionLayout,
  journal: UndoJournal,
): ChangedFiles {
  const system = options.root === undefined;
  journal.makeDir(layout.configDir, 0o750);
  const existingEnv = fs.existsSync(layout.envFile) ? fs.readFileSync(layout.envFile, 'utf8') : undefined;
  const envText = renderEnvFile({
    domain: options.domain,
    email: options.email,
    dataDir: layout.dataDir,
    webDistDir: path.join(APP_DIR, 'dist/web'),
    databaseUrl: options.postgres ? POSTGRES_URL : '',
    acmeCa: options.acmeCa,
    acmeCaRoot: options.acmeCaRoot,
    existing: existingEnv,
  });
  // The env file decides from here on: an operator's own DATA_DIR or DATABASE_URL is kept in it.
  const env = readEnvText(envText);
  const dataDir = env.DATA_DIR || layout.dataDir;
  journal.makeDir(dataDir, 0o750);
  const envChanged = journal.writeFile(layout.envFile, envText, 0o600);
  report(layout.envFile, envChanged);
  let units = false;
  for (const [name, content] of Object.entries(
    renderUnits({
      appDir: APP_DIR,
      envFile: layout.envFile,
      dataDir,
      backupDir: env.BACKUP_DIR,
      node: process.execPath,
      postgres: Boolean(env.DATABASE_URL),
      pgBackRestConfig: env.DATABASE_URL === POSTGRES_URL ? PGBACKREST_PATHS.configFile : undefined,
    }),
  )) {
    const file = path.join(layout.unitDir, name);
    const written = journal.writeFile(file, content, 0o644);
    report(file, written);
    units ||= written;
  }
  const caddyfile = journal.writeFile(
    layout.caddyfile,
    renderCaddyfile({
      domain: options.domain,
      email: options.email,
      ports: instancePorts(options.instances),
      acmeCa: env.ACME_CA || undefined,
      acmeCaRoot: env.ACME_CA_ROOT || undefined,
    }),
    0o644,
  );
  report(layout.caddyfile, caddyfile);
  if (system) {
    // The secrets are the service's alone: only `cita` (and root) can read them.
    fs.chownSync(layout.envFile, userId(), groupId());
    fs.chownSync(layout.configDir, 0, groupId());
    fs.chownSync(dataDir, userId(), groupId());
  }
  return { env: envChanged, units, caddyfile };
}

function report(file: string, changed: boolean): void {
  say(changed ? `✓ ${file}` : `· ${file} sin cambios`);
}

function userId(): number {
  return Number(mustRun('id', ['-u', SYSTEM_USER], 'Falta el usuario cita.').trim());
}

function groupId(): number {
  return Number(mustRun('id', ['-g', SYSTEM_USER], 'Falta el usuario cita.').trim());
}

/**
 * Migrates the database, moves a SQLite install's data into a new PostgreSQL one, and gives the
 * first admin a one-time link, before any instance starts: the server then finds an admin and
 * never makes a demo one with a printed password. It runs as `cita`, the PostgreSQL role (peer
 * authentication) and the owner of SQLite's files.
 */
function prepareDatabase(
  env: NodeJS.ProcessEnv,
  options: SetupOptions,
  layout: ProductionLayout,
): Preparation {
  const result = runAsCita(childScriptCommand('prepare-database', [options.email]), env);
  if (!result.ok) {
    const fix = env.DATABASE_URL
      ? 'Revisa que PostgreSQL esté en marcha («systemctl status postgresql») y que exista la base.'
      : `Revisa que ${env.DATA_DIR ?? layout.dataDir} sea del usuario cita y que el disco tenga espacio.`;
    throw new SetupError(
      `la base de datos no quedó lista: ${result.stderr.trim().split('\n').slice(-3).join(' ')}\n  ${fix}`,
    );
  }
  const preparation = JSON.parse(result.stdout.trim().split('\n').at(-1) ?? '{}') as Preparation;
  if (preparation.moved) {
    const rows = Object.values(preparation.moved).reduce((sum, count) => sum + count, 0);
    say(
      `✓ Los datos de SQLite pasaron a PostgreSQL: ${rows} filas en ${Object.keys(preparation.moved).length} tablas, cada una comprobada (filas y contenido). ${sqliteFileIn(env.DATA_DIR ?? layout.dataDir)} queda como estaba.`,
    );
  }
  say('✓ Base de datos al día y primer administrador listo');
  return preparation;
}

function systemctl(args: string[]): void {
  mustRun('systemctl', args, `Revisa «systemctl status ${args.at(-1)}» y «journalctl -u ${args.at(-1)}».`);
}

const isActive = (unit: string) => tryCommand('systemctl', ['is-active', '--quiet', unit]).ok;
const isEnabled = (unit: string) => tryCommand('systemctl', ['is-enabled', '--quiet', unit]).ok;

/**
 * How to put a unit back as it was before this run: running again (restarted, so it reads the
 * restored env file and unit), or stopped, and enabled or not. Undone after the files and
 * systemd's daemon-reload (the phases of UndoJournal).
 */
function recordUnitState(journal: UndoJournal, unit: string, phase: 'instances' | 'proxy'): void {
  const wasActive = isActive(unit);
  const wasEnabled = isEnabled(unit);
  journal.record(
    `servicio ${unit}`,
    () => {
      if (phase === 'proxy' && wasActive) tryCommand('systemctl', ['reload-or-restart', unit]);
      else tryCommand('systemctl', [wasActive ? 'restart' : 'stop', unit]);
      tryCommand('systemctl', [wasEnabled ? 'enable' : 'disable', unit]);
    },
    phase,
  );
}

/** The instances running now, stopped (and started again by a rollback). */
function runningInstances(): string[] {
  const listed = tryCommand('systemctl', ['list-units', '--all', '--plain', '--no-legend', 'cita@*.service']);
  return listed.stdout
    .split('\n')
    .map((line) => /^(cita@\d+\.service)/.exec(line.trim())?.[1])
    .filter((unit): unit is string => unit !== undefined);
}

function stopRunningInstances(journal: UndoJournal): void {
  for (const unit of runningInstances().filter(isActive)) {
    recordUnitState(journal, unit, 'instances');
    systemctl(['stop', unit]);
  }
}

/**
 * The units enabled and running with this run's files. Instances whose environment changed (this
 * run's files, or lines the operator added to the env file since they started) restart one at a
 * time, each back on /readyz before the next, so the site keeps answering (decision 0057).
 */
export async function startServices(
  options: SetupOptions,
  changed: ChangedFiles,
  journal: UndoJournal,
  envFile: string,
): Promise<void> {
  // Undone once every file is back: systemd must read the previous units before they restart.
  if (changed.units) {
    journal.record(
      'unidades de systemd',
      () => {
        tryCommand('systemctl', ['daemon-reload']);
      },
      'units',
    );
  }
  systemctl(['daemon-reload']);
  for (const port of instancePorts(options.instances)) {
    const unit = `cita@${port}.service`;
    const restart = changed.env || changed.units || startedBefore(unit, envFile);
    recordUnitState(journal, unit, 'instances');
    systemctl(['enable', unit]);
    systemctl([restart ? 'restart' : 'start', unit]);
    // A scratch root starts nothing: there is nothing to wait for.
    if (restart && options.root === undefined) await waitForInstance(port);
  }
  stopInstancesAbove(options.instances, journal);
  recordUnitState(journal, 'cita-backup.timer', 'instances');
  systemctl(['enable', '--now', 'cita-backup.timer']);
  // Undone last of the services: Caddy goes back to the restored Caddyfile once the instances it
  // sends to are as they were.
  recordUnitState(journal, 'caddy', 'proxy');
  systemctl(['enable', 'caddy']);
  systemctl([changed.caddyfile ? 'reload-or-restart' : 'start', 'caddy']);
  say(`✓ Servicios en marcha: ${options.instances} instancia(s), Caddy y el respaldo nocturno`);
}

/**
 * Whether a running unit started before the env file last changed: the operator's own lines
 * (step 2 of the README adds BACKUP_DIR, SMTP_URL…) reach the instances without a restart by hand.
 */
function startedBefore(unit: string, envFile: string): boolean {
  const shown = tryCommand('systemctl', [
    'show',
    '--timestamp=unix',
    '-p',
    'ActiveEnterTimestamp',
    '--value',
    unit,
  ]);
  const startedAt = Number(/^@(\d+)/.exec(shown.stdout.trim())?.[1]);
  if (!shown.ok || !Number.isFinite(startedAt) || startedAt === 0) return false;
  return fs.statSync(envFile).mtimeMs / 1000 > startedAt;
}

/** Waits for a restarted instance to answer /readyz before the next one goes down. */
async function waitForInstance(port: number): Promise<void> {
  const deadline = Date.now() + INSTANCE_READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    const ready = await fetch(`http://127.0.0.1:${port}/readyz`, { signal: AbortSignal.timeout(2_000) })
      .then((response) => response.ok)
      .catch(() => false);
    if (ready) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new SetupError(
    `cita@${port} no respondió en /readyz en ${INSTANCE_READY_TIMEOUT_MS / 1000} s después de reiniciarse. Revisa «journalctl -u cita@${port}».`,
  );
}

/** A smaller --instances than last time: the ports Caddy no longer sends to are stopped. */
function stopInstancesAbove(instances: number, journal: UndoJournal): void {
  const lastPort = instancePorts(instances).at(-1)!;
  for (const unit of runningInstances()) {
    const port = Number(/^cita@(\d+)\.service/.exec(unit)?.[1]);
    if (port > lastPort) {
      recordUnitState(journal, unit, 'instances');
      tryCommand('systemctl', ['disable', '--now', unit]);
    }
  }
}

/**
 * With backups configured, the first verified backup now, as `cita`, with the service's
 * environment: the operator learns today, not tomorrow morning, whether it works. The site is
 * already up: a failure is told, and setup still succeeds.
 */
export function firstBackup(env: NodeJS.ProcessEnv): void {
  if (!env.BACKUP_DIR || !env.BACKUP_AGE_RECIPIENT) return;
  const result = runVerbAsCita(['backup'], env);
  if (result.ok) {
    say(`✓ ${result.stdout.trim().split('\n')[0]}`);
    return;
  }
  const reason = result.stderr.trim().split('\n').slice(-3).join(' ') || 'terminó con error';
  say(
    `✗ El primer respaldo no se pudo hacer (${reason}). El sitio sigue en línea; corrige la causa y corre «runuser -u cita -- node bin/cita.mjs backup» con las variables de ${productionLayout('/').envFile} (README, «Producción», paso 3).`,
  );
}

/** Polls https://<domain>/readyz: it answers 200 once Caddy has a certificate and an instance is ready. */
async function waitUntilReady(domain: string): Promise<void> {
  const url = `https://${domain}/readyz`;
  const deadline = Date.now() + READY_TIMEOUT_MS;
  let last = 'sin respuesta';
  while (Date.now() < deadline) {
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(5_000) });
      if (response.status === 200) {
        say(`✓ ${url} responde 200`);
        return;
      }
      last = `HTTP ${response.status}`;
    } catch (error) {
      last = ((error as Error).cause as Error | undefined)?.message ?? (error as Error).message;
    }
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
  throw new SetupError(
    `${url} no respondió 200 en ${READY_TIMEOUT_MS / 1000} s (último: ${last}). Revisa «journalctl -u caddy» (el certificado) y «journalctl -u cita@3001» (la aplicación).`,
  );
}
