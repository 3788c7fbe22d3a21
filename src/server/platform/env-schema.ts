import { isIP } from 'node:net';
import { z } from 'zod';
import { INVOICE_PERIODS, TAX_REGIME_CODES } from '../../shared/domain/cfdi';
import { isIssuerRfc } from '../../shared/domain/rfc';

/**
 * Every environment variable the README's table lists, in one schema (docs/design/23-online.md): its type,
 * range or shape, and (in `.describe`) what is expected, in the words an operator reads when the
 * start stops. tests/unit/env-schema.test.ts keeps this list and the README's table the same.
 */

/** An empty variable counts as unset, as a shell's `FOO=` or an env file's `FOO=` line means. */
const blank = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);

const integer = (min: number, max: number, fallback: number) =>
  z.preprocess(blank, z.coerce.number().int().min(min).max(max).default(fallback));
const decimal = (min: number, fallback: number, exclusive = false) =>
  z.preprocess(blank, (exclusive ? z.coerce.number().gt(min) : z.coerce.number().min(min)).default(fallback));
const text = () => z.preprocess(blank, z.string().optional());

function urlWithProtocol(protocols: string[]) {
  return z.preprocess(
    blank,
    z
      .string()
      .refine((value) => URL.canParse(value) && protocols.includes(new URL(value).protocol))
      .optional(),
  );
}

const BASE64URL = /^[A-Za-z0-9_-]+$/;
const HOSTNAME = /^(\*\.)?([a-z0-9]([a-z0-9-]*[a-z0-9])?\.)*[a-z0-9]([a-z0-9-]*[a-z0-9])?$/i;
const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** One item of Fastify's trustProxy list: a name proxy-addr knows, an address or a CIDR range. */
function isProxyItem(item: string): boolean {
  if (PROXY_NAMES.has(item)) return true;
  const [address = '', bits, ...rest] = item.split('/');
  if (rest.length > 0 || isIP(address) === 0) return false;
  if (bits === undefined) return true;
  const max = isIP(address) === 4 ? 32 : 128;
  return /^\d+$/.test(bits) && Number(bits) <= max;
}

/** Fastify's trustProxy: `true`/`false`, or a comma list of addresses and ranges. */
function parseTrustProxy(value: string): boolean | string | undefined {
  if (value === 'true' || value === 'false') return value === 'true';
  const items = value.split(',').map((item) => item.trim());
  return items.every(isProxyItem) ? items.join(',') : undefined;
}

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

