import type { Kysely } from 'kysely';
import type { NotificationKind } from '../../shared/domain/notification-kinds';
import type { Database } from '../platform/db/schema';
import type { OutgoingMail } from '../platform/mail/mailer';
import { enqueue } from '../platform/queue/queue';
import { encodePushPayload } from './push-payload';

export const PUSH_NOTIFICATION_JOB = 'push-notification';

/**
 * What a domain tells a member by push (docs/design/21-pocket.md). The text names what happened and the page
 * to open; it never carries a message's text or anything of another member beyond a first name.
 */
export interface MemberNotification {
  clientId: number;
  kind: NotificationKind;
  /** Spanish, short: "Tienes un mensaje nuevo de Lucía". */
  title: string;
  body: string;
  /** A path of the site, e.g. `/mensajes/12`. */
  url: string;
  /** Same tag → the device replaces the earlier notification instead of stacking another. */
  tag: string;
  /** Sent instead when she has no push subscription at all (no device): e-mail is the fallback. */
  fallbackMail?: OutgoingMail;
}

/**
 * Queues a push notification in the caller's transaction, so it exists exactly when the change
 * that causes it commits. `key` dedupes, as the queue's keys do. The job decides at run time
 * (her subscriptions, her preference for the kind) what to send. A payload too long for a push
 * service throws: a bug of the caller.
 */
export async function notifyMember(
  db: Kysely<Database>,
  key: string,
  notification: MemberNotification,
): Promise<boolean> {
  // Too long for a push service: the caller's bug, refused here rather than at every delivery.
  encodePushPayload(notification);
  return enqueue(db, { kind: PUSH_NOTIFICATION_JOB, key: `push:${key}`, payload: notification });
}
