import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { parseEnv } from 'node:util';
import webpush from 'web-push';
import { renderTemplate } from './render-template';
import { STANZA } from './wal-archive';

/** Where a production install keeps everything (decision 0049); under `root` for `--root`. */
export interface ProductionLayout {
  root: string;
  configDir: string;
  envFile: string;
  dataDir: string;
  unitDir: string;
  caddyfile: string;
}

export function productionLayout(root: string): ProductionLayout {
  const under = (...parts: string[]) => path.join(root, ...parts);
  return {
    root,
    configDir: under('etc/cita'),
    envFile: under('etc/cita/cita.env'),
    dataDir: under('var/lib/cita'),
    unitDir: under('etc/systemd/system'),
    caddyfile: under('etc/caddy/Caddyfile'),
  };
}

/** The first instance listens on 3001, the next on 3002…: below 3000, where `npm start` listens. */
export const FIRST_INSTANCE_PORT = 3001;

export function instancePorts(instances: number): number[] {
  return Array.from({ length: instances }, (_, index) => FIRST_INSTANCE_PORT + index);
}

export interface CaddyfileOptions {
  domain: string;
  email: string;
  ports: number[];
  /** What Caddy asks each instance before sending it traffic (docs/design/23-online.md: /readyz). */
  healthUri?: string;
  /** The ACME directory Caddy asks for certificates (a staging or internal CA); unset: Let's Encrypt. */
  acmeCa?: string;
  /** The root certificate (PEM file) that ACME directory's HTTPS is signed with. */
  acmeCaRoot?: string;
  /** Extra global options, one per line (tests: unprivileged ports). */
  globalOptions?: string[];
}

export function renderCaddyfile(options: CaddyfileOptions): string {
  const globalOptions = [
    ...(options.acmeCa ? [`acme_ca ${options.acmeCa}`] : []),
    ...(options.acmeCaRoot ? [`acme_ca_root ${options.acmeCaRoot}`] : []),
    ...(options.globalOptions ?? []),
  ];
  return renderTemplate('Caddyfile', {
    email: options.email,
    // Each on its own line after `email`: an empty line there is what `caddy fmt` objects to.
    global_options: globalOptions.map((line) => `\n\t${line}`).join(''),
    domain: options.domain,
    upstreams: options.ports.map((port) => `127.0.0.1:${port}`).join(' '),
    health_uri: options.healthUri ?? '/readyz',
  });
}

/** The secrets the env file holds; generated once, never again (decision 0049). */
export const SECRET_KEYS = ['VAPID_PUBLIC_KEY', 'VAPID_PRIVATE_KEY', 'SITE_ID', 'EMAIL_HASH_KEY'] as const;

export type Secrets = Record<(typeof SECRET_KEYS)[number], string>;

/** The secrets already in `existing` (the env file as it is), the missing ones generated now. */
export function secretsFor(existing: Record<string, string | undefined>): Secrets {
  const vapid =
    existing.VAPID_PUBLIC_KEY && existing.VAPID_PRIVATE_KEY
      ? { publicKey: existing.VAPID_PUBLIC_KEY, privateKey: existing.VAPID_PRIVATE_KEY }
      : webpush.generateVAPIDKeys();
  return {
    VAPID_PUBLIC_KEY: vapid.publicKey,
    VAPID_PRIVATE_KEY: vapid.privateKey,
    // 16 base64url characters, as the payments' idempotency keys use it.
    SITE_ID: existing.SITE_ID || randomBytes(12).toString('base64url'),
    EMAIL_HASH_KEY: existing.EMAIL_HASH_KEY || randomBytes(32).toString('base64url'),
  };
}

export function readEnvText(text: string | undefined): Record<string, string | undefined> {
  return text === undefined ? {} : parseEnv(text);
}

export interface EnvFileOptions {
  domain: string;
  email: string;
  dataDir: string;
  webDistDir: string;
  /** The database setup would use ('' for SQLite); an operator's own DATABASE_URL is kept instead. */
  databaseUrl: string;
  /** `--acme-ca` / `--acme-ca-root` as given this run; unset keeps what the file says. */
  acmeCa?: string;
  acmeCaRoot?: string;
  /** The file as it is now, if there is one: its secrets and the operator's own lines stay. */
  existing: string | undefined;
}

/** What an earlier `cita setup --postgres` wrote; not the operator's choice, so it is replaced. */
export const FORMER_SETUP_DATABASE_URLS = new Set([
  'postgres://cita@/cita?host=/var/run/postgresql',
  'postgres:///cita?host=/var/run/postgresql&user=cita',
]);