export const ENV_SCHEMA = z.object({
  PORT: integer(0, 65_535, 3000).describe('un número de puerto entre 0 y 65535'),
  HOST: z
    .preprocess(blank, z.string().regex(/^\S+$/).default('0.0.0.0'))
    .describe('una interfaz (p. ej. 0.0.0.0, 127.0.0.1 o ::)'),
  DATA_DIR: z.preprocess(blank, z.string().default('./data')).describe('una carpeta'),
  DATABASE_URL: urlWithProtocol(['postgres:', 'postgresql:']).describe(
    'una dirección postgres://usuario@host:5432/base, o por el socket local postgres://usuario@%2Fvar%2Frun%2Fpostgresql/base (sin definir: SQLite)',
  ),
  DATABASE_WAIT_SECONDS: decimal(0, 30).describe('segundos (un número mayor o igual a 0)'),
  SMTP_URL: urlWithProtocol(['smtp:', 'smtps:']).describe(
    'una dirección smtp://usuario:clave@host:587 o smtps://…:465',
  ),
  PUBLIC_URL: urlWithProtocol(['http:', 'https:'])
    .refine(
      (value) => value === undefined || ['', '/'].includes(new URL(value).pathname + new URL(value).search),
    )
    .describe('una dirección http(s):// sin ruta, p. ej. https://cita.example.mx'),
  SEED_DEMO: z.preprocess(blank, z.enum(['0', '1']).default('1')).describe('0 o 1'),
  ADMIN_EMAIL: z.preprocess(blank, z.email().optional()).describe('un correo electrónico'),
  ADMIN_PASSWORD: z
    .preprocess(blank, z.string().min(8).optional())
    .describe('una contraseña de al menos 8 caracteres'),
  LOGIN_ATTEMPTS_PER_MINUTE: integer(1, 1_000_000, 10).describe('un número entero mayor o igual a 1'),
  SIGNUPS_PER_ADDRESS: integer(1, 1_000_000, 5).describe('un número entero mayor o igual a 1'),
  EMAIL_HASH_KEY: text().describe('una clave (texto)'),
  SITE_ID: text().describe('un identificador (texto)'),
  TRUST_PROXY: z
    .preprocess(blank, z.string().default('loopback'))
    .transform((value, context) => {
      const parsed = parseTrustProxy(value);
      if (parsed === undefined) {
        context.addIssue({ code: 'custom', message: 'not a trustProxy value' });
        return z.NEVER;
      }
      return parsed;
    })
    .describe('true o una lista de direcciones, rangos CIDR o loopback separados por comas'),
  LOG_LEVEL: z
    .preprocess(blank, z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'))
    .describe('fatal, error, warn, info, debug, trace o silent'),
  STATS_MAX_AGE_SECONDS: decimal(0, 60).describe('segundos (un número mayor o igual a 0)'),
  PUBLIC_CACHE_TTL_MS: integer(0, 86_400_000, 3000).describe('milisegundos (un entero mayor o igual a 0)'),
  NODE_ENV: z
    .preprocess(blank, z.enum(['production', 'development', 'test']).optional())
    .describe('production, development o test'),
  PAYMENTS: z.preprocess(blank, z.enum(['on', 'off']).optional()).describe('on, off o sin definir'),
  FACE_ENGINE: z
    .preprocess(blank, z.enum(['stand-in', 'human']).optional())
    .describe('stand-in o human (por omisión human con NODE_ENV=production, stand-in si no)'),
  STRIPE_SECRET_KEY: z
    .preprocess(
      blank,
      z
        .string()
        .regex(/^(sk|rk)_(test|live)_\S+$/)
        .optional(),
    )
    .describe('una clave secreta de Stripe (sk_test_… o sk_live_…)'),
  STRIPE_WEBHOOK_SECRET: z
    .preprocess(
      blank,
      z
        .string()
        .regex(/^whsec_\S+$/)
        .optional(),
    )
    .describe('el secreto de firma de webhooks de Stripe (whsec_…)'),
  STRIPE_API_BASE: urlWithProtocol(['http:', 'https:']).describe('una dirección http(s)://'),
  TEST_PAYMENTS_PORT: integer(0, 65_535, 12_111).describe('un número de puerto entre 0 y 65535'),
  PAYMENT_HOLD_MINUTES: decimal(0, 30, true).describe('minutos (un número mayor que 0)'),
  PROMOTION_HOLD_HOURS: decimal(0, 12, true).describe('horas (un número mayor que 0)'),
  REFUND_HOURS: decimal(0, 48).describe('horas (un número mayor o igual a 0)'),
  PAYMENT_RECONCILE_MINUTES: decimal(0, 60, true).describe('minutos (un número mayor que 0)'),
  INVOICES: z.preprocess(blank, z.enum(['on', 'off']).optional()).describe('on, off o sin definir'),
  FACTURAPI_KEY: z
    .preprocess(
      blank,
      z
        .string()
        .regex(/^sk_(test|live)_\S+$/)
        .optional(),
    )
    .describe('una clave secreta de Facturapi (sk_test_… o sk_live_…)'),
  FACTURAPI_API_BASE: urlWithProtocol(['http:', 'https:']).describe('una dirección http(s)://…/v2'),
  TEST_PAC_PORT: integer(0, 65_535, 12_112).describe('un número de puerto entre 0 y 65535'),
  INVOICE_RFC: z
    .preprocess(
      blank,
      z
        .string()
        .regex(/^[A-ZÑ&]{3,4}\d{6}[A-Z\d]{3}$/)
        .refine(isIssuerRfc)
        .optional(),
    )
    .describe('el RFC del organizador (12 o 13 caracteres, con dígito verificador correcto)'),
  INVOICE_NAME: z
    .preprocess(blank, z.string().trim().min(1).max(300).optional())
    .describe('la razón social como en la Constancia de Situación Fiscal'),
  INVOICE_REGIME: z
    .preprocess(blank, z.enum(TAX_REGIME_CODES).optional())
    .describe('una clave de régimen fiscal del SAT (601, 612, 626…)'),
  INVOICE_ZIP: z
    .preprocess(
      blank,
      z
        .string()
        .regex(/^\d{5}$/)
        .optional(),
    )
    .describe('el código postal del lugar de expedición (5 dígitos)'),
  INVOICE_SERIES: z
    .preprocess(
      blank,
      z
        .string()
        .regex(/^[A-Za-z0-9]{1,25}$/)
        .default('CITA'),
    )
    .describe('una serie de 1 a 25 letras o dígitos'),
  INVOICE_PRODUCT_KEY: z
    .preprocess(
      blank,
      z
        .string()
        .regex(/^\d{8}$/)
        .default('90131500'),
    )
    .describe('una clave de producto o servicio del SAT (8 dígitos)'),
  INVOICE_UNIT_KEY: z
    .preprocess(
      blank,
      z
        .string()
        .regex(/^[A-Z0-9]{2,3}$/)
        .default('E48'),
    )
    .describe('una clave de unidad del SAT (E48, H87…)'),
  INVOICE_IVA_RATE: z
    .preprocess(blank, z.enum(['16', '8']).default('16'))
    .describe('16 u 8 (región fronteriza)'),
  INVOICE_PERIOD: z
    .preprocess(blank, z.enum(INVOICE_PERIODS).default('month'))
    .describe('day, week, fortnight o month'),
  MESSAGES_PER_MINUTE: integer(1, 1_000_000, 30).describe('un número entero mayor o igual a 1'),
  CONVERSATIONS_PER_DAY: integer(1, 1_000_000, 20).describe('un número entero mayor o igual a 1'),
  MESSAGE_SPAM_RECIPIENTS: integer(1, 1_000_000, 5).describe('un número entero mayor o igual a 1'),
  MESSAGE_EMAIL_DELAY_MINUTES: decimal(0, 10).describe('minutos (un número mayor o igual a 0)'),
  LIVE_HEARTBEAT_SECONDS: decimal(0, 15, true).describe('segundos (un número mayor que 0)'),
  LIVE_CONNECTIONS_PER_MEMBER: integer(1, 1_000, 8).describe('un número entero entre 1 y 1000'),
  LIVE_CONNECTIONS_PER_ADDRESS: integer(1, 1_000_000, 64).describe('un número entero mayor o igual a 1'),
  VAPID_PUBLIC_KEY: z
    .preprocess(blank, z.string().length(87).regex(BASE64URL).optional())
    .describe('la llave pública VAPID (87 caracteres base64url, de npx web-push generate-vapid-keys)'),
  VAPID_PRIVATE_KEY: z
    .preprocess(blank, z.string().length(43).regex(BASE64URL).optional())
    .describe('la llave privada VAPID (43 caracteres base64url, de npx web-push generate-vapid-keys)'),
  VAPID_SUBJECT: urlWithProtocol(['mailto:', 'https:']).describe(
    'una dirección mailto:alguien@dominio o https://',
  ),
  PUSH_ENDPOINT_HOSTS: z
    .preprocess(
      blank,
      z
        .string()
        .refine((value) =>
          value
            .split(',')
            .map((host) => host.trim())
            .filter(Boolean)
            .every((host) => HOSTNAME.test(host)),
        )
        .optional(),
    )
    .describe('nombres de host separados por comas (se admite *.dominio)'),
  QUEUE_POLL_MS: integer(1, 3_600_000, 1000).describe('milisegundos (un entero mayor o igual a 1)'),
  QUEUE_CONCURRENCY: integer(0, 1000, 4).describe('un número entero entre 0 y 1000'),
  QUEUE_RETRY_MS: integer(1, 86_400_000, 30_000).describe('milisegundos (un entero mayor o igual a 1)'),
  QUEUE_LEASE_MS: integer(1000, 86_400_000, 300_000).describe(
    'milisegundos (un entero mayor o igual a 1000)',
  ),
  WEB_DIST_DIR: z.preprocess(blank, z.string().default('./dist/web')).describe('una carpeta'),
  METRICS_TOKEN: z
    .preprocess(blank, z.string().min(16).regex(/^\S+$/).optional())
    .describe('un token de al menos 16 caracteres sin espacios'),
  BACKUP_DIR: text().describe('una carpeta (mejor en otro disco)'),
  BACKUP_AGE_RECIPIENT: z
    .preprocess(
      blank,
      z
        .string()
        .regex(/^age1[02-9ac-hj-np-z]{58}$/)
        .optional(),
    )
    .describe('una clave pública de age (age1… de 62 caracteres)'),
  BACKUP_HOUR: integer(0, 23, 3).describe('una hora entre 0 y 23'),
  BACKUP_CONTINUOUS: z.preprocess(blank, z.enum(['0', '1']).default('1')).describe('0 o 1'),
  BACKUP_S3_ENDPOINT: urlWithProtocol(['https:', 'http:']).describe(
    'la dirección del servicio compatible con S3 (https://…); sin ella, AWS S3',
  ),
  BACKUP_S3_BUCKET: z
    .preprocess(
      blank,
      z
        .string()
        .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/)
        .optional(),
    )
    .describe('un nombre de bucket (3 a 63 minúsculas, dígitos, puntos o guiones)'),
  BACKUP_S3_REGION: z
    .preprocess(blank, z.string().default('us-east-1'))
    .describe('una región (us-east-1, auto…)'),
  BACKUP_S3_ACCESS_KEY_ID: text().describe('el identificador de la clave de acceso'),
  BACKUP_S3_SECRET_ACCESS_KEY: text().describe('la clave secreta de acceso'),
  ACME_CA: urlWithProtocol(['https:']).describe('la dirección https:// del directorio ACME'),
  ACME_CA_ROOT: text().describe('la ruta de un certificado raíz (PEM)'),
});

