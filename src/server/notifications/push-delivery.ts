import https from 'node:https';
import tls from 'node:tls';
import type { FastifyInstance } from 'fastify';
import webpush from 'web-push';
import { CLIENT_STATUS } from '../../shared/domain/statuses';
import type { DB } from '../platform/db/database';
import { enqueueMail } from '../platform/mail/mail-jobs';
import { enqueue, type Job } from '../platform/queue/queue';
import { DELIVERY_RULES } from './delivery-rules';
import { isAllowedEndpoint } from './endpoint-hosts';
import { type MemberNotification, PUSH_NOTIFICATION_JOB } from './notify-member';
import { encodePushPayload, type PushPayload } from './push-payload';
import { wantsKind } from './push-preferences';
import { vapidKeys } from './vapid-keys';

export const PUSH_DELIVERY_JOB = 'push-delivery';
/** Retries of one device while its push service is down (30 s doubling: about two hours); the TTL ends them sooner. */
const DELIVERY_MAX_ATTEMPTS = 9;
/** A push service that accepts the connection and then stalls must not hold a job for long. */
const PUSH_TIMEOUT_MS = 10_000;

/** One device's copy of one notification. */
export interface PushDelivery {
  subscriptionId: number;
  /** Whose notification: a device that changed hands since the fan-out does not get it. */
  clientId: number;
  payload: PushPayload;
  /** The notification's TTL counted from when it was queued: past it, it is not sent. */
  expiresAt: string;
}

async function isActiveMember(db: DB, clientId: number): Promise<boolean> {
  const row = await db
    .selectFrom('clients')
    .select('id')
    .where('id', '=', clientId)
    .where('status_id', '=', CLIENT_STATUS.active)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * The push jobs (decision 0040). `push-notification` decides at run time: nothing for a member no
 * longer active or who turned the kind off; the fallback e-mail when she has no device; else one
 * `push-delivery` job per device, so a retry of one device never sends again to another.
 */
export function registerPushJobs(app: FastifyInstance): void {
  const { db, config } = app;
  // Tests trust their local push service's certificate; production uses the system's roots only.
  const agent = config.push.trustedCa
    ? new https.Agent({ ca: [...tls.rootCertificates, config.push.trustedCa] })
    : undefined;

  app.queue.handle<MemberNotification>(PUSH_NOTIFICATION_JOB, async (notification, job) => {
    const { clientId, kind } = notification;
    if (!(await isActiveMember(db, clientId)) || !(await wantsKind(db, clientId, kind))) return;
    const key = job.key ?? `push:job-${job.id}`;
    const devices = await db
      .selectFrom('push_subscriptions')
      .select('id')
      .where('client_id', '=', clientId)
      .execute();
    if (devices.length === 0) {
      // Keyed by the notification: a retry of this job never queues the e-mail twice.
      if (notification.fallbackMail) await enqueueMail(db, `mail:${key}`, notification.fallbackMail);
    } else {
      const expiresAt = new Date(
        Date.parse(job.createdAt) + DELIVERY_RULES[kind].ttlSeconds * 1000,
      ).toISOString();
      const { title, body, url, tag } = notification;
      await db.transaction().execute(async (trx) => {
        for (const device of devices) {
          const delivery: PushDelivery = {
            subscriptionId: device.id,
            clientId,
            payload: { title, body, url, tag, kind },
            expiresAt,
          };
          await enqueue(trx, {
            kind: PUSH_DELIVERY_JOB,
            key: `${key}:device:${device.id}`,
            payload: delivery,
            maxAttempts: DELIVERY_MAX_ATTEMPTS,
          });
        }
      });
    }
    app.queue.wake();
  });

  app.queue.handle<PushDelivery>(PUSH_DELIVERY_JOB, async (delivery, job) => {
    await deliver(app, delivery, job, agent);
  });
}

async function deliver(
  app: FastifyInstance,
  { subscriptionId, clientId, payload, expiresAt }: PushDelivery,
  job: Job<PushDelivery>,
  agent: https.Agent | undefined,
): Promise<void> {
  const { db, config } = app;
  const device = await db
    .selectFrom('push_subscriptions')
    .selectAll()
    .where('id', '=', subscriptionId)
    .where('client_id', '=', clientId)
    .executeTakeFirst();
  // Unsubscribed, removed as dead, or now another member's device: nothing to send.
  if (!device || !(await isActiveMember(db, clientId))) return;
  const ttlSeconds = Math.floor((Date.parse(expiresAt) - Date.now()) / 1000);
  if (ttlSeconds <= 0) {
    app.log.info({ jobId: job.id, kind: payload.kind }, 'push: stale before it could be delivered');
    return;
  }
  if (!isAllowedEndpoint(device.endpoint, config.push.endpointHosts)) {
    app.log.warn({ jobId: job.id }, 'push: the endpoint is no longer on an allowed host');
    return;
  }
  const keys = await vapidKeys(db, config.push);
  try {
    await webpush.sendNotification(
      { endpoint: device.endpoint, keys: { p256dh: device.p256dh, auth: device.auth } },
      encodePushPayload(payload),
      {
        TTL: ttlSeconds,
        urgency: DELIVERY_RULES[payload.kind].urgency,
        vapidDetails: { subject: config.push.vapidSubject, ...keys },
        contentEncoding: 'aes128gcm',
        timeout: PUSH_TIMEOUT_MS,
        ...(agent ? { agent } : {}),
      },
    );
  } catch (error) {
    if (error instanceof webpush.WebPushError) {
      // The browser dropped the subscription (or it expired): it will never work again.
      if (error.statusCode === 404 || error.statusCode === 410) {
        await db.deleteFrom('push_subscriptions').where('id', '=', device.id).execute();
        app.metrics.pushes.inc({ outcome: 'gone' });
        return;
      }
      app.metrics.pushes.inc({ outcome: 'failed' });
      // Rate limited or the service is down: the queue tries again with its back-off.
      throw new Error(`the push service answered ${error.statusCode}`);
    }
    app.metrics.pushes.inc({ outcome: 'failed' });
    throw error;
  }
  app.metrics.pushes.inc({ outcome: 'sent' });
  await db
    .updateTable('push_subscriptions')
    .set({ last_success_at: new Date().toISOString() })
    .where('id', '=', device.id)
    .execute();
}
