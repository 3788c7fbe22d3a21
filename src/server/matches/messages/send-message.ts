import type { FastifyInstance } from 'fastify';
import type { Transaction } from 'kysely';
import type { Message } from '../../../shared/contracts/messages';
import type { Database } from '../../platform/db/schema';
import { conflict, tooManyRequests } from '../../platform/errors';
import { fileAutomaticReport } from '../../trust/reports';
import { MESSAGE_COLUMNS, messageSeen } from '../conversations/conversation-view';
import { lockPeople } from '../lock-people';
import { scheduleAwayMail } from './away-mail';
import { memberSide } from './conversation-member';
import { scheduleMessagePush } from './message-push';

export const CONVERSATION_CLOSED = 'Esta conversación está cerrada: ya no se pueden enviar mensajes';
export const TOO_MANY_MESSAGES = 'Enviaste muchos mensajes en poco tiempo: espera un minuto para seguir';
export const TOO_MANY_CONVERSATIONS = 'Ya iniciaste muchas conversaciones hoy: podrás iniciar otra mañana';
const HELD_REPORT_TEXT =
  'Reporte automático de Cita: el mismo mensaje se envió a más personas de las permitidas en una hora; se retuvo sin entregarse.';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

type Trx = Transaction<Database>;

export interface SentMessage {
  message: Message;
  /** Who hears of it live: the sender's other devices, and the recipient unless it was held. */
  notify: number[];
  /** A new message was stored (not the answer to a retried send). */
  stored: boolean;
}

function storedMessage(trx: Trx, senderId: number, clientMessageId: string) {
  return trx
    .selectFrom('messages')
    .select(MESSAGE_COLUMNS)
    .where('sender_id', '=', senderId)
    .where('idempotency_key', '=', clientMessageId)
    .executeTakeFirst();
}

/** ≤ perMinute messages in any minute and ≤ conversationsPerDay first messages in any 24 hours (429). */
async function assertWithinLimits(
  app: FastifyInstance,
  trx: Trx,
  senderId: number,
  opens: boolean,
  now: number,
): Promise<void> {
  const { perMinute, conversationsPerDay } = app.config.messages;
  const lastMinute = await trx
    .selectFrom('messages')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('sender_id', '=', senderId)
    .where('sent_at', '>', new Date(now - MINUTE_MS).toISOString())
    .executeTakeFirstOrThrow();
  if (Number(lastMinute.count) >= perMinute) throw tooManyRequests(TOO_MANY_MESSAGES);
  if (!opens) return;
  const started = await trx
    .selectFrom('messages')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('sender_id', '=', senderId)
    .where('sent_at', '>', new Date(now - DAY_MS).toISOString())
    .where('opens_conversation', '=', 1)
    .executeTakeFirstOrThrow();
  if (Number(started.count) >= conversationsPerDay) throw tooManyRequests(TOO_MANY_CONVERSATIONS);
}

/** The same text already went, within the hour, to this many other people. */
async function sameTextRecipients(
  trx: Trx,
  senderId: number,
  conversationId: number,
  text: string,
  now: number,
) {
  const rows = await trx
    .selectFrom('messages')
    .select('conversation_id')
    .distinct()
    .where('sender_id', '=', senderId)
    .where('sent_at', '>', new Date(now - HOUR_MS).toISOString())
    .where('text', '=', text)
    .where('conversation_id', '<>', conversationId)
    .execute();
  return rows.length;
}

/**
 * Sends a message (docs/design/20-mensajes.md): only between two active members of an open conversation, under
 * both members' locks, so a retried send (same client_message_id) finds the first one and answers
 * it, and the limits count every message sent before. The same text to more than spamRecipients
 * people in an hour is stored held: the sender sees it sent, the recipient never does, and it is
 * reported to the admins' queue.
 */
