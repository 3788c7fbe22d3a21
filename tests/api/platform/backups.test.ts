import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { listBackups } from '../../../src/server/platform/backups/backup-records';
import { makeVerifiedSnapshot } from '../../../src/server/platform/backups/make-snapshot';
import { listSnapshots } from '../../../src/server/platform/backups/snapshot-files';
import { serverSecret } from '../../../src/server/platform/secrets';
import { operatorKeys } from '../../support/backups';
import { setUpTestApp, TEST_ADMIN } from '../../support/test-app';

const operator = await operatorKeys();
const testApp = setUpTestApp({ env: operator.env });

describe('a snapshot is proved by restoring it (design.md §24)', () => {
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

    const tables = await testApp.app.db.introspection.getTables({ withInternalKyselyTables: true });
    expect(Object.keys(outcome.tables!).sort()).toEqual(tables.map((table) => table.name).sort());
    expect(outcome.tables!.clients!.rows).toBeGreaterThan(0);
    expect(outcome.tables!.server_secrets!.rows).toBeGreaterThan(0);

    expect(listSnapshots(operator.backupDir).map((listed) => listed.manifest.database.file)).toEqual([
      path.basename(file),
    ]);
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
});
