import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { configFromEnv } from '../../src/server/platform/config';
import { ConfigError, checkEnv, ENV_SCHEMA } from '../../src/server/platform/env-schema';

const VAPID_PUBLIC = `B${'a'.repeat(86)}`;
const VAPID_PRIVATE = 'p'.repeat(43);

function linesOf(env: NodeJS.ProcessEnv): string[] {
  try {
    checkEnv(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.lines;
    throw error;
  }
  return [];
}

describe('la configuración se revisa antes de arrancar', () => {
  it('acepta un entorno vacío con los valores por omisión', () => {
    expect(linesOf({})).toEqual([]);
    const config = configFromEnv({});
    expect(config.port).toBe(3000);
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.trustProxy).toBe('loopback');
  });

  it('da una línea en español por variable mala, nombrándola y diciendo qué se espera', () => {
    expect(
      linesOf({
        PORT: 'tres mil',
        QUEUE_CONCURRENCY: '-1',
        DATABASE_URL: 'mysql://localhost/cita',
        SMTP_URL: 'correo.example.mx',
        LOG_LEVEL: 'verbose',
        PAYMENT_HOLD_MINUTES: '0',
        ADMIN_EMAIL: 'no-es-correo',
      }),
    ).toEqual([
      'PORT: se espera un número de puerto entre 0 y 65535',
      'DATABASE_URL: se espera una dirección postgres://usuario@host:5432/base, o por el socket local postgres:///base?host=/var/run/postgresql&user=usuario (sin definir: SQLite)',
      'SMTP_URL: se espera una dirección smtp://usuario:clave@host:587 o smtps://…:465',
      'ADMIN_EMAIL: se espera un correo electrónico',
      'LOG_LEVEL: se espera fatal, error, warn, info, debug, trace o silent',
      'PAYMENT_HOLD_MINUTES: se espera minutos (un número mayor que 0)',
      'QUEUE_CONCURRENCY: se espera un número entero entre 0 y 1000',
    ]);
  });

  it('pide las dos mitades de un par: VAPID y Stripe', () => {
    expect(linesOf({ VAPID_PUBLIC_KEY: VAPID_PUBLIC, STRIPE_WEBHOOK_SECRET: 'whsec_abc' })).toEqual([
      'STRIPE_SECRET_KEY: falta; STRIPE_WEBHOOK_SECRET está definida y la clave de Stripe y el secreto de webhooks van juntos',
      'VAPID_PRIVATE_KEY: falta; VAPID_PUBLIC_KEY está definida y las dos llaves VAPID van juntas',
    ]);
    expect(
      linesOf({
        VAPID_PUBLIC_KEY: VAPID_PUBLIC,
        VAPID_PRIVATE_KEY: VAPID_PRIVATE,
        STRIPE_SECRET_KEY: 'sk_live_abc123',
        STRIPE_WEBHOOK_SECRET: 'whsec_abc',
      }),
    ).toEqual([]);
  });

  it('acepta PAYMENTS=on, que cita setup escribe con una clave de Stripe, y rechaza otro valor', () => {
    expect(linesOf({ PAYMENTS: 'on' })).toEqual([]);
    expect(linesOf({ PAYMENTS: 'off' })).toEqual([]);
    expect(linesOf({ PAYMENTS: 'si' })).toEqual(['PAYMENTS: se espera on, off o sin definir']);
  });

  it('pide la carpeta y la clave pública de los respaldos juntas, y una clave age válida', () => {
    expect(linesOf({ BACKUP_DIR: '/mnt/respaldos' })).toEqual([
      'BACKUP_AGE_RECIPIENT: falta; BACKUP_DIR está definida y los respaldos necesitan la carpeta y la clave pública juntas',
    ]);
    expect(linesOf({ BACKUP_DIR: '/mnt/respaldos', BACKUP_AGE_RECIPIENT: 'age1rota' })).toEqual([
      'BACKUP_AGE_RECIPIENT: se espera una clave pública de age (age1… de 62 caracteres)',
    ]);
    expect(
      linesOf({
        BACKUP_DIR: '/mnt/respaldos',
        BACKUP_AGE_RECIPIENT: 'age1ql3z7hjy54pw3hyww5ayyfg7zqgvc7w3j2elw8zmrj2kg5sfn9aqmcac8p',
      }),
    ).toEqual([]);
  });

  it('en producción exige https en PUBLIC_URL, salvo localhost', () => {
    expect(linesOf({ NODE_ENV: 'production', PUBLIC_URL: 'http://cita.example.mx' })).toEqual([
      'PUBLIC_URL: en producción debe empezar con https:// (sólo localhost puede usar http://)',
    ]);
    expect(linesOf({ NODE_ENV: 'production', PUBLIC_URL: 'https://cita.example.mx' })).toEqual([]);
    expect(linesOf({ NODE_ENV: 'production', PUBLIC_URL: 'http://localhost:3000' })).toEqual([]);
    expect(linesOf({ NODE_ENV: 'development', PUBLIC_URL: 'http://cita.example.mx' })).toEqual([]);
    expect(linesOf({ PUBLIC_URL: 'https://cita.example.mx/ruta' })).toEqual([
      'PUBLIC_URL: se espera una dirección http(s):// sin ruta, p. ej. https://cita.example.mx',
    ]);
  });

  it('no repite el valor de un secreto en su mensaje', () => {
    const lines = linesOf({ STRIPE_SECRET_KEY: 'pk_live_secreto', STRIPE_WEBHOOK_SECRET: 'whsec_x' });
    expect(lines).toEqual([
      'STRIPE_SECRET_KEY: se espera una clave secreta de Stripe (sk_test_… o sk_live_…)',
    ]);
    expect(lines.join('\n')).not.toContain('pk_live');
  });

  it('lee TRUST_PROXY como Fastify: true o una lista de direcciones y rangos', () => {
    expect(configFromEnv({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(configFromEnv({ TRUST_PROXY: '10.0.0.0/8, loopback' }).trustProxy).toBe('10.0.0.0/8,loopback');
    expect(linesOf({ TRUST_PROXY: '10.0.0.0/40' })).toHaveLength(1);
  });

  it('configFromEnv lanza el mismo error, con todas las líneas', () => {
    expect(() => configFromEnv({ PORT: '70000' })).toThrow(ConfigError);
  });
});

describe('la tabla del README es la única lista de variables', () => {
  it('cada variable del esquema está en la tabla y cada una de la tabla en el esquema', () => {
    const readme = fs.readFileSync('README.md', 'utf8');
    const section = readme.slice(readme.indexOf('## Variables de entorno'));
    const table = section.slice(0, section.indexOf('\n#'));
    const documented = new Set<string>();
    for (const row of table.split('\n').filter((line) => line.startsWith('| `'))) {
      const firstCell = row.split('|')[1] ?? '';
      for (const match of firstCell.matchAll(/`([A-Z0-9_]+)`/g)) documented.add(match[1]!);
    }
    expect([...documented].sort()).toEqual(Object.keys(ENV_SCHEMA.shape).sort());
  });
});

describe('cita doctor oculta los secretos', () => {
  it('muestra a lo más los últimos 4 caracteres, y nunca la contraseña de una dirección', async () => {
    const { maskSecret } = await import('../../src/ops/doctor');
    expect(maskSecret('sk_live_abcdefghijklmnop')).toBe('••••mnop');
    expect(maskSecret('corto')).toBe('••••');
    expect(maskSecret('postgres://cita:clave-secreta@db.example.mx:5432/cita')).toBe(
      'postgres://cita:••••@db.example.mx:5432/cita',
    );
    expect(maskSecret('smtps://apikey:SG.xyz@smtp.example.mx:465')).not.toContain('SG.xyz');
  });
});
