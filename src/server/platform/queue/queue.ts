import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { type Kysely, PostgresAdapter, sql } from 'kysely';
import type { QueueConfig } from '../config';
import type { Database, JobRow } from '../db/schema';

export const DEFAULT_MAX_ATTEMPTS = 10;
const MAX_RETRY_DELAY_MS = 60 * 60_000;
const MAX_ERROR_LENGTH = 2_000;

export interface NewJob {
  kind: string;
  payload?: unknown;
  /** Not before this time (scheduled work); now when absent. */
  runAt?: Date;
  /** Dedupe key: while a job with this key exists, enqueueing another is a no-op. */
  key?: string;
  maxAttempts?: number;
}

/** What a handler learns about the job it runs. */
export interface Job<P = unknown> {
  id: number;
  kind: string;
  key: string | null;
  payload: P;
  /** 1 on the first run. */
  attempt: number;
  maxAttempts: number;
  createdAt: string;
}

export type JobHandler<P> = (payload: P, job: Job<P>) => Promise<void>;

/**
 * Adds a job on the given executor: pass the transaction of the change that causes the work, so
 * the job exists exactly when the change commits. Answers false when the key was already used.
 * The runner finds it at its next poll; call `app.queue.wake()` after the commit to start at once.
 */
export async function enqueue(db: Kysely<Database>, job: NewJob): Promise<boolean> {
  const now = new Date().toISOString();
  const result = await db
    .insertInto('jobs')
    .values({
      kind: job.kind,
      key: job.key ?? null,
      payload: JSON.stringify(job.payload ?? null),
      state: 'pending',
      attempts: 0,
      max_attempts: job.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
      run_at: (job.runAt ?? new Date()).toISOString(),
      created_at: now,
    })
    .onConflict((oc) => oc.column('key').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/**
 * Deletes the jobs of `kind` whose payload has `field` equal to `value` (as `enqueue` wrote it),
 * done or not: an erasure must leave no copy of her address in a mail waiting or sent.
 */
export async function deleteJobsNaming(
  db: Kysely<Database>,
  kind: string,
  field: string,
  value: string,
): Promise<void> {
  const written = `${JSON.stringify(field)}:${JSON.stringify(value)}`;
  const pattern = `%${written.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
  await db
    .deleteFrom('jobs')
    .where('kind', '=', kind)
    .where(sql<boolean>`payload like ${pattern} escape '\\'`)
    .execute();
}

/** Delay before the next try after `attempt` failed ones: retryMs, 2×, 4×… capped at one hour. */
export function retryDelayMs(retryMs: number, attempt: number): number {
  return Math.min(retryMs * 2 ** (attempt - 1), MAX_RETRY_DELAY_MS);
}

/**
 * This instance's runner: polls for due jobs, claims up to `concurrency` at a time under a lease,
 * runs each with the handler registered for its kind, and records the outcome. Started when the
 * app is ready, stopped (claiming ends, running jobs finish) when it closes.
 */
export class JobQueue {
  private readonly handlers = new Map<string, JobHandler<unknown>>();
  private readonly running = new Set<Promise<void>>();
  private readonly postgres: boolean;
  private timer: NodeJS.Timeout | undefined;
  private polling: Promise<void> | undefined;
  private pollAgain = false;
  private started = false;
  /** When this instance's worker last looked for due jobs (in memory: /readyz asks per instance). */
  private lastBeatAt = 0;

  /**
   * `paused` is asked before every claim: while it answers true this instance takes no jobs (a
   * restored database in quarantine sends nothing, docs/design/24-backups.md); they wait in the database.
   */
  constructor(
    private readonly db: Kysely<Database>,
    private readonly config: QueueConfig,
    private readonly log: FastifyBaseLogger,
    private readonly paused: () => Promise<boolean> = async () => false,
  ) {
    this.postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  }

  /** Registers the handler of a kind; a domain adds its own kinds without platform knowing them. */
  handle<P>(kind: string, handler: JobHandler<P>): void {
    if (this.handlers.has(kind)) throw new Error(`a handler for '${kind}' is already registered`);
    // The payload is what enqueue was given for this kind; JSON carries no type to check.
    this.handlers.set(kind, (payload, job) => handler(payload as P, job as Job<P>));
  }

  start(): void {
    if (this.started || this.config.concurrency <= 0) return;
    this.started = true;
    this.wake();
  }

  /** Looks for due jobs now instead of at the next poll (e.g. right after a commit that enqueued). */
  wake(): void {
    if (!this.started) return;
    if (this.polling) {
      this.pollAgain = true;
      return;
    }
    clearTimeout(this.timer);
    this.polling = this.poll().finally(() => {
      this.polling = undefined;
      if (!this.started) return;
      if (this.pollAgain) this.wake();
      else this.timer = setTimeout(() => this.wake(), this.config.pollMs).unref();
    });
  }

  /** The kinds this instance can run (the metrics report each, zero included). */
  kinds(): string[] {
    return [...this.handlers.keys()];
  }

  /**
   * How long ago the worker last looked for due jobs, in ms; 'stopped' once it stopped (or before
   * it started), 'off' when this instance runs no jobs (QUEUE_CONCURRENCY=0).
   */
  heartbeat(): number | 'stopped' | 'off' {
    if (this.config.concurrency <= 0) return 'off';
    if (!this.started) return 'stopped';
    return Date.now() - this.lastBeatAt;
  }

  /** Stops claiming and waits for the jobs this instance is running. */
  async stop(): Promise<void> {
    this.started = false;
    clearTimeout(this.timer);
    await this.polling;
    await Promise.allSettled([...this.running]);
  }

  private async poll(): Promise<void> {
    this.lastBeatAt = Date.now();
    do {
      this.pollAgain = false;
      const free = this.config.concurrency - this.running.size;
      if (free <= 0 || !this.started) return;
      let jobs: JobRow[];
      try {
        if (await this.paused()) return;
        jobs = await this.claim(free);
      } catch (error) {
        // The database is away: the next poll tries again.
        this.log.warn({ err: error }, 'queue: could not claim jobs');
        return;
      }
      for (const job of jobs) {
        const run = this.run(job).finally(() => {
          this.running.delete(run);
          this.wake();
        });
        this.running.add(run);
      }
      if (jobs.length === free) this.pollAgain = true;
    } while (this.pollAgain && this.started);
  }

  /**
   * Takes up to `limit` due jobs: pending ones whose time has come and running ones whose lease
   * ran out (their instance died). One statement; on PostgreSQL SKIP LOCKED lets instances claim
   * side by side without waiting for or taking each other's rows. SQLite is one instance.
   */
  private async claim(limit: number): Promise<JobRow[]> {
    const now = new Date();
    const nowText = now.toISOString();
    let due = this.db
      .selectFrom('jobs')
      .select('id')
      .where((eb) =>
        eb.or([
          eb.and([eb('state', '=', 'pending'), eb('run_at', '<=', nowText)]),
          eb.and([eb('state', '=', 'running'), eb('locked_until', '<=', nowText)]),
        ]),
      )
      .orderBy('run_at')
      .orderBy('id')
      .limit(limit);
    if (this.postgres) due = due.forUpdate().skipLocked();
    return this.db
      .updateTable('jobs')
      .set((eb) => ({
        state: 'running',
        attempts: eb('attempts', '+', 1),
        locked_by: randomUUID(),
        locked_until: new Date(now.getTime() + this.config.leaseMs).toISOString(),
      }))
      .where('id', 'in', due)
      .returningAll()
      .execute();
  }

  private async run(row: JobRow): Promise<void> {
    const job: Job = {
      id: row.id,
      kind: row.kind,
      key: row.key,
      payload: row.payload === null ? null : JSON.parse(row.payload),
      attempt: row.attempts,
      maxAttempts: row.max_attempts,
      createdAt: row.created_at,
    };
    try {
      const handler = this.handlers.get(row.kind);
      if (!handler) throw new Error(`no handler for jobs of kind '${row.kind}'`);
      // Taken over from an instance that died while running it on its last attempt.
      if (row.attempts > row.max_attempts)
        throw new Error(row.last_error ?? 'the instance running it stopped');
      await handler(job.payload, job);
    } catch (error) {
      await this.recordFailure(row, error).catch((recordError) =>
        this.log.error({ err: recordError, jobId: row.id }, 'queue: could not record a failure'),
      );
      return;
    }
    await this.db
      .updateTable('jobs')
      .set({
        state: 'done',
        payload: null,
        last_error: null,
        locked_until: null,
        finished_at: new Date().toISOString(),
      })
      .where('id', '=', row.id)
      .where('locked_by', '=', row.locked_by)
      .execute()
      .catch((error) => this.log.error({ err: error, jobId: row.id }, 'queue: could not record a done job'));
  }

  private async recordFailure(row: JobRow, error: unknown): Promise<void> {
    const message = (error instanceof Error ? error.message : String(error)).slice(0, MAX_ERROR_LENGTH);
    const givingUp = row.attempts >= row.max_attempts;
    const now = Date.now();
    const log = { err: error, jobId: row.id, kind: row.kind, attempt: row.attempts };
    if (givingUp) this.log.error(log, 'queue: job failed for the last time');
    else this.log.warn(log, 'queue: job failed, will retry');
    await this.db
      .updateTable('jobs')
      .set(
        givingUp
          ? {
              state: 'failed',
              last_error: message,
              locked_until: null,
              finished_at: new Date(now).toISOString(),
            }
          : {
              state: 'pending',
              last_error: message,
              locked_until: null,
              run_at: new Date(now + retryDelayMs(this.config.retryMs, row.attempts)).toISOString(),
            },
      )
      .where('id', '=', row.id)
      .where('locked_by', '=', row.locked_by)
      .execute();
  }
}
