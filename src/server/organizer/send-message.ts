import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { type MessageSegment, NEWS_PER_WEEK } from '../../shared/contracts/organizer';
import { organizerMailText } from '../../shared/domain/organizer-mail';
import { CLIENT_STATUS, EVENT_STATUS } from '../../shared/domain/statuses';
import { membersOfSegment } from '../events/attendance/attendee-segments';
import { mutualPairs } from '../match-cards/mutual-pairs';
import { notifyMember } from '../notifications/notify-member';
import { recordAudit } from '../platform/audit';
import type { DB } from '../platform/db/database';
import { notFound } from '../platform/errors';
import { enqueueMail } from '../platform/mail/mail-jobs';
import { enqueue } from '../platform/queue/queue';
import { unsubscribeLinks } from './news';

export const ORGANIZER_MESSAGE_JOB = 'organizer-message';
const WEEK_MS = 7 * 24 * 3_600_000;
const RECIPIENTS_PER_INSERT = 500;

export interface OrganizerMessage {
  eventId: number | null;
  segment: MessageSegment;
  title: string;
  text: string;
}

interface DeliveryPayload {
  message_id: number;
  client_id: number;
}

/** Everyone the segment names: a night's group, or the active members who asked for news. */
async function segmentMembers(db: DB, eventId: number | null, segment: MessageSegment): Promise<number[]> {
  if (segment === 'news' || eventId === null) {
    const rows = await db
      .selectFrom('news_subscriptions')
      .innerJoin('clients', 'clients.id', 'news_subscriptions.client_id')
      .select('news_subscriptions.client_id')
      .where('clients.status_id', '=', CLIENT_STATUS.active)
      .orderBy('news_subscriptions.client_id')
      .execute();
    return rows.map((row) => row.client_id);
  }
  const event = await db
    .selectFrom('events')
    .select('id')
    .where('id', '=', eventId)
    .where('status_id', '!=', EVENT_STATUS.deleted)
    .executeTakeFirst();
  if (!event) throw notFound('El evento no existe');
  if (segment !== 'no_match') return membersOfSegment(db, eventId, segment);
  // Checked in and in no mutual pair of that night's picks.
  const matched = new Set((await mutualPairs(db, eventId)).flatMap((pair) => [pair.a, pair.b]));
  return (await membersOfSegment(db, eventId, 'checked_in')).filter((id) => !matched.has(id));
}

/**
 * Members who already had NEWS_PER_WEEK news messages in the last 7 days. Not filtered by a list
 * of ids: every subscriber could be more parameters than a statement takes.
 */
async function atWeeklyCap(db: DB, now: Date): Promise<Set<number>> {
  const since = new Date(now.getTime() - WEEK_MS).toISOString();
  const rows = await db
    .selectFrom('organizer_message_recipients')
    .select('client_id')
    .where('news', '=', 1)
    .where('sent_at', '>', since)
    .groupBy('client_id')
    .having(sql<number>`count(*)`, '>=', NEWS_PER_WEEK)
    .execute();
  return new Set(rows.map((row) => row.client_id));
}

/** Who a message would reach now, and who the weekly cap of news leaves out. */
export async function messageAudience(
  db: DB,
  message: Pick<OrganizerMessage, 'eventId' | 'segment'>,
  now = new Date(),
): Promise<{ recipients: number[]; skipped: number }> {
  const members = await segmentMembers(db, message.eventId, message.segment);
  if (message.segment !== 'news') return { recipients: members, skipped: 0 };
  const capped = await atWeeklyCap(db, now);
  const recipients = members.filter((id) => !capped.has(id));
  return { recipients, skipped: members.length - recipients.length };
}

/**
 * Sends a message: the sending, its recipients, one delivery job per person (its key names the
 * sending and the person, so a retry never sends twice) and the audit entry, in one transaction.
 */
