import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { run as backupVerb } from '../../../src/ops/backup';
import {
  BACKUP_CHECK_JOB,
  NIGHTLY_BACKUP_JOB,
  nextNightlyRun,
} from '../../../src/server/platform/backups/nightly';
import { MAIL_JOB } from '../../../src/server/platform/mail/mail-jobs';
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

describe('the nightly backup and its alerts (docs/design/24-backups.md)', () => {
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

  it('e-mails the admins once per failed snapshot, whoever sees it first (the nightly job, then the hourly checks)', async () => {
    await runNow(NIGHTLY_BACKUP_JOB, 'prueba-noche-1');
    const failed = await testApp.app.db.selectFrom('backups').selectAll().execute();
    expect(failed).toEqual([expect.objectContaining({ kind: 'nightly', verified: 0 })]);
    const first = await alertsToAdmin();
    expect(first).toHaveLength(1);
    expect(first[0]!.text).toMatch(
      /El respaldo falló: no se puede crear la carpeta de BACKUP_DIR .*un-archivo\/respaldos \(ENOTDIR\)/,
    );

    // The checks see the same failed attempt: already told.
    await runNow(BACKUP_CHECK_JOB, 'prueba-revision-1');
    await runNow(BACKUP_CHECK_JOB, 'prueba-revision-2');
    expect(await alertsToAdmin()).toHaveLength(1);

    // The next night's failure is a new one: one more e-mail.
    await runNow(NIGHTLY_BACKUP_JOB, 'prueba-noche-2');
    expect(await alertsToAdmin()).toHaveLength(2);
  });

  it('cita backup run by the timer that fails queues exactly one alert mail, which the hourly check does not repeat', async () => {
    const before = (await alertsToAdmin()).length;
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      expect(
        await backupVerb([], {
          DATA_DIR: testApp.config.dataDir,
          ...(testApp.config.databaseUrl ? { DATABASE_URL: testApp.config.databaseUrl } : {}),
          ...operator.env,
          BACKUP_DIR: path.join(blocker, 'respaldos'),
        }),
      ).toBe(1);
    } finally {
      vi.restoreAllMocks();
    }
    const [attempt] = await testApp.app.db
      .selectFrom('backups')
      .selectAll()
      .orderBy('id', 'desc')
      .limit(1)
      .execute();
    expect(attempt).toEqual(expect.objectContaining({ kind: 'manual', verified: 0 }));
    // Queued by the command, as the app's own mails are: the server's queue delivers it.
    const queued = await testApp.app.db
      .selectFrom('jobs')
      .select('key')
      .where('kind', '=', MAIL_JOB)
      .where('key', 'like', `%fallido:${attempt!.id}:%`)
      .execute();
    expect(queued).toHaveLength(1);
    testApp.app.queue.wake();
    const alerts = await alertsToAdmin();
    expect(alerts).toHaveLength(before + 1);
    expect(alerts.at(-1)!.text).toMatch(/^El respaldo falló: no se puede crear la carpeta de BACKUP_DIR/);
    await runNow(BACKUP_CHECK_JOB, 'prueba-revision-3');
    expect(await alertsToAdmin()).toHaveLength(before + 1);
  });
});
