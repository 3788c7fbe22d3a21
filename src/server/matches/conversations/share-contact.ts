import type { FastifyInstance } from 'fastify';
import type { DB } from '../../platform/db/database';
import { conflict } from '../../platform/errors';
import { nowIso } from '../../platform/time';
import { lockPeople } from '../lock-people';
import { memberSide } from '../messages/conversation-member';
import { CONVERSATION_CLOSED } from '../messages/send-message';

/**
 * She pressed "Compartir mi contacto" (design.md §26): phone, WhatsApp link and Instagram appear
 * for both only once both did. Pressing twice changes nothing. Answers the other member's id.
 */
export async function shareContact(
  app: FastifyInstance,
  clientId: number,
  conversationId: number,
): Promise<number> {
  return app.db.transaction().execute(async (trx) => {
    const side = await memberSide(trx, clientId, conversationId);
    const active = await lockPeople(app, trx, [clientId, side.otherId]);
    if (side.closed_at !== null || !active.has(side.otherId)) throw conflict(CONVERSATION_CLOSED);
    await trx
      .updateTable('conversation_sides')
      .set({ contact_shared_at: nowIso() })
      .where('conversation_id', '=', conversationId)
      .where('client_id', '=', clientId)
      .where('contact_shared_at', 'is', null)
      .execute();
    return side.otherId;
  });
}

/**
 * Her conversations with each of `otherIds` (her mutual pairs), by the other person: its id, and
 * whether she and they both shared their contact while it is open.
 */
export async function pairConversationsWith(
  db: DB,
  clientId: number,
  otherIds: number[],
): Promise<Map<number, { conversationId: number; contactShared: boolean }>> {
  if (otherIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('conversation_sides as mine')
    .innerJoin('conversations', 'conversations.id', 'mine.conversation_id')
    .innerJoin('conversation_sides as theirs', (join) =>
      join
        .onRef('theirs.conversation_id', '=', 'mine.conversation_id')
        .onRef('theirs.client_id', '<>', 'mine.client_id'),
    )
    .select([
      'theirs.client_id',
      'conversations.id as conversation_id',
      'conversations.closed_at',
      'mine.contact_shared_at as mine_shared_at',
      'theirs.contact_shared_at as theirs_shared_at',
    ])
    .where('mine.client_id', '=', clientId)
    .where('theirs.client_id', 'in', otherIds)
    .execute();
  return new Map(
    rows.map((row) => [
      row.client_id,
      {
        conversationId: row.conversation_id,
        contactShared: row.closed_at === null && row.mine_shared_at !== null && row.theirs_shared_at !== null,
      },
    ]),
  );
}
