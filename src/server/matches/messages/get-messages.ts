import { MESSAGES_PAGE_SIZE, type Message } from '../../../shared/contracts/messages';
import type { DB } from '../../platform/db/database';
import { badRequest } from '../../platform/errors';
import { MESSAGE_COLUMNS, messageSeen } from '../conversations/conversation-view';
import { memberSide } from './conversation-member';

/**
 * A page of her conversation's history (docs/design/20-mensajes.md): newest first (`before` an id, or the
 * latest), or oldest first `after` an id (catching up after a reconnect). Messages held as spam
 * are shown to their sender only.
 */
export async function getMessages(
  db: DB,
  viewerId: number,
  body: { conversation_id: number; before?: number | undefined; after?: number | undefined },
): Promise<{ messages: Message[]; more: boolean }> {
  if (body.before !== undefined && body.after !== undefined) {
    throw badRequest('Pide mensajes anteriores o posteriores, no ambos');
  }
  const side = await memberSide(db, viewerId, body.conversation_id);
  let query = db
    .selectFrom('messages')
    .select(MESSAGE_COLUMNS)
    .where('conversation_id', '=', body.conversation_id)
    .where((eb) => eb.or([eb('held', '=', 0), eb('sender_id', '=', viewerId)]));
  if (body.after !== undefined) query = query.where('id', '>', body.after).orderBy('id', 'asc');
  else {
    if (body.before !== undefined) query = query.where('id', '<', body.before);
    query = query.orderBy('id', 'desc');
  }
  const rows = await query.limit(MESSAGES_PAGE_SIZE + 1).execute();
  const wrote = side.wrote_at !== null;
  return {
    messages: rows.slice(0, MESSAGES_PAGE_SIZE).map((row) => messageSeen(row, viewerId, wrote)),
    more: rows.length > MESSAGES_PAGE_SIZE,
  };
}
