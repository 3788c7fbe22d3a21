import path from 'node:path';
import type { InvoicePeriod } from '../../shared/domain/cfdi';
import { type CheckedEnv, checkEnv } from './env-schema';

export interface AppConfig {
  port: number;
  /** The interface it listens on. */
  host: string;
  /** NODE_ENV=production: PUBLIC_URL must be https, logs are JSON even in a terminal. */
  production: boolean;
  dataDir: string;
  databaseUrl: string | undefined;
  smtpUrl: string | undefined;
  publicUrl: string;
  seedDemo: boolean;
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  /** Built SPA served by Fastify; absent in API-only tests. */
  webDistDir: string | undefined;
  logLevel: string;
  /** Log-in attempts allowed per minute for one e-mail from one address (per address: ×6). */
  loginAttemptsPerMinute: number;
  /** How long the server waits at start for an unreachable PostgreSQL before giving up. */
  databaseWaitMs: number;
  /** Sign-ups allowed from one address in ten minutes (docs/design/13-trust.md). */
  signUpsPerAddress: number;
  /** Key of the hashes that keep erased e-mails out; generated and kept in the database when unset. */
  emailHashKey: string | undefined;
  /** Which proxies' X-Forwarded-* headers to believe (client address, https); Fastify's trustProxy syntax. */
  trustProxy: boolean | string;
  /** Lets a scraper other than this machine read /metrics (Authorization: Bearer …). */
  metricsToken: string | undefined;
  queue: QueueConfig;
  /** How long this instance keeps the public lists (events, adverts) in memory; 0 turns it off. */
  publicCacheTtlMs: number;
  /**
   * How old whole-site figures (admin/stats, the landing counters) may be before they are
   * recomputed in the background; 0 computes them on every read.
   */
  statsMaxAgeMs: number;
  payments: PaymentsConfig;
  /** Which face engine reads selfies (docs/design/27-verified.md): canned results or the self-hosted model. */
  faceEngine: 'stand-in' | 'human';
  invoices: InvoicesConfig;
  messages: MessagesConfig;
  push: PushConfig;
  backups: BackupConfig;
}

/** Snapshots proved by restoring them (docs/design/24-backups.md, decision 0048). */
export interface BackupConfig {
  /** Folder the encrypted snapshots are written to (another disk); backups are off when unset. */
  dir: string | undefined;
  /** The operator's age public key (`age1…`); the private key never lives on the server. */
  ageRecipient: string | undefined;
  /** Hour of the nightly snapshot, Mexico City time. */
  nightlyHour: number;
  /**
   * Continuous replication beside the snapshots (Litestream on SQLite; on PostgreSQL the WAL
   * archive is pgBackRest's, configured on the database server).
   */
  continuous: boolean;
  /** S3-compatible storage that receives a copy of every snapshot, when a bucket is set. */
  s3: S3Config | undefined;
}

export interface S3Config {
  /** Unset for AWS itself; any S3-compatible service (B2, R2, MinIO) otherwise. */
  endpoint: string | undefined;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
}

function backupsFromEnv(env: CheckedEnv): BackupConfig {
  return {
    dir: env.BACKUP_DIR ? path.resolve(env.BACKUP_DIR) : undefined,
    ageRecipient: env.BACKUP_AGE_RECIPIENT,
    nightlyHour: env.BACKUP_HOUR,
    continuous: env.BACKUP_CONTINUOUS === '1',
    s3:
      env.BACKUP_S3_BUCKET && env.BACKUP_S3_ACCESS_KEY_ID && env.BACKUP_S3_SECRET_ACCESS_KEY
        ? {
            endpoint: env.BACKUP_S3_ENDPOINT,
            bucket: env.BACKUP_S3_BUCKET,
            region: env.BACKUP_S3_REGION,
            accessKeyId: env.BACKUP_S3_ACCESS_KEY_ID,
            secretAccessKey: env.BACKUP_S3_SECRET_ACCESS_KEY,
          }
        : undefined,
  };
}

/** Web Push (docs/design/21-pocket.md, decision 0040). */
export interface PushConfig {
  /** The VAPID pair (base64url); when unset, one is generated on first start and kept in the database. */
  vapidPublicKey: string | undefined;
  vapidPrivateKey: string | undefined;
  /** A mailto: or https: address the push services may write to about this sender. */
  vapidSubject: string;
  /**
   * Hosts an endpoint may be on: exact names, or `*.example.com` for any name under it. The server
   * posts only to these, never to an address a member chose.
   */
  endpointHosts: string[];
  /** A certificate the push client also trusts: set by tests only, for their local push service. */
  trustedCa?: string;
}

/** The browsers' push services (Chrome/Edge on Android via FCM, Firefox, Safari, Edge on Windows). */
export const DEFAULT_PUSH_ENDPOINT_HOSTS = [
  'fcm.googleapis.com',
  'updates.push.services.mozilla.com',
  '*.push.apple.com',
  '*.notify.windows.com',
];

