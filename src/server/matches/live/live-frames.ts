import type { LiveFrame } from '../../../shared/contracts/messages';
import type { DB } from '../../platform/db/database';
import type { LiveNotice } from '../../platform/live/live-bus';
import { MESSAGE_COLUMNS, messageSeen, unreadTotal } from '../conversations/conversation-view';

/**
 * The frame a notice means for one member, read from the database as she sees it (from_me,
 * masking, her unread total); null when there is nothing for her (a message held from her, a
 * conversation she is not in or no longer sees).
 */
export async function frameFor(db: DB, clientId: number, notice: LiveNotice): Promise<LiveFrame | null> {
  const side = await db
    .selectFrom('conversation_sides')
    .select(['wrote_at'])
    .where('conversation_id', '=', notice.conversation_id)
    .where('client_id', '=', clientId)
    .where('hidden', '=', 0)
    .executeTakeFirst();
  if (!side) return null;
  if (notice.type === 'conversation')
    return { type: 'conversation', conversation_id: notice.conversation_id };
  if (notice.type === 'read') {
    return {
      type: 'read',
      conversation_id: notice.conversation_id,
      up_to_id: notice.up_to_id,
      read_at: notice.read_at,
      by_me: notice.reader_id === clientId,
      unread_total: await unreadTotal(db, clientId),
    };
  }
  const message = await db
    .selectFrom('messages')
    .select([...MESSAGE_COLUMNS, 'messages.held'])
    .where('id', '=', notice.message_id)
    .where('conversation_id', '=', notice.conversation_id)
    .executeTakeFirst();
  if (!message || (message.held === 1 && message.sender_id !== clientId)) return null;
  return {
    type: 'message',
    message: messageSeen(message, clientId, side.wrote_at !== null),
    unread_total: await unreadTotal(db, clientId),
  };
}
