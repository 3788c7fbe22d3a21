import type { Transaction } from 'kysely';
import { INTEREST_STATUS } from '../../shared/domain/statuses';
import { notifyMember } from '../notifications/notify-member';
import type { Database } from '../platform/db/schema';
import { nowIso } from '../platform/time';
import { openConversation } from './conversations/conversation-pair';
import { pairSearchText } from './interests/pair-search-text';
import { enqueueMutualInterestMails, enqueueMutualPickMails, type PickedPerson } from './mutual-pair-mail';

/**
 * A pair made on /personas: the second interest of two made both rows mutual. Their conversation
 * opens and both people hear of it, in the caller's transaction, under the locks it took with
 * lockPeople. Answers the conversation's id (tell them live once the transaction commits).
 */
export async function recordMutualInterest(
  trx: Transaction<Database>,
  publicUrl: string,
  pair: { interestIds: [number, number]; clientId: number; otherId: number },
): Promise<number> {
  await trx
    .updateTable('interests')
    .set({ status_id: INTEREST_STATUS.mutual })
    .where('id', 'in', pair.interestIds)
    .execute();
  const conversationId = await openConversation(trx, pair.clientId, pair.otherId);
  await enqueueMutualInterestMails(trx, publicUrl, { ...pair, conversationId });
  const people = await trx
    .selectFrom('clients')
    .select(['id', 'first_name'])
    .where('id', 'in', [pair.clientId, pair.otherId])
    .execute();
  const rows = [...pair.interestIds].sort((x, y) => x - y).join(':');
  for (const person of people) {
    const other = people.find((candidate) => candidate.id !== person.id);
    if (other)
      await pushNewMatch(
        trx,
        `new-match:interests:${rows}:client:${person.id}`,
        person.id,
        other,
        conversationId,
      );
  }
  return conversationId;
}

/** "¡Tienes un nuevo match con Lucía!" (docs/design/21-pocket.md): her first name only, to their conversation. */
async function pushNewMatch(
  trx: Transaction<Database>,
  key: string,
  clientId: number,
  other: { first_name: string },
  conversationId: number,
): Promise<void> {
  await notifyMember(trx, key, {
    clientId,
    kind: 'new_match',
    title: `¡Tienes un nuevo match con ${other.first_name}!`,
    body: 'Ya pueden escribirse en Cita: salúdale.',
    url: `/mensajes/${conversationId}`,
    tag: `new-match:${conversationId}`,
  });
}

/**
 * A pair made on the night: both said Sí on their match cards. It becomes a mutual interest, like
 * one made on /personas, their conversation opens, and both people get the match cards' e-mail;
 * under the caller's locks. Answers the conversation's id.
 */
export async function recordMutualPick(
  trx: Transaction<Database>,
  publicUrl: string,
  event: { id: number; name: string },
  a: PickedPerson,
  b: PickedPerson,
): Promise<number> {
  const isNew = await makeInterestMutual(trx, a.id, b.id);
  const conversationId = await openConversation(trx, a.id, b.id);
  await enqueueMutualPickMails(trx, publicUrl, event, { a, b, conversationId });
  // A pair already mutual is no new match: the match cards' e-mail is news enough.
  if (isNew) {
    for (const [person, other] of [
      [a, b],
      [b, a],
    ] as const) {
      await pushNewMatch(
        trx,
        `new-match:picks:${event.id}:${person.id}:${other.id}`,
        person.id,
        other,
        conversationId,
      );
    }
  }
  return conversationId;
}

/**
 * Makes two people's interest mutual both ways, whatever existed before (nothing, one-way in
 * either direction, already mutual), under locks the caller took with lockPeople. Answers whether
 * anything changed.
 */
async function makeInterestMutual(trx: Transaction<Database>, clientId: number, otherId: number) {
  let changed = false;
  for (const [from, to] of [
    [clientId, otherId],
    [otherId, clientId],
  ] as const) {
    const inserted = await trx
      .insertInto('interests')
      .values({
        client_id: from,
        target_client_id: to,
        status_id: INTEREST_STATUS.mutual,
        contacted: 0,
        created_at: nowIso(),
        search_text: pairSearchText(from, to),
      })
      .onConflict((oc) => oc.columns(['client_id', 'target_client_id']).doNothing())
      .executeTakeFirst();
    const updated = await trx
      .updateTable('interests')
      .set({ status_id: INTEREST_STATUS.mutual })
      .where('client_id', '=', from)
      .where('target_client_id', '=', to)
      .where('status_id', '<>', INTEREST_STATUS.mutual)
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0 || Number(updated.numUpdatedRows) > 0)
      changed = true;
  }
  return changed;
}
