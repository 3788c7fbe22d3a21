import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { parseEnv } from 'node:util';
import webpush from 'web-push';
import { renderTemplate } from './render-template';

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
  /** What Caddy asks each instance before sending it traffic (design.md §23: /readyz). */
  healthUri?: string;
  /** Extra global options, one per line (tests: a test ACME authority, unprivileged ports). */
  globalOptions?: string[];
}

export function renderCaddyfile(options: CaddyfileOptions): string {
  return renderTemplate('Caddyfile', {
    email: options.email,
    global_options: (options.globalOptions ?? []).map((line) => `\t${line}`).join('\n'),
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
  databaseUrl: string;
  /** The file as it is now, if there is one: its secrets and the operator's own lines stay. */
  existing: string | undefined;
}

/**
 * The env file from its template. Lines the operator added (SMTP_URL, STRIPE_*…) are kept after
 * it, and a Stripe key there turns payments on, so re-running setup never undoes their work.
 */
export function renderEnvFile(options: EnvFileOptions): string {
  const existing = readEnvText(options.existing);
  const secrets = secretsFor(existing);
  const rendered = renderTemplate('cita.env', {
    domain: options.domain,
    email: options.email,
    data_dir: options.dataDir,
    web_dist_dir: options.webDistDir,
    database_url: options.databaseUrl,
    payments: existing.STRIPE_SECRET_KEY ? 'on' : 'off',
    vapid_public_key: secrets.VAPID_PUBLIC_KEY,
    vapid_private_key: secrets.VAPID_PRIVATE_KEY,
    site_id: secrets.SITE_ID,
    email_hash_key: secrets.EMAIL_HASH_KEY,
  });
  const ours = new Set(Object.keys(readEnvText(rendered)));
  const operatorLines = (options.existing ?? '').split('\n').filter((line) => {
    const key = /^\s*([A-Za-z_][A-Za-z0-9_]*)\s*=/.exec(line)?.[1];
    return key !== undefined && !ours.has(key);
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
}

/** The units by file name: the instance template, the nightly backup and its timer. */
export function renderUnits(options: UnitOptions): Record<string, string> {
  const values = {
    app_dir: options.appDir,
    env_file: options.envFile,
    // ProtectSystem=strict leaves only these writable; "-" lets a unit start while that disk is absent.
    writable_paths: [options.dataDir, ...(options.backupDir ? [`-${options.backupDir}`] : [])].join(' '),
    node: options.node,
    after: options.postgres ? 'postgresql.service' : '',
  };
  return {
    'cita@.service': renderTemplate('cita@.service', values),
    'cita-backup.service': renderTemplate('cita-backup.service', values),
    'cita-backup.timer': renderTemplate('cita-backup.timer', {}),
  };
}
