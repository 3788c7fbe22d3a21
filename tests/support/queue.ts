import type { Kysely } from 'kysely';
import type { Database, JobRow } from '../../src/server/platform/db/schema';

/**
 * Waits until no job is due or running: everything enqueued so far has run (or waits for a
 * later retry or its scheduled time). Assert "no extra mail" after this, not after a sleep.
 */
export async function waitForQueueIdle(db: Kysely<Database>, timeoutMs = 10_000): Promise<void> {
  await waitForJobs(
    db,
    (jobs) => {
      const now = new Date().toISOString();
      return !jobs.some((job) => job.state === 'running' || (job.state === 'pending' && job.run_at <= now));
    },
    timeoutMs,
  );
}

/** Waits until the jobs table satisfies `condition`; answers the rows that did. */
export async function waitForJobs(
  db: Kysely<Database>,
  condition: (jobs: JobRow[]) => boolean,
  timeoutMs = 10_000,
): Promise<JobRow[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const jobs = await db.selectFrom('jobs').selectAll().orderBy('id').execute();
    if (condition(jobs)) return jobs;
    if (Date.now() > deadline) {
      throw new Error(`the queue did not get there in ${timeoutMs} ms:\n${JSON.stringify(jobs, null, 1)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