/** A variable's value as the schema reads it: unset when empty. */
function given(env: NodeJS.ProcessEnv, key: string): string | undefined {
  return blank(env[key]) as string | undefined;
}

/**
 * Rules across variables, read from the raw environment so they are reported together with the
 * variables that are bad on their own: pairs that go together, https in production.
 */
function crossVariableLines(env: NodeJS.ProcessEnv): Map<string, string> {
  const lines = new Map<string, string>();
  const pair = (a: string, b: string, what: string) => {
    if ((given(env, a) === undefined) === (given(env, b) === undefined)) return;
    const [missing, present] = given(env, a) === undefined ? [a, b] : [b, a];
    lines.set(missing, `${missing}: falta; ${present} está definida y ${what}`);
  };
  pair('VAPID_PUBLIC_KEY', 'VAPID_PRIVATE_KEY', 'las dos llaves VAPID van juntas');
  pair(
    'STRIPE_SECRET_KEY',
    'STRIPE_WEBHOOK_SECRET',
    'la clave de Stripe y el secreto de webhooks van juntos',
  );
  if (given(env, 'FACTURAPI_KEY') !== undefined && given(env, 'INVOICES') !== 'off') {
    for (const name of ['INVOICE_RFC', 'INVOICE_NAME', 'INVOICE_REGIME', 'INVOICE_ZIP']) {
      if (given(env, name) === undefined)
        lines.set(
          name,
          `${name}: falta; FACTURAPI_KEY está definida y las facturas llevan los datos fiscales del organizador`,
        );
    }
  }
  pair('BACKUP_DIR', 'BACKUP_AGE_RECIPIENT', 'los respaldos necesitan la carpeta y la clave pública juntas');
  pair('BACKUP_S3_BUCKET', 'BACKUP_S3_ACCESS_KEY_ID', 'el bucket y su clave de acceso van juntos');
  pair('BACKUP_S3_BUCKET', 'BACKUP_S3_SECRET_ACCESS_KEY', 'el bucket y su clave secreta van juntos');
  if (given(env, 'BACKUP_S3_BUCKET') !== undefined && given(env, 'BACKUP_DIR') === undefined)
    lines.set(
      'BACKUP_DIR',
      'BACKUP_DIR: falta; BACKUP_S3_BUCKET está definida y S3 recibe los respaldos que se hacen en la carpeta',
    );
  const publicUrl = given(env, 'PUBLIC_URL');
  if (given(env, 'NODE_ENV') === 'production' && publicUrl && URL.canParse(publicUrl)) {
    const url = new URL(publicUrl);
    if (url.protocol !== 'https:' && !LOCAL_HOSTS.has(url.hostname)) {
      lines.set(
        'PUBLIC_URL',
        'PUBLIC_URL: en producción debe empezar con https:// (sólo localhost puede usar http://)',
      );
    }
  }
  return lines;
}

