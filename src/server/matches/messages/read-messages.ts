import { type DB, isSqlite } from '../../platform/db/database';
import { nowIso } from '../../platform/time';
import { unreadTotal } from '../conversations/conversation-view';
import { memberSide } from './conversation-member';

export interface ReadMark {
  conversationId: number;
  readerId: number;
  otherId: number;
  upToId: number;
  readAt: string;
  /** Something changed: the other's messages newly read. */
  changed: boolean;
  unreadTotal: number;
}

/**
 * She read her conversation up to a message (docs/design/20-mensajes.md): the other's messages up to it get
 * their read time, her read position only moves forward, and her unread counter is what is left.
 */
export async function readMessages(
  db: DB,
  readerId: number,
  body: { conversation_id: number; up_to_id: number },
): Promise<ReadMark> {
  const readAt = nowIso();
  const mark = await db.transaction().execute(async (trx) => {
    const side = await memberSide(trx, readerId, body.conversation_id);
    // PostgreSQL: her side's row first, so a message sent meanwhile is either counted below or
    // added to the counter after this transaction, never overwritten by a stale count.
    if (!isSqlite(db)) {
      await trx
        .selectFrom('conversation_sides')
        .select('unread')
        .where('conversation_id', '=', body.conversation_id)
        .where('client_id', '=', readerId)
        .forUpdate()
        .execute();
    }
    // Never past the newest message: a later one must still count as unread.
    const newest = await trx
      .selectFrom('messages')
      .select('id')
      .where('conversation_id', '=', body.conversation_id)
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    const upTo = Math.max(side.read_up_to, Math.min(body.up_to_id, newest?.id ?? 0));
    const marked = await trx
      .updateTable('messages')
      .set({ read_at: readAt })
      .where('conversation_id', '=', body.conversation_id)
      .where('sender_id', '=', side.otherId)
      .where('held', '=', 0)
      .where('id', '<=', upTo)
      .where('read_at', 'is', null)
      .executeTakeFirst();
    const left = await trx
      .selectFrom('messages')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('conversation_id', '=', body.conversation_id)
      .where('sender_id', '=', side.otherId)
      .where('held', '=', 0)
      .where('id', '>', upTo)
      .executeTakeFirstOrThrow();
    await trx
      .updateTable('conversation_sides')
      .set({ read_up_to: upTo, unread: Number(left.count) })
      .where('conversation_id', '=', body.conversation_id)
      .where('client_id', '=', readerId)
      .execute();
    return { otherId: side.otherId, upToId: upTo, changed: Number(marked.numUpdatedRows) > 0 };
  });
  return {
    conversationId: body.conversation_id,
    readerId,
    otherId: mark.otherId,
    upToId: mark.upToId,
    readAt,
    changed: mark.changed,
    unreadTotal: await unreadTotal(db, readerId),
  };
}