export async function sendOrganizerMessage(
  app: FastifyInstance,
  adminId: number,
  message: OrganizerMessage,
): Promise<{ recipients: number; skipped: number }> {
  const counts = await app.db.transaction().execute(async (trx) => {
    const now = new Date();
    const sentAt = now.toISOString();
    const { recipients, skipped } = await messageAudience(trx, message, now);
    const { id } = await trx
      .insertInto('organizer_messages')
      .values({
        event_id: message.eventId,
        segment: message.segment,
        title: message.title,
        text: message.text,
        admin_id: adminId,
        recipients: recipients.length,
        skipped,
        sent_at: sentAt,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const news = message.segment === 'news' ? 1 : 0;
    // In slices: one statement per 500 people stays under both databases' parameter limits.
    for (let start = 0; start < recipients.length; start += RECIPIENTS_PER_INSERT) {
      await trx
        .insertInto('organizer_message_recipients')
        .values(
          recipients
            .slice(start, start + RECIPIENTS_PER_INSERT)
            .map((clientId) => ({ message_id: id, client_id: clientId, news, sent_at: sentAt })),
        )
        .execute();
    }
    for (const clientId of recipients) {
      const payload: DeliveryPayload = { message_id: id, client_id: clientId };
      await enqueue(trx, {
        kind: ORGANIZER_MESSAGE_JOB,
        key: `organizer-message:${id}:client:${clientId}`,
        payload,
      });
    }
    await recordAudit(trx, {
      adminId,
      action: 'organizer_message.send',
      entity: 'organizer_message',
      entityId: id,
      after: {
        event_id: message.eventId ?? undefined,
        segment: message.segment,
        title: message.title,
        recipients: recipients.length,
        skipped,
      },
    });
    return { recipients: recipients.length, skipped };
  });
  app.queue.wake();
  return counts;
}

/** Where a message sends her: the night's page, or the list of nights for news. */
function messageUrl(eventId: number | null): string {
  return eventId === null ? '/eventos' : `/evento/${eventId}`;
}

/**
 * The e-mail as the first of its recipients would read it, for the form's preview: the sending's
 * own text, with a stand-in for her personal unsubscribe link.
 */
export async function previewMail(
  app: FastifyInstance,
  message: OrganizerMessage,
  recipients: number[],
): Promise<{ first_name: string; text: string } | null> {
  const first = recipients[0];
  if (first === undefined) return null;
  const { first_name: firstName } = await app.db
    .selectFrom('clients')
    .select('first_name')
    .where('id', '=', first)
    .executeTakeFirstOrThrow();
  const text = organizerMailText({
    firstName,
    text: message.text,
    link: `${app.config.publicUrl}${messageUrl(message.eventId)}`,
    unsubscribe: message.segment === 'news' ? '(su enlace personal para darse de baja)' : null,
  });
  return { first_name: firstName, text };
}

/** What was sent about a night, newest first: when, to which group, how many, what. */
export async function sentMessages(db: DB, eventId: number) {
  return db
    .selectFrom('organizer_messages')
    .select(['id', 'sent_at', 'segment', 'title', 'text', 'recipients', 'skipped'])
    .where('event_id', '=', eventId)
    .orderBy('sent_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/**
 * One person's delivery: her e-mail and her push, each queued under a key of its own. News that
 * she turned off since the sending is not delivered; news carries the one-click unsubscribe.
 */
export async function deliverOrganizerMessage(app: FastifyInstance, payload: DeliveryPayload): Promise<void> {
  const row = await app.db
    .selectFrom('organizer_message_recipients')
    .innerJoin('organizer_messages', 'organizer_messages.id', 'organizer_message_recipients.message_id')
    .innerJoin('clients', 'clients.id', 'organizer_message_recipients.client_id')
    .leftJoin('news_subscriptions', 'news_subscriptions.client_id', 'clients.id')
    .select([
      'organizer_messages.event_id',
      'organizer_messages.title',
      'organizer_messages.text',
      'organizer_message_recipients.news',
      'clients.email',
      'clients.first_name',
      'clients.status_id',
      'news_subscriptions.client_id as subscribed',
    ])
    .where('organizer_message_recipients.message_id', '=', payload.message_id)
    .where('organizer_message_recipients.client_id', '=', payload.client_id)
    .executeTakeFirst();
  if (!row || row.status_id !== CLIENT_STATUS.active) return;
  if (row.news === 1 && row.subscribed === null) return;
  const url = messageUrl(row.event_id);
  const key = `organizer-message:${payload.message_id}:client:${payload.client_id}`;
  const links =
    row.news === 1 ? await unsubscribeLinks(app.db, app.config.publicUrl, payload.client_id) : null;
  const headers = links
    ? {
        'List-Unsubscribe': `<${links.oneClick}>, <${links.mailto}>`,
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      }
    : undefined;
  await enqueueMail(app.db, `mail:${key}`, {
    to: row.email,
    subject: row.title,
    text: organizerMailText({
      firstName: row.first_name,
      text: row.text,
      link: `${app.config.publicUrl}${url}`,
      unsubscribe: links?.page ?? null,
    }),
    ...(headers ? { headers } : {}),
  });
  await notifyMember(app.db, key, {
    clientId: payload.client_id,
    kind: 'organizer_messages',
    title: row.title.slice(0, 120),
    body: 'Entra a Cita para leer el mensaje de los organizadores.',
    url,
    tag: `organizer-message:${payload.message_id}`,
  });
  app.queue.wake();
}

export function registerOrganizerMessageJob(app: FastifyInstance): void {
  app.queue.handle<DeliveryPayload>(ORGANIZER_MESSAGE_JOB, (payload) =>
    deliverOrganizerMessage(app, payload),
  );
}
