import type { Transaction } from 'kysely';
import type { DB } from '../../platform/db/database';
import type { Database } from '../../platform/db/schema';
import { notFound } from '../../platform/errors';
import { CONVERSATION_NOT_FOUND } from '../conversations/conversation-view';

/** Her side of a conversation she is in (and has not hidden by a block), with the other's id; 404 otherwise. */
export async function memberSide(db: DB | Transaction<Database>, clientId: number, conversationId: number) {
  const row = await db
    .selectFrom('conversation_sides as side')
    .innerJoin('conversations', 'conversations.id', 'side.conversation_id')
    .select([
      'side.conversation_id',
      'side.unread',
      'side.read_up_to',
      'side.wrote_at',
      'conversations.client_a',
      'conversations.client_b',
      'conversations.closed_at',
    ])
    .where('side.conversation_id', '=', conversationId)
    .where('side.client_id', '=', clientId)
    .where('side.hidden', '=', 0)
    .executeTakeFirst();
  if (!row) throw notFound(CONVERSATION_NOT_FOUND);
  return { ...row, otherId: row.client_a === clientId ? row.client_b : row.client_a };
}
