import type { FastifyInstance } from 'fastify';
import type { DB } from '../../platform/db/database';
import { conflict } from '../../platform/errors';
import { nowIso } from '../../platform/time';
import { lockPeople } from '../lock-people';
import { memberSide } from '../messages/conversation-member';
import { CONVERSATION_CLOSED } from '../messages/send-message';

/**
 * She pressed "Compartir mi WhatsApp" (design.md §20): the wa.me links appear for both only once
 * both did. Pressing twice changes nothing. Answers the other member's id.
 */
export async function shareWhatsapp(
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
      .set({ whatsapp_shared_at: nowIso() })
      .where('conversation_id', '=', conversationId)
      .where('client_id', '=', clientId)
      .where('whatsapp_shared_at', 'is', null)
      .execute();
    return side.otherId;
  });
}

/** The people, among `otherIds`, with whom she and they both shared their WhatsApp in an open conversation. */
export async function whatsappSharedWith(db: DB, clientId: number, otherIds: number[]): Promise<Set<number>> {
  if (otherIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('conversation_sides as mine')
    .innerJoin('conversations', 'conversations.id', 'mine.conversation_id')
    .innerJoin('conversation_sides as theirs', (join) =>
      join
        .onRef('theirs.conversation_id', '=', 'mine.conversation_id')
        .onRef('theirs.client_id', '<>', 'mine.client_id'),
    )
    .select('theirs.client_id')
    .where('mine.client_id', '=', clientId)
    .where('theirs.client_id', 'in', otherIds)
    .where('mine.whatsapp_shared_at', 'is not', null)
    .where('theirs.whatsapp_shared_at', 'is not', null)
    .where('conversations.closed_at', 'is', null)
    .execute();
  return new Set(rows.map((row) => row.client_id));
}
