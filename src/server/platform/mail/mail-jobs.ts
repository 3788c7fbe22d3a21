import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { AppMetrics } from '../health/metrics';
import { enqueue, type Job, type JobQueue } from '../queue/queue';
import type { Mailer, OutgoingMail } from './mailer';

export const MAIL_JOB = 'mail';
/** With the default back-off (30 s doubling, capped at 1 h) an SMTP outage of about 9 hours. */
export const MAIL_MAX_ATTEMPTS = 15;

/**
 * Queues a message in the caller's transaction. `key` names the recipient and the purpose
 * (e.g. 'mail:welcome:client:12'): the same message is never queued twice.
 */
export function enqueueMail(db: Kysely<Database>, key: string, mail: OutgoingMail): Promise<boolean> {
  return enqueue(db, { kind: MAIL_JOB, key, payload: mail, maxAttempts: MAIL_MAX_ATTEMPTS });
}

/** The same on every run of one job: its Message-ID and outbox file name. */
export function jobMessageKey(job: Job<unknown>): string {
  return `${Date.parse(job.createdAt)}-job-${String(job.id).padStart(10, '0')}`;
}

export function registerMailJobs(queue: JobQueue, mailer: Mailer, metrics: AppMetrics): void {
  queue.handle<OutgoingMail>(MAIL_JOB, async (mail, job) => {
    try {
      await mailer.send(mail, { messageKey: jobMessageKey(job) });
    } catch (error) {
      metrics.mails.inc({ outcome: 'failed' });
      throw error;
    }
    metrics.mails.inc({ outcome: 'sent' });
  });
}