function pushFromEnv(env: CheckedEnv): PushConfig {
  const hosts = (env.PUSH_ENDPOINT_HOSTS ?? '')
    .split(',')
    .map((host) => host.trim().toLowerCase())
    .filter(Boolean);
  return {
    vapidPublicKey: env.VAPID_PUBLIC_KEY,
    vapidPrivateKey: env.VAPID_PRIVATE_KEY,
    vapidSubject: env.VAPID_SUBJECT ?? 'mailto:hola@cita.mx',
    endpointHosts: hosts.length > 0 ? hosts : DEFAULT_PUSH_ENDPOINT_HOSTS,
  };
}

/** Mensajes' limits against abuse and the away e-mail's delay (docs/design/20-mensajes.md). */
export interface MessagesConfig {
  /** Messages one member may send in any minute (the next is refused, 429). */
  perMinute: number;
  /** Conversations one member may start (send their first message) in any 24 hours. */
  conversationsPerDay: number;
  /** The same text sent to more than this many people within an hour is held and reported. */
  spamRecipients: number;
  /** How long a message stays unread before the e-mail; decimals allowed (a test waits under a second). */
  emailDelayMinutes: number;
  /**
   * How often each instance says it is alive in the live presence table; an instance unheard of
   * for three of these counts as gone, with its members' connections (decision 0041).
   */
  presenceHeartbeatMs: number;
  /**
   * Live connections one member may hold on this instance (tabs and devices); a newer one closes
   * her oldest (decision 0037). Per instance, as the connections themselves.
   */
  liveConnectionsPerMember: number;
  /** Live connections from one address (as trustProxy resolves it) on this instance, any sessions. */
  liveConnectionsPerAddress: number;
}

/**
 * Online payment of places (docs/design/15-payments.md). 'off' keeps the manual flow; 'stripe' talks to the
 * API at `apiBase` (Stripe's own when unset); 'test-provider' is `npm start` without a key: the
 * server starts the built-in provider and fills in key, webhook secret and base before building.
 */
export interface PaymentsConfig {
  mode: 'off' | 'stripe' | 'test-provider';
  secretKey: string | undefined;
  webhookSecret: string | undefined;
  apiBase: string | undefined;
  /** This site's id in the provider's idempotency keys (`cita setup` writes it); else kept in the database. */
  siteId: string | undefined;
  /** Port of the built-in test provider ('test-provider' mode); 0 picks a free one. */
  testProviderPort: number;
  /** How long an unpaid place is held; decimals allowed (a test holds for seconds). */
  holdMinutes: number;
  /** The least a place given from the waiting list is held (docs/design/21-pocket.md). */
  promotionHoldHours: number;
  /** Cancelling at least this long before the start refunds in full. */
  refundHours: number;
  /** A session still pending this long after its creation is read again from the provider. */
  reconcileMinutes: number;
  /** Days an OXXO voucher (and the hold it extends) stays valid. */
  voucherDays: number;
}

function paymentsFromEnv(env: CheckedEnv): PaymentsConfig {
  const secretKey = env.STRIPE_SECRET_KEY;
  const mode = env.PAYMENTS === 'off' ? 'off' : secretKey ? 'stripe' : 'test-provider';
  return {
    mode,
    secretKey,
    webhookSecret: env.STRIPE_WEBHOOK_SECRET,
    apiBase: env.STRIPE_API_BASE,
    siteId: env.SITE_ID,
    testProviderPort: env.TEST_PAYMENTS_PORT,
    holdMinutes: env.PAYMENT_HOLD_MINUTES,
    promotionHoldHours: env.PROMOTION_HOLD_HOURS,
    refundHours: env.REFUND_HOURS,
    reconcileMinutes: env.PAYMENT_RECONCILE_MINUTES,
    voucherDays: 2,
  };
}

/** The organizer's fiscal data, as the CFDIs name the issuer (docs/design/28-facturas.md). */
export interface IssuerConfig {
  rfc: string;
  name: string;
  regime: string;
  zip: string;
  series: string;
  /** SAT ClaveProdServ and ClaveUnidad of a place. */
  productKey: string;
  unitKey: string;
  /** IVA included in every price: 0.16, or 0.08 in the border region. */
  ivaRate: 0.16 | 0.08;
}

/**
 * CFDI 4.0 for every paid place (docs/design/28-facturas.md). 'off' issues nothing; 'facturapi' talks to
 * the API at `apiBase` (Facturapi's own when unset); 'test-pac' is `npm start` without a key: the
 * server starts the built-in test PAC and fills in key and base before building.
 */
export interface InvoicesConfig {
  mode: 'off' | 'facturapi' | 'test-pac';
  apiKey: string | undefined;
  apiBase: string | undefined;
  testPacPort: number;
  issuer: IssuerConfig;
  /** How often the global invoice closes; a receipt may be invoiced until its period ends. */
  period: InvoicePeriod;
  /** A PAC call made by a background job gives up after this long (and the job is retried). */
  jobTimeoutMs: number;
  /** A PAC call made while a member waits gives up after this long. */
  memberTimeoutMs: number;
}