export type CheckedEnv = z.output<typeof ENV_SCHEMA>;

/** The variables whose value is a secret: `cita doctor` masks them, nothing prints them whole. */
export const SECRET_VARIABLES = new Set<keyof CheckedEnv>([
  'DATABASE_URL',
  'SMTP_URL',
  'ADMIN_PASSWORD',
  'EMAIL_HASH_KEY',
  'STRIPE_SECRET_KEY',
  'STRIPE_WEBHOOK_SECRET',
  'FACTURAPI_KEY',
  'VAPID_PRIVATE_KEY',
  'METRICS_TOKEN',
  'BACKUP_S3_SECRET_ACCESS_KEY',
  // It makes the idempotency keys sent to the payment provider: one who knows it can forge them.
  'SITE_ID',
]);

/** The start stops on these: one Spanish line per bad variable, naming it and what it expects. */
export class ConfigError extends Error {
  constructor(readonly lines: string[]) {
    super(lines.join('\n'));
    this.name = 'ConfigError';
  }
}

/** Checks the environment against the schema; throws a ConfigError listing every bad variable. */
export function checkEnv(env: NodeJS.ProcessEnv): CheckedEnv {
  const result = ENV_SCHEMA.safeParse(env);
  const lines = crossVariableLines(env);
  for (const issue of result.error?.issues ?? []) {
    const key = String(issue.path[0]) as keyof CheckedEnv;
    if (!lines.has(key)) lines.set(key, `${key}: se espera ${ENV_SCHEMA.shape[key].description}`);
  }
  if (result.success && lines.size === 0) return result.data;
  // In the order of the README's table, whichever rule found them.
  const order = Object.keys(ENV_SCHEMA.shape);
  throw new ConfigError(
    [...lines].sort(([a], [b]) => order.indexOf(a) - order.indexOf(b)).map(([, line]) => line),
  );
}

/** What the operator reads when the start stops: a heading and one line per bad variable. */
export function configErrorText(error: ConfigError): string {
  return ['La configuración no es válida; corrige estas variables de entorno:', ...error.lines].join('\n');
}
