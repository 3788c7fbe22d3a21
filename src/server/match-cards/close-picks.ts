import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { EVENT_STATUS } from '../../shared/domain/statuses';
import { publishConversationChanged } from '../matches/live/publish-notice';
import { lockPeople } from '../matches/lock-people';
import { recordMutualPick } from '../matches/record-mutual-pair';
import { recordAudit } from '../platform/audit';
import type { Database } from '../platform/db/schema';
import { notFound } from '../platform/errors';
import { enqueue } from '../platform/queue/queue';
import { nowIso } from '../platform/time';
import { isBlocked } from '../trust/blocks';
import { picksWindow } from './event-window';
import { mutualPairs } from './mutual-pairs';

export const PICKS_CLOSE_JOB = 'picks-close';

/**
 * Queues the close of an event's match cards at `closesAt`, in the caller's transaction. The key
 * carries the time, so an event moved to another day gets a job of its own; the job of the old
 * time finds the window still open and does nothing.
 */
export async function schedulePicksClose(
  db: Kysely<Database>,
  eventId: number,
  closesAt: Date,
): Promise<void> {
  await enqueue(db, {
    kind: PICKS_CLOSE_JOB,
    key: `picks-close:${eventId}:${closesAt.toISOString()}`,
    payload: { eventId },
    runAt: closesAt,
  });
}

export interface CloseOutcome {
  /** False when the picks had already been closed: nothing changed. */
  closed: boolean;
  mutual: number;
}

/**
 * Closes an event's match cards (docs/design/12-match-cards.md): every pair who both said Sí becomes a mutual
 * interest, their conversation opens (told live after the commit) and both get an e-mail with the
 * other's first name and a link to it. One transaction:
 * the event row is claimed by a conditional update, so of two closes at once (two instances, the
 * job and the organizer) exactly one does the work and the other changes nothing.
 */
export async function closePicks(
  app: FastifyInstance,
  eventId: number,
  options: { adminId?: number; onlyWhenDue?: boolean } = {},
): Promise<CloseOutcome> {
  const outcome = await app.db.transaction().execute(async (trx) => {
    const event = await trx
      .selectFrom('events')
      .select(['id', 'name', 'day', 'hour', 'duration_minutes', 'picks_closed_at'])
      .where('id', '=', eventId)
      .executeTakeFirst();
    if (!event || event.picks_closed_at) return { closed: false, mutual: 0, opened: [] };
    const window = picksWindow(event);
    if (options.onlyWhenDue && (!window || new Date() < window.closesAt))
      return { closed: false, mutual: 0, opened: [] };
    const claimed = await trx
      .updateTable('events')
      .set({ picks_closed_at: nowIso() })
      .where('id', '=', eventId)
      .where('picks_closed_at', 'is', null)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) === 0) return { closed: false, mutual: 0, opened: [] };

    const pairs = await mutualPairs(trx, eventId);
    const active = await lockPeople(
      app,
      trx,
      [...new Set(pairs.flatMap((pair) => [pair.a, pair.b]))].sort((x, y) => x - y),
    );
    const people = new Map(
      active.size === 0
        ? []
        : (
            await trx
              .selectFrom('clients')
              .select(['id', 'first_name', 'email'])
              .where('id', 'in', [...active])
              .execute()
          ).map((person) => [person.id, person]),
    );
    let mutual = 0;
    const opened: { conversationId: number; members: number[] }[] = [];
    for (const pair of pairs) {
      const a = people.get(pair.a);
      const b = people.get(pair.b);
      if (!a || !b || (await isBlocked(trx, a.id, b.id))) continue;
      const conversationId = await recordMutualPick(trx, app.config.publicUrl, event, a, b);
      opened.push({ conversationId, members: [a.id, b.id] });
      mutual += 1;
    }
    if (options.adminId !== undefined) {
      await recordAudit(trx, {
        adminId: options.adminId,
        action: 'event.picks_close',
        entity: 'event',
        entityId: eventId,
        after: { mutual },
      });
    }
    return { closed: true, mutual, opened };
  });
  if (outcome.mutual > 0) app.queue.wake();
  for (const { conversationId, members } of outcome.opened)
    publishConversationChanged(app, conversationId, members);
  return { closed: outcome.closed, mutual: outcome.mutual };
}

/** The organizer's "Cerrar elecciones" (event/update {picks_close}). */
export async function closePicksByAdmin(app: FastifyInstance, adminId: number, eventId: number) {
  const event = await app.db
    .selectFrom('events')
    .select('id')
    .where('id', '=', eventId)
    .where('status_id', '<>', EVENT_STATUS.deleted)
    .executeTakeFirst();
  if (!event) throw notFound('El evento no existe');
  return closePicks(app, eventId, { adminId });
}

export function registerPicksCloseJob(app: FastifyInstance): void {
  app.queue.handle<{ eventId: number }>(PICKS_CLOSE_JOB, async ({ eventId }) => {
    await closePicks(app, eventId, { onlyWhenDue: true });
  });
}
