import type { Kysely } from 'kysely';
import { type MemberNotification, PUSH_NOTIFICATION_JOB } from '../../src/server/notifications/notify-member';
import type { Database } from '../../src/server/platform/db/schema';

/**
 * The push notifications queued so far (docs/design/21-pocket.md), oldest first, with their dedupe keys.
 * Read from the jobs table of an app whose queue does not run (QUEUE_CONCURRENCY=0), so every
 * payload is still there to check, whatever the push-notification job does with it.
 */
export async function queuedPushes(
  db: Kysely<Database>,
  clientId?: number,
): Promise<(MemberNotification & { key: string | null })[]> {
  const rows = await db
    .selectFrom('jobs')
    .select(['key', 'payload'])
    .where('kind', '=', PUSH_NOTIFICATION_JOB)
    .orderBy('id')
    .execute();
  return rows
    .map((row) => ({ key: row.key, ...(JSON.parse(row.payload ?? 'null') as MemberNotification) }))
    .filter((push) => clientId === undefined || push.clientId === clientId);
}

/** The pending jobs of one kind, oldest first, with their payloads: what the queue would run next. */
export async function pendingJobs<P>(
  db: Kysely<Database>,
  kind: string,
): Promise<{ id: number; key: string | null; run_at: string; payload: P }[]> {
  const rows = await db
    .selectFrom('jobs')
    .select(['id', 'key', 'run_at', 'payload'])
    .where('kind', '=', kind)
    .where('state', '=', 'pending')
    .orderBy('id')
    .execute();
  return rows.map((row) => ({ ...row, payload: JSON.parse(row.payload ?? 'null') as P }));
}

/**
 * Runs the pending jobs of `kind` through `run` (the handler's own function) and marks them done,
 * as the queue would; answers how many ran.
 */
export async function runPending<P>(
  db: Kysely<Database>,
  kind: string,
  run: (payload: P) => Promise<unknown>,
): Promise<number> {
  const jobs = await pendingJobs<P>(db, kind);
  for (const job of jobs) {
    await run(job.payload);
    await db.updateTable('jobs').set({ state: 'done' }).where('id', '=', job.id).execute();
  }
  return jobs.length;
}
