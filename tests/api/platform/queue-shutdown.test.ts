import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../../../src/server/app';
import { enqueue } from '../../../src/server/platform/queue/queue';
import { waitForJobs } from '../../support/queue';
import { type StartedTestApp, startTestApp } from '../../support/test-app';

// The test app runs no jobs; a second app on the same database is the instance that shuts down.
let testApp: StartedTestApp;
let instance: FastifyInstance;
beforeAll(async () => {
  testApp = await startTestApp({ seedDemo: false, env: { QUEUE_CONCURRENCY: '0' } });
  instance = await buildApp(
    { ...testApp.config, queue: { ...testApp.config.queue, concurrency: 2, pollMs: 50 } },
    { db: testApp.app.db, logger: false },
  );
  await instance.ready();
});
afterAll(async () => testApp?.close());

it('on close claims nothing more and lets the running job finish before the database goes', async () => {
  const { db } = testApp.app;
  const order: string[] = [];
  instance.queue.handle('test:slow', async () => {
    // The job's own work takes a while; close must wait for it, not the other way round.
    await new Promise((resolve) => setTimeout(resolve, 300));
    order.push('job finished');
  });
  await enqueue(db, { kind: 'test:slow' });
  instance.queue.wake();
  await waitForJobs(db, (jobs) => jobs.some((job) => job.state === 'running'));

  const closing = instance.close().then(() => order.push('closed'));
  // Enqueued after close began: it waits in the table for the next instance.
  await enqueue(db, { kind: 'test:slow' });
  await closing;

  expect(order).toEqual(['job finished', 'closed']);
  const jobs = await db.selectFrom('jobs').select(['state', 'attempts']).orderBy('id').execute();
  expect(jobs).toEqual([
    { state: 'done', attempts: 1 },
    { state: 'pending', attempts: 0 },
  ]);
});
