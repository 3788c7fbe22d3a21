import fs from 'node:fs';
import path from 'node:path';
import { PutObjectCommand } from '@aws-sdk/client-s3';
import pg from 'pg';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { run as backupVerb } from '../../../src/ops/backup';
import { run as restoreVerb } from '../../../src/ops/restore';
import { applyRetentionEverywhere } from '../../../src/server/platform/backups/make-snapshot';
import { s3ClientOf } from '../../../src/server/platform/backups/s3-copies';
import { createDatabase } from '../../../src/server/platform/db/database';
import { everyRow, operatorKeys } from '../../support/backups';
import { startLocalS3 } from '../../support/s3-server';
import { setUpTestApp } from '../../support/test-app';

const operator = await operatorKeys();
const s3 = await startLocalS3();
const testApp = setUpTestApp({ env: { ...operator.env, ...s3.env } });

afterEach(() => {
  vi.restoreAllMocks();
});

afterAll(async () => {
  await s3.close();
});

function serverEnv(): NodeJS.ProcessEnv {
  const { config } = testApp;
  return {
    ...operator.env,
    ...s3.env,
    DATA_DIR: config.dataDir,
    ...(config.databaseUrl && { DATABASE_URL: config.databaseUrl }),
  };
}

/** What a verb printed on its standard output while it ran, and its exit code. */
async function outputOf(verb: () => Promise<number>): Promise<{ code: number; printed: string }> {
  const lines: string[] = [];
  vi.spyOn(console, 'log').mockImplementation((line: string) => lines.push(line));
  vi.spyOn(console, 'error').mockImplementation((line: string) => lines.push(line));
  const code = await verb();
  vi.restoreAllMocks();
  return { code, printed: lines.join('\n') };
}

/** A name snapshot files of `at` carry, as snapshotBaseName writes it. */
function baseNameAt(at: Date): string {
  return `cita-${at.toISOString().replaceAll(':', '-').replace('.', '-')}`;
}

describe('S3-compatible destination', () => {
  it('puts every verified snapshot in the bucket, and `restore latest` reads it back from there when the disk is gone', async () => {
    const backup = await outputOf(() => backupVerb([], serverEnv()));
    expect(backup.printed).toMatch(/^Respaldo verificado/);
    expect(backup.code).toBe(0);
    const local = fs.readdirSync(operator.backupDir).filter((name) => name.startsWith('cita-'));
    expect(s3.keys()).toEqual(local.sort());
    expect(s3.keys().some((key) => key.endsWith('.manifest.json'))).toBe(true);

    // The disk that held BACKUP_DIR dies: only the bucket has the snapshot now.
    fs.rmSync(operator.backupDir, { recursive: true, force: true });
    const into = fs.mkdtempSync(path.join(path.dirname(operator.backupDir), 'desde-s3-'));
    const { config } = testApp;
    const target = config.databaseUrl
      ? `${config.databaseUrl}_s3`.replace(/\?.*$/, '')
      : path.join(into, 'datos');
    const restore = await outputOf(() =>
      restoreVerb(['latest', '--identity', operator.identityFile, '--into', target], {
        ...serverEnv(),
        DATA_DIR: path.join(into, 'otra'),
      }),
    );
    expect(restore.printed).toContain('El respaldo más reciente está en s3://cita-respaldos; se descargó.');
    expect(restore.code).toBe(0);
    const restored = createDatabase(
      config.databaseUrl
        ? { databaseUrl: target, dataDir: into }
        : { databaseUrl: undefined, dataDir: target },
    );
    try {
      const [before, after] = [await everyRow(testApp.app.db), await everyRow(restored)];
      expect(after.clients).toEqual(before.clients);
      expect(after.events).toEqual(before.events);
    } finally {
      await restored.destroy();
      if (config.databaseUrl) {
        const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
        await admin.connect();
        await admin.query(`drop database if exists ${new URL(target).pathname.slice(1)} with (force)`);
        await admin.end();
      }
    }
  });

  it('applies the retention to the bucket: a second cita backup the same day keeps the first; days later the day keeps its newest, and leftovers go', async () => {
    const manifests = () =>
      s3
        .keys()
        .filter((key) => key.endsWith('.manifest.json'))
        .sort();
    const baseOf = (key: string) => key.replace('.manifest.json', '');
    const first = await outputOf(() => backupVerb([], serverEnv()));
    const older = manifests().at(-1)!;
    const second = await outputOf(() => backupVerb([], serverEnv()));
    expect([first.code, second.code]).toEqual([0, 0]);
    // Every snapshot of the last 24 hours stays, in the bucket too.
    const newest = manifests().at(-1)!;
    expect(newest).not.toBe(older);
    expect(s3.keys().some((key) => key.startsWith(baseOf(older)))).toBe(true);
    // What an upload killed before its manifest left behind.
    const orphan = `${baseNameAt(new Date())}.sqlite.age`;
    const client = s3ClientOf(testApp.config.backups.s3!);
    await client.send(new PutObjectCommand({ Bucket: s3.bucket, Key: orphan, Body: 'a medias' }));
    client.destroy();
    // Two days on: nothing an interrupted upload left is kept.
    const later = new Date(Date.now() + 2 * 24 * 60 * 60_000);
    const deleted = await applyRetentionEverywhere(testApp.config, later);
    expect(s3.keys().filter((key) => key.startsWith(baseOf(newest))).length).toBeGreaterThanOrEqual(2);
    expect(s3.keys().some((key) => key.startsWith(baseOf(older)))).toBe(false);
    expect(deleted).toContain(orphan);
    expect(s3.keys()).not.toContain(orphan);
  });
});