export async function sendMessage(
  app: FastifyInstance,
  senderId: number,
  body: { conversation_id: number; text: string; client_message_id: string },
): Promise<SentMessage> {
  const outcome = await app.db.transaction().execute(async (trx) => {
    const side = await memberSide(trx, senderId, body.conversation_id);
    const active = await lockPeople(app, trx, [senderId, side.otherId]);
    const earlier = await storedMessage(trx, senderId, body.client_message_id);
    if (earlier) return { row: earlier, held: false, stored: false, otherId: side.otherId, wrote: true };
    const open = await trx
      .selectFrom('conversations')
      .select('closed_at')
      .where('id', '=', body.conversation_id)
      .executeTakeFirstOrThrow();
    if (open.closed_at !== null || !active.has(side.otherId) || !active.has(senderId)) {
      throw conflict(CONVERSATION_CLOSED);
    }
    const now = Date.now();
    const sentAt = new Date(now).toISOString();
    const first = await trx
      .selectFrom('messages')
      .select('id')
      .where('conversation_id', '=', body.conversation_id)
      .limit(1)
      .executeTakeFirst();
    const opens = !first;
    await assertWithinLimits(app, trx, senderId, opens, now);
    const held =
      (await sameTextRecipients(trx, senderId, body.conversation_id, body.text, now)) >=
      app.config.messages.spamRecipients;
    const inserted = await trx
      .insertInto('messages')
      .values({
        conversation_id: body.conversation_id,
        sender_id: senderId,
        idempotency_key: body.client_message_id,
        text: body.text,
        sent_at: sentAt,
        read_at: null,
        held: held ? 1 : 0,
        opens_conversation: opens ? 1 : 0,
      })
      .onConflict((oc) => oc.columns(['sender_id', 'idempotency_key']).doNothing())
      .returning('id')
      .executeTakeFirst();
    const row = await storedMessage(trx, senderId, body.client_message_id);
    if (!row) throw new Error('message missing right after its insert');
    if (!inserted) return { row, held: false, stored: false, otherId: side.otherId, wrote: true };

    await trx
      .updateTable('conversation_sides')
      .set((eb) => ({
        activity_at: sentAt,
        last_message_id: row.id,
        wrote_at: eb.fn.coalesce('wrote_at', eb.val(sentAt)),
      }))
      .where('conversation_id', '=', body.conversation_id)
      .where('client_id', '=', senderId)
      .execute();
    if (held) {
      await fileAutomaticReport(trx, {
        reporterId: side.otherId,
        targetId: senderId,
        text: HELD_REPORT_TEXT,
        messageText: body.text,
      });
    } else {
      const recipient = await trx
        .selectFrom('conversation_sides')
        .select('unread')
        .where('conversation_id', '=', body.conversation_id)
        .where('client_id', '=', side.otherId)
        .executeTakeFirstOrThrow();
      await trx
        .updateTable('conversation_sides')
        .set((eb) => ({ activity_at: sentAt, last_message_id: row.id, unread: eb('unread', '+', 1) }))
        .where('conversation_id', '=', body.conversation_id)
        .where('client_id', '=', side.otherId)
        .execute();
      // A push if she is away, decided when the job runs (decision 0041).
      await scheduleMessagePush(trx, {
        conversation_id: body.conversation_id,
        client_id: side.otherId,
        message_id: row.id,
      });
      // One away e-mail per unread streak: the message that starts it schedules the check.
      if (recipient.unread === 0) {
        await scheduleAwayMail(trx, app.config.messages.emailDelayMinutes, {
          conversation_id: body.conversation_id,
          client_id: side.otherId,
          message_id: row.id,
        });
      }
    }
    return { row, held, stored: true, otherId: side.otherId, wrote: true };
  });
  if (outcome.stored && !outcome.held) app.queue.wake();
  return {
    message: messageSeen(outcome.row, senderId, outcome.wrote),
    notify: outcome.stored ? (outcome.held ? [senderId] : [senderId, outcome.otherId]) : [],
    stored: outcome.stored,
  };
}
