import fs from 'node:fs';
import path from 'node:path';
import { generateX25519Identity } from 'age-encryption';
import pg from 'pg';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { run as backupVerb } from '../../../src/ops/backup';
import { run as restoreVerb } from '../../../src/ops/restore';
import { snapshotHealth } from '../../../src/server/platform/backups/backup-health';
import { listBackups } from '../../../src/server/platform/backups/backup-records';
import { makeVerifiedSnapshot } from '../../../src/server/platform/backups/make-snapshot';
import {
  listSnapshots,
  snapshotBaseName,
  writeManifest,
} from '../../../src/server/platform/backups/snapshot-files';
import { configFromEnv } from '../../../src/server/platform/config';
import { walkSchema } from '../../../src/server/platform/db/schema-walker';
import { serverSecret } from '../../../src/server/platform/secrets';
import { flipOneByte, operatorKeys } from '../../support/backups';
import { setUpTestApp, TEST_ADMIN } from '../../support/test-app';

const operator = await operatorKeys();
const testApp = setUpTestApp({ env: operator.env });

afterEach(() => {
  vi.restoreAllMocks();
});

/** The environment the verbs read on this test's server. */
function serverEnv(): NodeJS.ProcessEnv {
  const { config } = testApp;
  return {
    ...operator.env,
    DATA_DIR: config.dataDir,
    ...(config.databaseUrl && { DATABASE_URL: config.databaseUrl }),
  };
}

