import type { FastifyInstance } from 'fastify';
import type { Transaction } from 'kysely';
import { notifyMember } from '../../notifications/notify-member';
import type { DB } from '../../platform/db/database';
import type { Database } from '../../platform/db/schema';
import { conflict } from '../../platform/errors';
import { nowIso } from '../../platform/time';
import { lockPeople } from '../lock-people';
import { memberSide } from '../messages/conversation-member';
import { CONVERSATION_CLOSED } from '../messages/send-message';

/**
 * She pressed "Compartir mi contacto" (docs/design/26-contact.md): phone, WhatsApp link and Instagram appear
 * for both only once both did. Pressing twice changes nothing. The other person hears of her first
 * press by push (the conversation tells them live): one tap of theirs away from both contacts.
 * Answers the other member's id.
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
    const pressed = await trx
      .updateTable('conversation_sides')
      .set({ contact_shared_at: nowIso() })
      .where('conversation_id', '=', conversationId)
      .where('client_id', '=', clientId)
      .where('contact_shared_at', 'is', null)
      .executeTakeFirst();
    if (Number(pressed.numUpdatedRows) > 0)
      await pushContactShared(trx, clientId, side.otherId, conversationId);
    return side.otherId;
  });
}

/** "Lucía compartió su contacto contigo", or, when they had shared theirs, that both now see. */
async function pushContactShared(
  trx: Transaction<Database>,
  clientId: number,
  otherId: number,
  conversationId: number,
): Promise<void> {
  const sharer = await trx
    .selectFrom('clients')
    .select('first_name')
    .where('id', '=', clientId)
    .executeTakeFirstOrThrow();
  const theirs = await trx
    .selectFrom('conversation_sides')
    .select('contact_shared_at')
    .where('conversation_id', '=', conversationId)
    .where('client_id', '=', otherId)
    .executeTakeFirstOrThrow();
  const both = theirs.contact_shared_at !== null;
  await notifyMember(trx, `contact-shared:${conversationId}:${clientId}`, {
    clientId: otherId,
    kind: 'messages',
    title: both
      ? `${sharer.first_name} también compartió su contacto`
      : `${sharer.first_name} compartió su contacto contigo`,
    body: both
      ? 'Ya pueden ver el teléfono y el Instagram del otro en su conversación.'
      : 'Comparte el tuyo en su conversación y los dos verán el del otro.',
    url: `/mensajes/${conversationId}`,
    tag: `contact-shared:${conversationId}`,
  });
}

export interface PairConversation {
  conversationId: number;
  /** Both shared their contact while it is open. */
  contactShared: boolean;
  sharedByMe: boolean;
  /** The other shared theirs while it is open. */
  sharedByOther: boolean;
}

/**
 * Her conversations with each of `otherIds` (her mutual pairs), by the other person: its id, and
 * whether she and they both shared their contact while it is open.
 */
export async function pairConversationsWith(
  db: DB,
  clientId: number,
  otherIds: number[],
): Promise<Map<number, PairConversation>> {
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
        sharedByMe: row.mine_shared_at !== null,
        sharedByOther: row.closed_at === null && row.theirs_shared_at !== null,
      },
    ]),
  );
}
