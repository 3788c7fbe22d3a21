import path from 'node:path';

export interface AppConfig {
  port: number;
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
  /** Sign-ups allowed from one address in ten minutes (design.md §13). */
  signUpsPerAddress: number;
  /** Key of the hashes that keep erased e-mails out; generated and kept in the database when unset. */
  emailHashKey: string | undefined;
  /** Which proxies' X-Forwarded-* headers to believe (client address, https); Fastify's trustProxy syntax. */
  trustProxy: string;
  queue: QueueConfig;
  /** How long this instance keeps the public lists (events, adverts) in memory; 0 turns it off. */
  publicCacheTtlMs: number;
  /**
   * How old whole-site figures (admin/stats, the landing counters) may be before they are
   * recomputed in the background; 0 computes them on every read.
   */
  statsMaxAgeMs: number;
  payments: PaymentsConfig;
  messages: MessagesConfig;
  push: PushConfig;
  backups: BackupConfig;
}

/** Snapshots proved by restoring them (design.md §24, decision 0048). */
export interface BackupConfig {
  /** Folder the encrypted snapshots are written to (another disk); backups are off when unset. */
  dir: string | undefined;
  /** The operator's age public key (`age1…`); the private key never lives on the server. */
  ageRecipient: string | undefined;
  /** Hour of the nightly snapshot, Mexico City time. */
  nightlyHour: number;
}

function backupsFromEnv(env: NodeJS.ProcessEnv): BackupConfig {
  return {
    dir: env.BACKUP_DIR ? path.resolve(env.BACKUP_DIR) : undefined,
    ageRecipient: env.BACKUP_AGE_RECIPIENT || undefined,
    nightlyHour: Number(env.BACKUP_HOUR ?? 3),
  };
}

/** Web Push (design.md §21, decision 0040). */
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

function pushFromEnv(env: NodeJS.ProcessEnv): PushConfig {
  const hosts = (env.PUSH_ENDPOINT_HOSTS ?? '')
    .split(',')
    .map((host) => host.trim().toLowerCase())
    .filter(Boolean);
  return {
    vapidPublicKey: env.VAPID_PUBLIC_KEY || undefined,
    vapidPrivateKey: env.VAPID_PRIVATE_KEY || undefined,
    vapidSubject: env.VAPID_SUBJECT || 'mailto:hola@cita.mx',
    endpointHosts: hosts.length > 0 ? hosts : DEFAULT_PUSH_ENDPOINT_HOSTS,
  };
}

/** Mensajes' limits against abuse and the away e-mail's delay (design.md §20). */
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
}

/**
 * Online payment of places (design.md §15). 'off' keeps the manual flow; 'stripe' talks to the
 * API at `apiBase` (Stripe's own when unset); 'test-provider' is `npm start` without a key: the
 * server starts the built-in provider and fills in key, webhook secret and base before building.
 */
export interface PaymentsConfig {
  mode: 'off' | 'stripe' | 'test-provider';
  secretKey: string | undefined;
  webhookSecret: string | undefined;
  apiBase: string | undefined;
  /** Port of the built-in test provider ('test-provider' mode); 0 picks a free one. */
  testProviderPort: number;
  /** How long an unpaid place is held; decimals allowed (a test holds for seconds). */
  holdMinutes: number;
  /** The least a place given from the waiting list is held (design.md §21). */
  promotionHoldHours: number;
  /** Cancelling at least this long before the start refunds in full. */
  refundHours: number;
  /** A session still pending this long after its creation is read again from the provider. */
  reconcileMinutes: number;
  /** Days an OXXO voucher (and the hold it extends) stays valid. */
  voucherDays: number;
}

function paymentsFromEnv(env: NodeJS.ProcessEnv): PaymentsConfig {
  const secretKey = env.STRIPE_SECRET_KEY || undefined;
  const mode = env.PAYMENTS === 'off' ? 'off' : secretKey ? 'stripe' : 'test-provider';
  return {
    mode,
    secretKey,
    webhookSecret: env.STRIPE_WEBHOOK_SECRET || undefined,
    apiBase: env.STRIPE_API_BASE || undefined,
    testProviderPort: Number(env.TEST_PAYMENTS_PORT ?? 12111),
    holdMinutes: Number(env.PAYMENT_HOLD_MINUTES ?? 30),
    promotionHoldHours: Number(env.PROMOTION_HOLD_HOURS ?? 12),
    refundHours: Number(env.REFUND_HOURS ?? 48),
    reconcileMinutes: Number(env.PAYMENT_RECONCILE_MINUTES ?? 60),
    voucherDays: 2,
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

/** Reads the environment variables documented in the README (design.md §6). */
export function configFromEnv(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const port = Number(env.PORT ?? 3000);
  return {
    port,
    dataDir: path.resolve(env.DATA_DIR ?? './data'),
    databaseUrl: env.DATABASE_URL || undefined,
    smtpUrl: env.SMTP_URL || undefined,
    publicUrl: env.PUBLIC_URL ?? `http://localhost:${port}`,
    seedDemo: (env.SEED_DEMO ?? '1') !== '0',
    adminEmail: env.ADMIN_EMAIL || undefined,
    adminPassword: env.ADMIN_PASSWORD || undefined,
    webDistDir: path.resolve(env.WEB_DIST_DIR ?? './dist/web'),
    logLevel: env.LOG_LEVEL ?? 'info',
    loginAttemptsPerMinute: Number(env.LOGIN_ATTEMPTS_PER_MINUTE ?? 10),
    signUpsPerAddress: Number(env.SIGNUPS_PER_ADDRESS ?? 5),
    emailHashKey: env.EMAIL_HASH_KEY || undefined,
    trustProxy: env.TRUST_PROXY ?? 'loopback',
    databaseWaitMs: Number(env.DATABASE_WAIT_SECONDS ?? 30) * 1000,
    publicCacheTtlMs: Number(env.PUBLIC_CACHE_TTL_MS ?? 3000),
    statsMaxAgeMs: Number(env.STATS_MAX_AGE_SECONDS ?? 60) * 1000,
    payments: paymentsFromEnv(env),
    messages: {
      perMinute: Number(env.MESSAGES_PER_MINUTE ?? 30),
      conversationsPerDay: Number(env.CONVERSATIONS_PER_DAY ?? 20),
      spamRecipients: Number(env.MESSAGE_SPAM_RECIPIENTS ?? 5),
      emailDelayMinutes: Number(env.MESSAGE_EMAIL_DELAY_MINUTES ?? 10),
      presenceHeartbeatMs: Number(env.LIVE_HEARTBEAT_SECONDS ?? 15) * 1000,
    },
    push: pushFromEnv(env),
    backups: backupsFromEnv(env),
    queue: {
      pollMs: Number(env.QUEUE_POLL_MS ?? 1000),
      concurrency: Number(env.QUEUE_CONCURRENCY ?? 4),
      retryMs: Number(env.QUEUE_RETRY_MS ?? 30_000),
      leaseMs: Number(env.QUEUE_LEASE_MS ?? 300_000),
    },
  };
}