/** Drops a database a test restored into. */
async function dropDatabase(databaseUrl: string): Promise<void> {
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${new URL(databaseUrl).pathname.slice(1)} with (force)`);
  } finally {
    await admin.end();
  }
}

/** What a verb printed on its error output while it ran, and its exit code. */
async function errorsOf(verb: Promise<number>): Promise<{ code: number; printed: string }> {
  const lines: string[] = [];
  vi.spyOn(console, 'error').mockImplementation((line: string) => lines.push(line));
  const code = await verb;
  return { code, printed: lines.join('\n') };
}

/** A verified snapshot's file and manifest copied to a folder of their own. */
async function copiedSnapshot(): Promise<{ file: string; manifest: string }> {
  const outcome = await makeVerifiedSnapshot(testApp.app.db, testApp.config, 'manual');
  const folder = fs.mkdtempSync(path.join(path.dirname(operator.backupDir), 'copia-'));
  const file = path.join(folder, path.basename(outcome.file!));
  const manifest = path.join(folder, path.basename(outcome.manifest!));
  fs.copyFileSync(outcome.file!, file);
  fs.copyFileSync(outcome.manifest!, manifest);
  return { file, manifest };
}

describe('a snapshot is proved by restoring it (docs/design/24-backups.md)', () => {
  it('writes an encrypted snapshot, restores it into a scratch database, compares every table and records it', async () => {
    // A secret the restore needs (the site id, the VAPID pair) lives in the database: it goes along.
    await serverSecret(testApp.app.db, 'site-id', undefined);
    const outcome = await makeVerifiedSnapshot(testApp.app.db, testApp.config, 'manual');
    expect(outcome.reason).toBeNull();
    expect(outcome.verified).toBe(true);
    const file = outcome.file!;
    expect(path.dirname(file)).toBe(operator.backupDir);
    const bytes = fs.readFileSync(file);
    expect(bytes.length).toBe(outcome.sizeBytes);
    // age, not the database: no member's address can be read from the file.
    expect(bytes.subarray(0, 21).toString()).toBe('age-encryption.org/v1');
    expect(bytes.includes(Buffer.from(TEST_ADMIN.email))).toBe(false);

    const tables = await walkSchema(testApp.app.db);
    expect(Object.keys(outcome.tables!).sort()).toEqual(tables.map((table) => table.name));
    expect(outcome.tables!.clients!.rows).toBeGreaterThan(0);
    expect(outcome.tables!.server_secrets!.rows).toBeGreaterThan(0);

    expect(listSnapshots(operator.backupDir).map((listed) => listed.manifest.database.file)).toContain(
      path.basename(file),
    );
    const [record] = await listBackups(testApp.app.db, 1);
    expect(record).toMatchObject({
      id: outcome.id,
      kind: 'manual',
      verified: true,
      reason: null,
      file: path.basename(file),
      destination: operator.backupDir,
      sizeBytes: outcome.sizeBytes,
    });
    expect(record!.tableCounts!.clients).toBe(outcome.tables!.clients!.rows);
  });

  it('records a failed snapshot with its reason and leaves no file that could be restored', async () => {
    const config = {
      ...testApp.config,
      backups: { ...testApp.config.backups, ageRecipient: 'age1noesunaclave' },
    };
    const before = fs.existsSync(operator.backupDir) ? fs.readdirSync(operator.backupDir) : [];
    const outcome = await makeVerifiedSnapshot(testApp.app.db, config, 'nightly');
    expect(outcome).toMatchObject({ verified: false, file: null, manifest: null });
    expect(outcome.reason).toMatch(/BACKUP_AGE_RECIPIENT no es una clave pública de age válida/);
    expect(fs.readdirSync(operator.backupDir).sort()).toEqual([...before].sort());
    const [record] = await listBackups(testApp.app.db, 1);
    expect(record).toMatchObject({
      id: outcome.id,
      kind: 'nightly',
      verified: false,
      reason: outcome.reason,
    });
  });

  it('cita backup prints where the verified snapshot went', async () => {
    const lines: string[] = [];
    vi.spyOn(console, 'log').mockImplementation((line: string) => lines.push(line));
    expect(await backupVerb([], serverEnv())).toBe(0);
    expect(lines[0]).toMatch(new RegExp(`^Respaldo verificado: ${operator.backupDir}/cita-.+\\.age \\(`));
    expect(lines.join('\n')).toMatch(/clients\s+\d+/);
  });

  it('cita backup (the nightly timer) applies the retention rule after its verified snapshot', async () => {
    // Two snapshots of one night two years ago: the rule keeps the newest of each period only.
    const twoYearsAgo = Date.now() - 2 * 365 * 24 * 60 * 60_000;
    const [older, newer] = [twoYearsAgo, twoYearsAgo + 60_000].map((at) => {
      const base = snapshotBaseName(new Date(at));
      const files = ['database', 'secrets'].map((part) => `${base}.${part}.age`);
      for (const file of files) fs.writeFileSync(path.join(operator.backupDir, file), 'x');
      writeManifest(operator.backupDir, base, {
        format: 'cita-respaldo-1',
        engine: testApp.config.databaseUrl ? 'postgres' : 'sqlite',
        kind: 'nightly',
        created_at: new Date(at).toISOString(),
        database: { file: files[0]!, size: 1, sha256: 'x' },
        secrets: { file: files[1]!, size: 1, sha256: 'x' },
        tables: {},
      });
      return [...files, `${base}.manifest.json`];
    });
    const lines: string[] = [];
    vi.spyOn(console, 'log').mockImplementation((line: string) => lines.push(line));
    expect(await backupVerb([], serverEnv())).toBe(0);
    const left = fs.readdirSync(operator.backupDir);
    for (const file of older!) expect(left).not.toContain(file);
    for (const file of newer!) expect(left).toContain(file);
    // The snapshot just made is kept.
    expect(listSnapshots(operator.backupDir).map((snapshot) => snapshot.manifest.kind)).toContain('manual');
    expect(lines.join('\n')).toMatch(/Retención .*: \d+ archivos viejos borrados/);
  });
});

describe('the secrets a restore needs', () => {
  it('carries those set in the environment, encrypted beside the snapshot, and writes them back at restore', async () => {
    const { config } = testApp;
    const withSecrets = {
      ...config,
      emailHashKey: 'clave-de-huellas-de-prueba',
      push: { ...config.push, vapidPublicKey: 'BPublicaDePrueba', vapidPrivateKey: 'privada-de-prueba' },
    };
    const outcome = await makeVerifiedSnapshot(testApp.app.db, withSecrets, 'manual');
    expect(outcome.reason).toBeNull();
    const secretsFile = outcome.file!.replace(/\.[a-z]+\.age$/, '.secrets.age');
    expect(fs.readFileSync(secretsFile).includes(Buffer.from('privada-de-prueba'))).toBe(false);

    const into = fs.mkdtempSync(path.join(path.dirname(operator.backupDir), 'restaurada-'));
    const lines: string[] = [];
    vi.spyOn(console, 'log').mockImplementation((line: string) => lines.push(line));
    const env = { ...serverEnv(), DATA_DIR: path.join(into, 'datos') };
    const intoTarget = config.databaseUrl
      ? `${config.databaseUrl}_restaurada`.replace(/\?.*$/, '')
      : path.join(into, 'datos');
    expect(
      await restoreVerb(
        [
          outcome.file!,
          '--identity',
          operator.identityFile,
          '--into',
          intoTarget,
          '--secrets-out',
          path.join(into, 'claves.env'),
        ],
        env,
      ),
    ).toBe(0);
    const written = path.join(into, 'claves.env');
    expect(fs.readFileSync(written, 'utf8')).toBe(
      'VAPID_PUBLIC_KEY=BPublicaDePrueba\nVAPID_PRIVATE_KEY=privada-de-prueba\nEMAIL_HASH_KEY=clave-de-huellas-de-prueba\n',
    );
    expect(fs.statSync(written).mode & 0o777).toBe(0o600);
    expect(lines.join('\n')).toContain(`quedaron en ${written}`);
    if (config.databaseUrl) await dropDatabase(intoTarget);
  });
});

describe('cita restore refuses what it cannot trust', () => {
  it('refuses a snapshot with one changed byte, in Spanish, and touches no database', async () => {
    const { file } = await copiedSnapshot();
    flipOneByte(file);
    const { code, printed } = await errorsOf(
      restoreVerb([file, '--identity', operator.identityFile], serverEnv()),
    );
    expect(code).toBe(1);
    expect(printed).toMatch(/no coincide con su manifiesto \(su huella sha256 es otra\).*No se restaura\./);
  });

  it('refuses a snapshot without its manifest (a run cut short)', async () => {
    const { file, manifest } = await copiedSnapshot();
    fs.rmSync(manifest);
    const { code, printed } = await errorsOf(
      restoreVerb([file, '--identity', operator.identityFile], serverEnv()),
    );
    expect(code).toBe(1);
    expect(printed).toMatch(/está incompleto: no tiene manifiesto/);
  });

  it('refuses a key that is not the operator’s, and a database that is not fresh', async () => {
    const { file } = await copiedSnapshot();
    const strangerFile = path.join(path.dirname(file), 'otra-clave.txt');
    fs.writeFileSync(strangerFile, `${await generateX25519Identity()}\n`);
    const into = path.join(path.dirname(file), 'nueva');
    const stranger = await errorsOf(
      restoreVerb([file, '--identity', strangerFile, '--into', into], serverEnv()),
    );
    expect(stranger).toEqual({
      code: 1,
      printed: 'La identidad dada no abre este respaldo (no corresponde a BACKUP_AGE_RECIPIENT)',
    });
    vi.restoreAllMocks();
    // Onto the live database itself: never over data.
    const live = await errorsOf(restoreVerb([file, '--identity', operator.identityFile], serverEnv()));
    expect(live.code).toBe(1);
    expect(live.printed).toMatch(/se restaura solo en una base nueva/);
  });
});

describe('snapshotHealth (a warning in /readyz, doctor, Respaldos, /metrics)', () => {
  it('is fine when backups are off, and otherwise only when the last attempt was verified and is younger than 26 h', async () => {
    const off = configFromEnv({ DATA_DIR: testApp.config.dataDir });
    const { db } = testApp.app;
    const warning = async (config: typeof off, now = new Date()) =>
      (await snapshotHealth({ db, config, now }))?.warning ?? null;
    expect(await warning(off)).toBeNull();
    const [latest] = await db
      .selectFrom('backups')
      .select('started_at')
      .where('verified', '=', 1)
      .orderBy('started_at', 'desc')
      .execute();
    const madeAt = new Date(latest!.started_at).getTime();
    expect(await warning(testApp.config, new Date(madeAt + 25 * 3_600_000))).toBeNull();
    expect(await warning(testApp.config, new Date(madeAt + 27 * 3_600_000))).toBe(
      'El último respaldo verificado es de hace 27 h (el máximo es 26 h)',
    );
    await db.deleteFrom('backups').where('verified', '=', 1).execute();
    // The failed attempt recorded above is now the last one.
    expect(await warning(testApp.config)).toBe('El último respaldo falló (el motivo está en «cita doctor»)');
    await db.deleteFrom('backups').execute();
    expect(await warning(testApp.config)).toBe('Todavía no hay ningún respaldo verificado');
  });
});