/**
 * The env file from its template (decision 0057). Re-running setup never drops an operator's line:
 * - the secrets stay as they are (generated only when missing);
 * - PUBLIC_URL and VAPID_SUBJECT come from --domain and --email, WEB_DIST_DIR from the checkout,
 *   PAYMENTS turns on with STRIPE_SECRET_KEY and INVOICES with FACTURAPI_KEY: what the command
 *   line and the machine say;
 * - every other line the template defines (NODE_ENV, HOST, TRUST_PROXY, DATA_DIR, DATABASE_URL,
 *   SEED_DEMO, PAYMENTS without Stripe, INVOICES without Facturapi, ACME_CA*) keeps the operator's value when the file has one,
 *   and --acme-ca/--acme-ca-root, when given, replace theirs;
 * - lines the template does not define (SMTP_URL, STRIPE_*, BACKUP_*, the operator's comments) are
 *   kept after it, in their order.
 */
export function renderEnvFile(options: EnvFileOptions): string {
  const existing = readEnvText(options.existing);
  const secrets = secretsFor(existing);
  const kept = (key: string, fallback: string) => existing[key]?.trim() || fallback;
  const existingDatabaseUrl = existing.DATABASE_URL?.trim() ?? '';
  const rendered = renderTemplate('cita.env', {
    node_env: kept('NODE_ENV', 'production'),
    host: kept('HOST', '127.0.0.1'),
    domain: options.domain,
    trust_proxy: kept('TRUST_PROXY', 'loopback'),
    email: options.email,
    data_dir: kept('DATA_DIR', options.dataDir),
    web_dist_dir: options.webDistDir,
    database_url:
      existingDatabaseUrl && !FORMER_SETUP_DATABASE_URLS.has(existingDatabaseUrl)
        ? existingDatabaseUrl
        : options.databaseUrl,
    seed_demo: kept('SEED_DEMO', '0'),
    payments: existing.STRIPE_SECRET_KEY ? 'on' : kept('PAYMENTS', 'off'),
    invoices: existing.FACTURAPI_KEY ? 'on' : kept('INVOICES', 'off'),
    vapid_public_key: secrets.VAPID_PUBLIC_KEY,
    vapid_private_key: secrets.VAPID_PRIVATE_KEY,
    site_id: secrets.SITE_ID,
    email_hash_key: secrets.EMAIL_HASH_KEY,
    acme_ca: options.acmeCa ?? kept('ACME_CA', ''),
    acme_ca_root: options.acmeCaRoot ?? kept('ACME_CA_ROOT', ''),
  });
  const ours = new Set(Object.keys(readEnvText(rendered)));
  const templateLines = new Set(rendered.split('\n'));
  const operatorLines = (options.existing ?? '').split('\n').filter((line) => {
    if (line.trim() === '' || templateLines.has(line)) return false;
    const key = /^\s*(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=/.exec(line)?.[1];
    return key === undefined ? line.trimStart().startsWith('#') : !ours.has(key);
  });
  return operatorLines.length > 0 ? `${rendered}${operatorLines.join('\n')}\n` : rendered;
}

export interface UnitOptions {
  appDir: string;
  envFile: string;
  dataDir: string;
  /** The env file's BACKUP_DIR, when the operator set one: the services must be able to write there. */
  backupDir: string | undefined;
  node: string;
  postgres: boolean;
  /** The local PostgreSQL's pgBackRest configuration (a `--postgres` install): its nightly full backup. */
  pgBackRestConfig?: string;
}

/** The units by file name: the instance template, the nightly backup and its timer (and pgBackRest's). */
export function renderUnits(options: UnitOptions): Record<string, string> {
  // One hardening block for both services, so the nightly backup never drifts from the instances.
  const hardening = renderTemplate('service-hardening', {
    // ProtectSystem=strict leaves only these writable; "-" lets a unit start while that disk is absent.
    writable_paths: [options.dataDir, ...(options.backupDir ? [`-${options.backupDir}`] : [])].join(' '),
  });
  const values = {
    app_dir: options.appDir,
    env_file: options.envFile,
    node: options.node,
    after: options.postgres ? 'postgresql.service' : '',
    hardening,
  };
  return {
    'cita@.service': renderTemplate('cita@.service', values),
    'cita-backup.service': renderTemplate('cita-backup.service', values),
    'cita-backup.timer': renderTemplate('cita-backup.timer', {}),
    ...(options.pgBackRestConfig && {
      'cita-pgbackrest.service': renderTemplate('cita-pgbackrest.service', {
        pgbackrest_config: options.pgBackRestConfig,
        stanza: STANZA,
      }),
      'cita-pgbackrest.timer': renderTemplate('cita-pgbackrest.timer', {}),
    }),
  };
}
