import { CLIENT_STATUS } from '../../../shared/domain/statuses';
import type { DB } from '../../platform/db/database';

export interface UnreadMessageRef {
  conversation_id: number;
  /** The recipient. */
  client_id: number;
  message_id: number;
}

/**
 * The message as the recipient's away notices see it: found only while it is still unread by her,
 * not hidden from her, the conversation open and both members active — the conditions the push
 * and the away e-mail share (docs/design/20-mensajes.md "Away").
 */
export async function findUnreadMessage(db: DB, ref: UnreadMessageRef) {
  const row = await db
    .selectFrom('conversation_sides as side')
    .innerJoin('conversations', 'conversations.id', 'side.conversation_id')
    .innerJoin('messages', (join) => join.on('messages.id', '=', ref.message_id))
    .innerJoin('clients as sender', 'sender.id', 'messages.sender_id')
    .innerJoin('clients as recipient', 'recipient.id', 'side.client_id')
    .select([
      'side.read_up_to',
      'side.hidden',
      'side.away_mail_at',
      'conversations.closed_at',
      'messages.held',
      'sender.first_name as sender_first',
      'sender.status_id as sender_status',
      'recipient.first_name',
      'recipient.email',
      'recipient.status_id',
    ])
    .where('side.conversation_id', '=', ref.conversation_id)
    .where('side.client_id', '=', ref.client_id)
    .executeTakeFirst();
  if (!row || row.read_up_to >= ref.message_id || row.hidden !== 0 || row.closed_at !== null)
    return undefined;
  if (row.status_id !== CLIENT_STATUS.active || row.sender_status !== CLIENT_STATUS.active) return undefined;
  return row;
}