/** The SAT's test issuer (its published test certificates): what the test PAC signs as by default. */
const TEST_ISSUER = { rfc: 'EKU9003173C9', name: 'ESCUELA KEMPER URGATE', regime: '601', zip: '42501' };

function invoicesFromEnv(env: CheckedEnv): InvoicesConfig {
  const apiKey = env.FACTURAPI_KEY;
  const mode = env.INVOICES === 'off' ? 'off' : apiKey ? 'facturapi' : 'test-pac';
  return {
    mode,
    apiKey,
    apiBase: env.FACTURAPI_API_BASE,
    testPacPort: env.TEST_PAC_PORT,
    issuer: {
      rfc: env.INVOICE_RFC ?? TEST_ISSUER.rfc,
      name: env.INVOICE_NAME ?? TEST_ISSUER.name,
      regime: env.INVOICE_REGIME ?? TEST_ISSUER.regime,
      zip: env.INVOICE_ZIP ?? TEST_ISSUER.zip,
      series: env.INVOICE_SERIES,
      productKey: env.INVOICE_PRODUCT_KEY,
      unitKey: env.INVOICE_UNIT_KEY,
      ivaRate: env.INVOICE_IVA_RATE === '8' ? 0.08 : 0.16,
    },
    period: env.INVOICE_PERIOD,
    jobTimeoutMs: 15_000,
    memberTimeoutMs: 8_000,
  };
}

export interface QueueConfig {
  /** How often an idle instance looks for due jobs. */
  pollMs: number;
  /** Jobs this instance runs at once; 0 leaves the work to other instances. */
  concurrency: number;
  /** First retry delay; it doubles on every failed attempt (capped at one hour). */
  retryMs: number;
  /** How long a claimed job is this instance's; past it another instance may take it over. */
  leaseMs: number;
}

/**
 * Reads the environment variables documented in the README (docs/design/06-running.md), checked against one
 * schema (env-schema.ts): a bad value throws a ConfigError naming every bad variable. Unset
 * variables take their defaults, so a test may pass only the few it cares about.
 */
export function configFromEnv(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const checked = checkEnv(env);
  return {
    port: checked.PORT,
    host: checked.HOST,
    production: checked.NODE_ENV === 'production',
    dataDir: path.resolve(checked.DATA_DIR),
    databaseUrl: checked.DATABASE_URL,
    smtpUrl: checked.SMTP_URL,
    // Links are written as `${publicUrl}/path`: no trailing slash.
    publicUrl: (checked.PUBLIC_URL ?? `http://localhost:${checked.PORT}`).replace(/\/$/, ''),
    seedDemo: checked.SEED_DEMO === '1',
    adminEmail: checked.ADMIN_EMAIL,
    adminPassword: checked.ADMIN_PASSWORD,
    webDistDir: path.resolve(checked.WEB_DIST_DIR),
    logLevel: checked.LOG_LEVEL,
    loginAttemptsPerMinute: checked.LOGIN_ATTEMPTS_PER_MINUTE,
    signUpsPerAddress: checked.SIGNUPS_PER_ADDRESS,
    emailHashKey: checked.EMAIL_HASH_KEY,
    trustProxy: checked.TRUST_PROXY,
    databaseWaitMs: checked.DATABASE_WAIT_SECONDS * 1000,
    publicCacheTtlMs: checked.PUBLIC_CACHE_TTL_MS,
    statsMaxAgeMs: checked.STATS_MAX_AGE_SECONDS * 1000,
    metricsToken: checked.METRICS_TOKEN,
    payments: paymentsFromEnv(checked),
    // The stand-in's canned readings are for tests and the demo; a production server reads faces.
    faceEngine: checked.FACE_ENGINE ?? (checked.NODE_ENV === 'production' ? 'human' : 'stand-in'),
    invoices: invoicesFromEnv(checked),
    messages: {
      perMinute: checked.MESSAGES_PER_MINUTE,
      conversationsPerDay: checked.CONVERSATIONS_PER_DAY,
      spamRecipients: checked.MESSAGE_SPAM_RECIPIENTS,
      emailDelayMinutes: checked.MESSAGE_EMAIL_DELAY_MINUTES,
      presenceHeartbeatMs: checked.LIVE_HEARTBEAT_SECONDS * 1000,
      liveConnectionsPerMember: checked.LIVE_CONNECTIONS_PER_MEMBER,
      liveConnectionsPerAddress: checked.LIVE_CONNECTIONS_PER_ADDRESS,
    },
    push: pushFromEnv(checked),
    backups: backupsFromEnv(checked),
    queue: {
      pollMs: checked.QUEUE_POLL_MS,
      concurrency: checked.QUEUE_CONCURRENCY,
      retryMs: checked.QUEUE_RETRY_MS,
      leaseMs: checked.QUEUE_LEASE_MS,
    },
  };
}
