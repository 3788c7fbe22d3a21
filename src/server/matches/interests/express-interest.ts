import type { FastifyInstance } from 'fastify';
import { INTEREST_STATUS } from '../../../shared/domain/statuses';
import { nowIso } from '../../platform/time';
import { publishConversationChanged } from '../live/publish-notice';
import { lockPeople } from '../lock-people';
import { recordMutualInterest } from '../record-mutual-pair';
import { pairSearchText } from './pair-search-text';

export interface ExpressedInterest {
  interestId: number;
  created: boolean;
  mutual: boolean;
}

/**
 * One person's interest in another (docs/design/04-domain-rules.md): one-way until the other person
 * is also interested, then both rows are mutual and their conversation opens. Repeating it
 * changes nothing and sends no second mail. Answers null when the other person is no longer
 * active, found under the pair's lock.
 */
export async function expressInterest(
  app: FastifyInstance,
  clientId: number,
  targetId: number,
): Promise<ExpressedInterest | null> {
  const outcome = await app.db.transaction().execute(async (trx) => {
    if (!(await lockPeople(app, trx, [clientId, targetId])).has(targetId)) return null;
    const inserted = await trx
      .insertInto('interests')
      .values({
        client_id: clientId,
        target_client_id: targetId,
        status_id: INTEREST_STATUS.oneWay,
        contacted: 0,
        created_at: nowIso(),
        search_text: pairSearchText(clientId, targetId),
      })
      .onConflict((oc) => oc.columns(['client_id', 'target_client_id']).doNothing())
      .returning(['id', 'status_id'])
      .executeTakeFirst();
    const own =
      inserted ??
      (await trx
        .selectFrom('interests')
        .select(['id', 'status_id'])
        .where('client_id', '=', clientId)
        .where('target_client_id', '=', targetId)
        .executeTakeFirstOrThrow());
    const reverse = await trx
      .selectFrom('interests')
      .select(['id', 'status_id'])
      .where('client_id', '=', targetId)
      .where('target_client_id', '=', clientId)
      .executeTakeFirst();
    const result = { interestId: own.id, created: Boolean(inserted), mutual: Boolean(reverse) };
    if (!reverse) return { result, conversationId: null };
    if (own.status_id === INTEREST_STATUS.mutual && reverse.status_id === INTEREST_STATUS.mutual) {
      return { result, conversationId: null };
    }
    const conversationId = await recordMutualInterest(trx, app.config.publicUrl, {
      interestIds: [own.id, reverse.id],
      clientId,
      otherId: targetId,
    });
    return { result, conversationId };
  });
  if (outcome === null) return null;
  if (outcome.conversationId !== null) {
    app.queue.wake();
    publishConversationChanged(app, outcome.conversationId, [clientId, targetId]);
  }
  return outcome.result;
}
