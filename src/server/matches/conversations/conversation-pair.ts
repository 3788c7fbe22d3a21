import type { Transaction } from 'kysely';
import type { DB } from '../../platform/db/database';
import type { Database } from '../../platform/db/schema';
import { nowIso } from '../../platform/time';

type Trx = Transaction<Database>;

/** Why nobody can send any more (docs/design/20-mensajes.md); deactivation is read from the member's status. */
export type ClosedReason = 'ended' | 'blocked' | 'erased';

/** The pair as stored: smaller client id first. */
export function orderedPair(
  clientId: number,
  otherId: number,
): { client_a: number; client_b: number; pair_key: string } {
  const [a, b] = clientId < otherId ? [clientId, otherId] : [otherId, clientId];
  return { client_a: a, client_b: b, pair_key: `${a}:${b}` };
}

/** The conversation of two members, if they ever were a mutual pair. */
export async function findPairConversation(
  db: DB | Trx,
  clientId: number,
  otherId: number,
): Promise<{ id: number; closed_at: string | null } | undefined> {
  return db
    .selectFrom('conversations')
    .select(['id', 'closed_at'])
    .where('pair_key', '=', orderedPair(clientId, otherId).pair_key)
    .executeTakeFirst();
}

/** Every conversation she is one of the pair of, whatever its state (a status change concerns them all). */
export async function conversationsOf(
  db: DB | Trx,
  clientId: number,
): Promise<{ id: number; client_a: number; client_b: number }[]> {
  return db
    .selectFrom('conversations')
    .select(['id', 'client_a', 'client_b'])
    .where((eb) => eb.or([eb('client_a', '=', clientId), eb('client_b', '=', clientId)]))
    .execute();
}

/**
 * A pair became mutual: their conversation exists and is open, on both lists, in the caller's
 * transaction. A pair made mutual again finds its old conversation, history included. Answers its id.
 */
export async function openConversation(trx: Trx, clientId: number, otherId: number): Promise<number> {
  const now = nowIso();
  await trx
    .insertInto('conversations')
    .values({ ...orderedPair(clientId, otherId), created_at: now, closed_at: null, closed_reason: null })
    .onConflict((oc) => oc.column('pair_key').doNothing())
    .execute();
  const conversation = await findPairConversation(trx, clientId, otherId);
  if (!conversation) throw new Error('conversation missing right after its insert');
  await trx
    .updateTable('conversations')
    .set({ closed_at: null, closed_reason: null })
    .where('id', '=', conversation.id)
    .execute();
  for (const member of [clientId, otherId]) {
    await trx
      .insertInto('conversation_sides')
      .values({
        conversation_id: conversation.id,
        client_id: member,
        activity_at: now,
        last_message_id: null,
      })
      .onConflict((oc) => oc.columns(['conversation_id', 'client_id']).doUpdateSet({ hidden: 0 }))
      .execute();
  }
  return conversation.id;
}

/** Nobody can send in the pair's conversation any more; answers its id when one was open. */
export async function closeConversation(
  trx: Trx,
  clientId: number,
  otherId: number,
  reason: ClosedReason,
): Promise<number | null> {
  const conversation = await findPairConversation(trx, clientId, otherId);
  if (!conversation || conversation.closed_at !== null) return null;
  await trx
    .updateTable('conversations')
    .set({ closed_at: nowIso(), closed_reason: reason })
    .where('id', '=', conversation.id)
    .execute();
  return conversation.id;
}

/** She blocked the other: closed, and gone from her list (the blocked one still sees it, closed). */
export async function closeConversationOnBlock(
  trx: Trx,
  blockerId: number,
  blockedId: number,
): Promise<number | null> {
  const conversation = await findPairConversation(trx, blockerId, blockedId);
  if (!conversation) return null;
  await closeConversation(trx, blockerId, blockedId, 'blocked');
  await trx
    .updateTable('conversation_sides')
    .set({ hidden: 1, unread: 0 })
    .where('conversation_id', '=', conversation.id)
    .where('client_id', '=', blockerId)
    .execute();
  return conversation.id;
}
