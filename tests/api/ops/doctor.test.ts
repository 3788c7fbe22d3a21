import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runDoctor } from '../../../src/ops/doctor';
import { startTestPac, type TestPac } from '../../../src/test-pac/test-pac';
import { startTestProvider, type TestProvider } from '../../../src/test-payment-provider/test-provider';
import { operatorKeys } from '../../support/backups';
import { freePort } from '../../support/server-process';
import { TestSmtp } from '../../support/smtp';
import { setUpTestApp } from '../../support/test-app';

const EMAIL_HASH_KEY = 'clave-de-huellas-secreta-WXYZ';
const METRICS_TOKEN = 'token-de-metricas-secreto-QRST';
const testApp = setUpTestApp({ seedDemo: false });
let smtp: TestSmtp;
let provider: TestProvider;
let pac: TestPac;

beforeAll(async () => {
  smtp = new TestSmtp(await freePort());
  await smtp.start();
  provider = await startTestProvider({ webhookUrl: 'http://127.0.0.1:9/sin-destino' });
  pac = await startTestPac({
    issuer: { rfc: 'EKU9003173C9', name: 'ESCUELA KEMPER URGATE', regime: '601', zip: '42501' },
  });
});
afterAll(async () => {
  await smtp.stop();
  await provider.close();
  await pac.close();
});

/** The environment of the test app's database, as an operator's env file would give it. */
function envOfTestApp(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const { config } = testApp;
  return {
    DATA_DIR: config.dataDir,
    ...(config.databaseUrl && { DATABASE_URL: config.databaseUrl }),
    SMTP_URL: smtp.url,
    STRIPE_SECRET_KEY: provider.secretKey,
    STRIPE_WEBHOOK_SECRET: provider.webhookSecret,
    STRIPE_API_BASE: provider.url,
    FACTURAPI_KEY: pac.apiKey,
    FACTURAPI_API_BASE: pac.url,
    INVOICE_RFC: 'EKU9003173C9',
    INVOICE_NAME: 'ESCUELA KEMPER URGATE',
    INVOICE_REGIME: '601',
    INVOICE_ZIP: '42501',
    EMAIL_HASH_KEY,
    METRICS_TOKEN,
    ...extra,
  };
}

async function doctor(env: NodeJS.ProcessEnv, sendTest?: string) {
  const lines: string[] = [];
  const code = await runDoctor(env, { sendTest, print: (line) => lines.push(line) });
  return { code, lines, text: lines.join('\n') };
}

