import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../../../src/server/app';
import { enqueue } from '../../../src/server/platform/queue/queue';
import { waitForQueueIdle } from '../../support/queue';
import { type StartedTestApp, startTestApp } from '../../support/test-app';

// Two instances, each with its own connection pool, on one PostgreSQL database.
let testApp: StartedTestApp;
const instances: FastifyInstance[] = [];
beforeAll(async () => {
  if (!process.env.DATABASE_URL) throw new Error('this file needs DATABASE_URL (PostgreSQL)');
  testApp = await startTestApp({ seedDemo: false, env: { QUEUE_CONCURRENCY: '0' } });
  for (let index = 0; index < 2; index++) {
    const config = { ...testApp.config, queue: { ...testApp.config.queue, concurrency: 4, pollMs: 20 } };
    instances.push(await buildApp(config, { logger: false }));
  }
});
afterAll(async () => {
  for (const instance of instances) await instance.close();
  await testApp?.close();
});

it('runs each of many jobs exactly once between two instances', async () => {
  const ran = instances.map(() => [] as number[]);
  instances.forEach((instance, index) => {
    instance.queue.handle<{ n: number }>('test:count', async ({ n }) => {
      ran[index]!.push(n);
      // A little work, so that both instances hold claims at the same time.
      await new Promise((resolve) => setTimeout(resolve, 2));
    });
  });
  const total = 300;
  await testApp.app.db.transaction().execute(async (trx) => {
    for (let n = 0; n < total; n++) await enqueue(trx, { kind: 'test:count', payload: { n } });
  });
  for (const instance of instances) await instance.ready();
  for (const instance of instances) instance.queue.wake();
  await waitForQueueIdle(testApp.app.db, 30_000);

  const all = ran.flat().sort((a, b) => a - b);
  expect(all).toEqual(Array.from({ length: total }, (_, n) => n));
  expect(ran[0]!.length).toBeGreaterThan(0);
  expect(ran[1]!.length).toBeGreaterThan(0);
  const rows = await testApp.app.db.selectFrom('jobs').select(['state', 'attempts']).execute();
  expect(rows.every((row) => row.state === 'done' && row.attempts === 1)).toBe(true);
});
