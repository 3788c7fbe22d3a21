import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enqueue } from '../../../src/server/platform/queue/queue';
import { waitForJobs, waitForQueueIdle } from '../../support/queue';
import { type StartedTestApp, startTestApp } from '../../support/test-app';

const RETRY_MS = 100;

let testApp: StartedTestApp;
beforeAll(async () => {
  testApp = await startTestApp({
    seedDemo: false,
    env: { QUEUE_RETRY_MS: String(RETRY_MS), QUEUE_POLL_MS: '50' },
  });
  await testApp.app.ready();
});
afterAll(async () => testApp?.close());

function jobsOfKind(kind: string) {
  return testApp.app.db.selectFrom('jobs').selectAll().where('kind', '=', kind).orderBy('id').execute();
}

describe('the job queue', () => {
  it('runs a job enqueued in a committed transaction, never one whose transaction rolled back', async () => {
    const { app } = testApp;
    const runs: unknown[] = [];
    app.queue.handle('test:commit', async (payload) => {
      runs.push(payload);
    });
    await app.db.transaction().execute((trx) => enqueue(trx, { kind: 'test:commit', payload: { n: 1 } }));
    await expect(
      app.db.transaction().execute(async (trx) => {
        await enqueue(trx, { kind: 'test:commit', payload: { n: 2 } });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    app.queue.wake();
    await waitForQueueIdle(app.db);
    expect(runs).toEqual([{ n: 1 }]);
    const [job, ...others] = await jobsOfKind('test:commit');
    expect(others).toEqual([]);
    // Done keeps the row (it holds the dedupe key) but drops the payload.
    expect(job).toMatchObject({ state: 'done', attempts: 1, payload: null, last_error: null });
    expect(job!.finished_at).not.toBeNull();
  });

  it('adds a job with a used key no second time, and runs it once', async () => {
    const { app } = testApp;
    let runs = 0;
    app.queue.handle('test:dedupe', async () => {
      runs++;
    });
    const job = { kind: 'test:dedupe', key: 'test:dedupe:client:12', payload: {} };
    expect(await enqueue(app.db, job)).toBe(true);
    expect(await app.db.transaction().execute((trx) => enqueue(trx, job))).toBe(false);
    app.queue.wake();
    await waitForQueueIdle(app.db);
    expect(await enqueue(app.db, job)).toBe(false);
    app.queue.wake();
    await waitForQueueIdle(app.db);
    expect(runs).toBe(1);
    expect(await jobsOfKind('test:dedupe')).toHaveLength(1);
  });

  it('retries a failing job after a delay that doubles, then records it done', async () => {
    const { app } = testApp;
    const starts: number[] = [];
    app.queue.handle('test:flaky', async () => {
      starts.push(Date.now());
      if (starts.length < 3) throw new Error(`fallo ${starts.length}`);
    });
    await enqueue(app.db, { kind: 'test:flaky' });
    app.queue.wake();
    await waitForJobs(app.db, (jobs) =>
      jobs.some((row) => row.kind === 'test:flaky' && row.state === 'done'),
    );
    const [job] = await jobsOfKind('test:flaky');
    expect(starts).toHaveLength(3);
    expect(starts[1]! - starts[0]!).toBeGreaterThanOrEqual(RETRY_MS);
    expect(starts[2]! - starts[1]!).toBeGreaterThanOrEqual(2 * RETRY_MS);
    expect(job).toMatchObject({ state: 'done', attempts: 3, last_error: null });
  });

  it('gives up after max attempts and keeps the last error in the table', async () => {
    const { app } = testApp;
    let runs = 0;
    app.queue.handle('test:broken', async () => {
      runs++;
      throw new Error(`el servidor SMTP no responde (${runs})`);
    });
    await enqueue(app.db, { kind: 'test:broken', payload: { to: 'ana@example.mx' }, maxAttempts: 3 });
    app.queue.wake();
    await waitForJobs(app.db, (jobs) =>
      jobs.some((row) => row.kind === 'test:broken' && row.state === 'failed'),
    );
    await waitForQueueIdle(app.db);
    const [job] = await jobsOfKind('test:broken');
    expect(runs).toBe(3);
    expect(job).toMatchObject({
      state: 'failed',
      attempts: 3,
      max_attempts: 3,
      last_error: 'el servidor SMTP no responde (3)',
      payload: JSON.stringify({ to: 'ana@example.mx' }),
      locked_until: null,
    });
    expect(job!.finished_at).not.toBeNull();
  });

  it('fails a job of a kind nobody handles, with that reason', async () => {
    const { app } = testApp;
    await enqueue(app.db, { kind: 'test:nobody', maxAttempts: 1 });
    app.queue.wake();
    await waitForJobs(app.db, (jobs) =>
      jobs.some((row) => row.kind === 'test:nobody' && row.state === 'failed'),
    );
    const [job] = await jobsOfKind('test:nobody');
    expect(job!.last_error).toContain("no handler for jobs of kind 'test:nobody'");
  });

  it('does not run a scheduled job before its time, and runs it after', async () => {
    const { app } = testApp;
    let ranAt: number | undefined;
    app.queue.handle('test:scheduled', async () => {
      ranAt = Date.now();
    });
    const runAt = new Date(Date.now() + 2_000);
    await enqueue(app.db, { kind: 'test:scheduled', runAt });
    app.queue.wake();
    await waitForQueueIdle(app.db);
    expect(ranAt).toBeUndefined();
    expect(await jobsOfKind('test:scheduled')).toEqual([
      expect.objectContaining({ state: 'pending', attempts: 0, run_at: runAt.toISOString() }),
    ]);
    await waitForJobs(app.db, (jobs) =>
      jobs.some((row) => row.kind === 'test:scheduled' && row.state === 'done'),
    );
    expect(ranAt).toBeGreaterThanOrEqual(runAt.getTime());
  });

  it("takes over a job whose claimant's lease ran out, never one still under a live lease", async () => {
    const { app } = testApp;
    const runs: string[] = [];
    app.queue.handle<{ name: string }>('test:lease', async ({ name }) => {
      runs.push(name);
    });
    const row = (name: string, lockedUntil: number) => ({
      kind: 'test:lease',
      payload: JSON.stringify({ name }),
      state: 'running' as const,
      attempts: 1,
      max_attempts: 5,
      run_at: new Date(Date.now() - 60_000).toISOString(),
      locked_by: `instance-that-${name}`,
      locked_until: new Date(lockedUntil).toISOString(),
      created_at: new Date(Date.now() - 60_000).toISOString(),
    });
    const inserted = await app.db
      .insertInto('jobs')
      .values([row('died', Date.now() - 1_000), row('is-alive', Date.now() + 60_000)])
      .returning('id')
      .execute();
    app.queue.wake();
    const jobs = await waitForJobs(app.db, (all) =>
      all.some((job) => job.id === inserted[0]!.id && job.state === 'done'),
    );
    expect(runs).toEqual(['died']);
    expect(jobs.find((job) => job.id === inserted[0]!.id)).toMatchObject({ attempts: 2 });
    expect(jobs.find((job) => job.id === inserted[1]!.id)).toMatchObject({
      state: 'running',
      attempts: 1,
      locked_by: 'instance-that-is-alive',
    });
    // The live one belongs to nobody here; leave the table idle for the other tests.
    await app.db.deleteFrom('jobs').where('id', '=', inserted[1]!.id).execute();
  });
});
