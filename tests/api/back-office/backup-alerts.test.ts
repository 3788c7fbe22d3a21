import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  BACKUP_CHECK_JOB,
  NIGHTLY_BACKUP_JOB,
  nextNightlyRun,
} from '../../../src/server/platform/backups/nightly';
import { enqueue } from '../../../src/server/platform/queue/queue';
import { operatorKeys } from '../../support/backups';
import { mailsTo } from '../../support/outbox';
import { waitForQueueIdle } from '../../support/queue';
import { setUpTestApp, TEST_ADMIN } from '../../support/test-app';

const operator = await operatorKeys();
// BACKUP_DIR below a plain file: no folder can be made there, so every snapshot of this app fails.
const blocker = path.join(path.dirname(operator.backupDir), 'un-archivo');
fs.writeFileSync(blocker, 'no es una carpeta');
const testApp = setUpTestApp({
  seedDemo: false,
  env: { ...operator.env, BACKUP_DIR: path.join(blocker, 'respaldos') },
});

// Ready as a listening server is: the schedule is made and the queue runs.
beforeAll(async () => {
  await testApp.app.ready();
});

/** Runs one job of `kind` now, through the queue, as the schedule would. */
async function runNow(kind: string, key: string): Promise<void> {
  await enqueue(testApp.app.db, { kind, key, maxAttempts: 1 });
  testApp.app.queue.wake();
  await waitForQueueIdle(testApp.app.db);
}

async function alertsToAdmin() {
  await waitForQueueIdle(testApp.app.db);
  return (await mailsTo(testApp.config.dataDir, TEST_ADMIN.email)).filter((mail) =>
    mail.subject?.startsWith('Cita: los respaldos necesitan atención'),
  );
}

describe('the nightly backup and its alerts (design.md §24)', () => {
  it('schedules the next nightly snapshot at its hour in Mexico City, and the hourly check', async () => {
    const jobs = await testApp.app.db
      .selectFrom('jobs')
      .select(['kind', 'run_at'])
      .where('state', '=', 'pending')
      .execute();
    expect(jobs).toEqual(
      expect.arrayContaining([
        { kind: NIGHTLY_BACKUP_JOB, run_at: nextNightlyRun(3).toISOString() },
        { kind: BACKUP_CHECK_JOB, run_at: expect.any(String) },
      ]),
    );
    expect(nextNightlyRun(3, new Date('2026-12-13T08:59:00Z')).toISOString()).toBe(
      '2026-12-13T09:00:00.000Z',
    );
    expect(nextNightlyRun(3, new Date('2026-12-13T09:00:00Z')).toISOString()).toBe(
      '2026-12-14T09:00:00.000Z',
    );
  });

  it('e-mails the admins once when a nightly snapshot fails, and once while none is recent, not per check', async () => {
    await runNow(NIGHTLY_BACKUP_JOB, 'prueba-noche-1');
    const failed = await testApp.app.db.selectFrom('backups').selectAll().execute();
    expect(failed).toEqual([expect.objectContaining({ kind: 'nightly', verified: 0 })]);
    const first = await alertsToAdmin();
    expect(first).toHaveLength(1);
    expect(first[0]!.text).toMatch(
      /El respaldo falló: no se puede crear la carpeta de BACKUP_DIR .*un-archivo\/respaldos \(ENOTDIR\)/,
    );

    await runNow(BACKUP_CHECK_JOB, 'prueba-revision-1');
    await runNow(BACKUP_CHECK_JOB, 'prueba-revision-2');
    const afterChecks = await alertsToAdmin();
    expect(afterChecks).toHaveLength(2);
    expect(afterChecks[1]!.text).toMatch(/^El último respaldo falló/);

    // The next night's failure is a new one: one more e-mail.
    await runNow(NIGHTLY_BACKUP_JOB, 'prueba-noche-2');
    expect(await alertsToAdmin()).toHaveLength(3);
  });
});