describe('cita doctor (docs/design/23-online.md)', () => {
  it('checks everything and says so in one line per check, secrets masked', async () => {
    const { code, lines, text } = await doctor(envOfTestApp());
    const checks = lines.filter((line) => /^[✓✗] /.test(line));
    expect(checks.map((line) => line.split(':')[0])).toEqual([
      '✓ base de datos',
      '✓ migraciones',
      '✓ reloj',
      '✓ correo',
      '✓ pagos',
      '✓ facturas',
      '✓ disco',
      '✓ respaldos',
    ]);
    expect(code).toBe(0);
    expect(text).toContain('✓ respaldos: no configurados');
    expect(text).toContain(`✓ correo: el servidor SMTP 127.0.0.1:${smtp.port} acepta la conexión`);
    expect(text).toContain('acepta la clave (modo de prueba)');
    expect(text).toMatch(
      /✓ facturas: 127\.0\.0\.1:\d+ acepta la clave \(modo de prueba\); emite como EKU9003173C9, régimen 601, CP 42501, IVA 16 %/,
    );
    expect(text).toContain(`  FACTURAPI_KEY = ••••${pac.apiKey.slice(-4)}`);
    // The configuration is printed, its secrets never whole: at most their last 4 characters.
    expect(text).toContain('  HOST = 0.0.0.0 (por omisión)');
    expect(text).toContain('  EMAIL_HASH_KEY = ••••WXYZ');
    expect(text).toContain('  METRICS_TOKEN = ••••QRST');
    expect(text).toContain(`  STRIPE_SECRET_KEY = ••••${provider.secretKey.slice(-4)}`);
    for (const secret of [EMAIL_HASH_KEY, METRICS_TOKEN, provider.secretKey, provider.webhookSecret]) {
      expect(text).not.toContain(secret);
      expect(text).not.toContain(secret.slice(0, -4));
    }
    expect(smtp.received).toHaveLength(0);
  });

  it('sends a test message on request', async () => {
    const { code, text } = await doctor(envOfTestApp(), 'operadora@pruebas.mx');
    expect(code).toBe(0);
    expect(text).toContain('aceptó un correo de prueba para operadora@pruebas.mx');
    expect(smtp.to('operadora@pruebas.mx')).toHaveLength(1);
    expect(smtp.to('operadora@pruebas.mx')[0]!.raw).toContain('Prueba de correo de Cita');
  });

  it('fails with exit code 1 naming what is wrong: SMTP down, a refused key, a missing migration', async () => {
    await smtp.stop();
    const latest = (
      await sql<{
        name: string;
        timestamp: string;
      }>`select * from kysely_migration order by name desc limit 1`.execute(testApp.app.db)
    ).rows[0]!;
    await sql`delete from kysely_migration where name = ${latest.name}`.execute(testApp.app.db);
    try {
      const { code, text } = await doctor(
        envOfTestApp({
          STRIPE_SECRET_KEY: 'sk_test_clave_que_no_existe',
          FACTURAPI_KEY: 'sk_test_otra_clave_falsa',
        }),
      );
      expect(code).toBe(1);
      expect(text).toMatch(/✗ correo: el servidor SMTP 127\.0\.0\.1:\d+ falló/);
      expect(text).toContain(`✗ migraciones: faltan por aplicar: ${latest.name}`);
      expect(text).toMatch(/✗ pagos: 127\.0\.0\.1:\d+ no aceptó la llamada/);
      expect(text).toMatch(/✗ facturas: 127\.0\.0\.1:\d+ no aceptó la llamada/);
      expect(text).not.toContain('sk_test_clave_que_no_existe');
    } finally {
      await sql`insert into kysely_migration (name, timestamp) values (${latest.name}, ${latest.timestamp})`.execute(
        testApp.app.db,
      );
      await smtp.start();
    }
  });

  it('in production, no SMTP server is a failure: nobody would receive mail', async () => {
    const { code, text } = await doctor(
      envOfTestApp({ NODE_ENV: 'production', PUBLIC_URL: 'https://cita.example.mx', SMTP_URL: '' }),
    );
    expect(code).toBe(1);
    expect(text).toContain('✗ correo: sin SMTP_URL: los correos quedan en');
  });

  it('stops at an invalid configuration with its lines', async () => {
    const { code, lines } = await doctor(envOfTestApp({ QUEUE_CONCURRENCY: 'muchos' }));
    expect(code).toBe(1);
    expect(lines.join('\n')).toContain('QUEUE_CONCURRENCY: se espera un número entero entre 0 y 1000');
  });

  it('masks SITE_ID like the other secrets and checks the free disk of BACKUP_DIR too', async () => {
    const siteId = 'sitio-secreto-de-la-prueba-MNOP';
    const backupDir = path.join(testApp.config.dataDir, 'respaldos-del-doctor');
    fs.mkdirSync(backupDir, { recursive: true });
    const { text } = await doctor(
      envOfTestApp({
        SITE_ID: siteId,
        BACKUP_DIR: backupDir,
        BACKUP_AGE_RECIPIENT: (await operatorKeys()).recipient,
      }),
    );
    expect(text).toContain('  SITE_ID = ••••MNOP');
    expect(text).not.toContain(siteId.slice(0, -4));
    expect(text).toMatch(new RegExp(`^✓ disco de respaldos: .* libres de .* en ${backupDir}$`, 'm'));
    expect(text).toContain('✗ respaldos: Todavía no hay ningún respaldo verificado');
  });
});
