import type { FastifyInstance } from 'fastify';
import type { Transaction } from 'kysely';
import { notifyMember } from '../../notifications/notify-member';
import type { Database } from '../../platform/db/schema';
import { enqueue } from '../../platform/queue/queue';
import { isConnectedAnywhere } from '../live/live-presence';
import { findUnreadMessage, type UnreadMessageRef } from './unread-message';

export const MESSAGE_PUSH_JOB = 'message-push';

export type MessagePushPayload = UnreadMessageRef;

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
 * any instance → a push naming the sender by first name, never the text (docs/design/20-mensajes.md "Away").
 */
export async function pushMessageIfAway(app: FastifyInstance, payload: MessagePushPayload): Promise<boolean> {
  const row = await findUnreadMessage(app.db, payload);
  if (row?.held !== 0) return false;
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
