import type { FastifyInstance } from 'fastify';
import type { Transaction } from 'kysely';
import { CLIENT_STATUS } from '../../../shared/domain/statuses';
import { notifyMember } from '../../notifications/notify-member';
import type { Database } from '../../platform/db/schema';
import { enqueue } from '../../platform/queue/queue';
import { isConnectedAnywhere } from '../live/live-presence';

export const MESSAGE_PUSH_JOB = 'message-push';

export interface MessagePushPayload {
  conversation_id: number;
  /** The recipient. */
  client_id: number;
  message_id: number;
}

/**
 * In the send's transaction, its only write beyond the message itself: whether she is away is
 * decided when the job runs, off the send's path (decision 0041).
 */
export async function scheduleMessagePush(
  trx: Transaction<Database>,
  payload: MessagePushPayload,
): Promise<void> {
  await enqueue(trx, { kind: MESSAGE_PUSH_JOB, key: `message-push:${payload.message_id}`, payload });
}

/**
 * Still unread, the conversation open, both members active, and no live connection of hers on
 * any instance → a push naming the sender by first name, never the text (design.md §20 "Away").
 */
export async function pushMessageIfAway(app: FastifyInstance, payload: MessagePushPayload): Promise<boolean> {
  const row = await app.db
    .selectFrom('conversation_sides as side')
    .innerJoin('conversations', 'conversations.id', 'side.conversation_id')
    .innerJoin('messages', (join) => join.on('messages.id', '=', payload.message_id))
    .innerJoin('clients as sender', 'sender.id', 'messages.sender_id')
    .innerJoin('clients as recipient', 'recipient.id', 'side.client_id')
    .select([
      'side.read_up_to',
      'side.hidden',
      'conversations.closed_at',
      'messages.held',
      'sender.first_name as sender_first',
      'sender.status_id as sender_status',
      'recipient.status_id',
    ])
    .where('side.conversation_id', '=', payload.conversation_id)
    .where('side.client_id', '=', payload.client_id)
    .executeTakeFirst();
  if (!row || row.read_up_to >= payload.message_id || row.hidden !== 0 || row.held !== 0) return false;
  if (row.closed_at !== null) return false;
  if (row.status_id !== CLIENT_STATUS.active || row.sender_status !== CLIENT_STATUS.active) return false;
  if (await isConnectedAnywhere(app.db, payload.client_id, app.config.messages.presenceHeartbeatMs))
    return false;
  return notifyMember(app.db, `messages:${payload.message_id}`, {
    clientId: payload.client_id,
    kind: 'messages',
    title: `Tienes un mensaje nuevo de ${row.sender_first}`,
    body: 'Entra a Cita para leerlo y responder.',
    url: `/mensajes/${payload.conversation_id}`,
    tag: `messages:${payload.conversation_id}`,
  });
}

export function registerMessagePushJob(app: FastifyInstance): void {
  app.queue.handle<MessagePushPayload>(MESSAGE_PUSH_JOB, async (payload) => {
    if (await pushMessageIfAway(app, payload)) app.queue.wake();
  });
}
