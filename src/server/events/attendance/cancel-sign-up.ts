import type { FastifyInstance } from 'fastify';
import type { Transaction } from 'kysely';
import { hasStarted } from '../../../shared/domain/mexico-time';
import { ASSISTANCE_STATUS } from '../../../shared/domain/statuses';
import type { Database } from '../../platform/db/schema';
import { conflict, notFound } from '../../platform/errors';
import type { CancelReason } from './payment-holds';
import type { PlaceHooks } from './place-hooks';
import { EVENT_NOT_AVAILABLE, EVENT_PAST } from './sign-up';
import { fillFreePlaces, lockEvent } from './waiting-list';

export const NOT_SIGNED_UP = 'No estás registrado/a en este evento';

type Trx = Transaction<Database>;

/**
 * Cancels a sign-up (status 4) and gives its place to the first person waiting of that gender.
 * Used by the member (client/events/cancel) and by an admin on their behalf; the hooks' listeners
 * hear of it in the same transaction (payments: a refund by its rule, an open checkout closed).
 * Cancelling twice changes nothing. Answers the status before the change.
 */
export async function cancelAssistance(
  app: FastifyInstance,
  hooks: PlaceHooks,
  trx: Trx,
  assistance: { id: number; event_id: number },
  reason: Exclude<CancelReason, 'payment_expired'>,
): Promise<{ before: number; gender: number }> {
  const event = await lockEvent(trx, assistance.event_id);
  if (!event) throw notFound(EVENT_NOT_AVAILABLE);
  // Read again under the event lock: a concurrent cancel or confirm may have changed it.
  const row = await trx
    .selectFrom('assistance')
    .innerJoin('clients', 'clients.id', 'assistance.client_id')
    .select(['assistance.status_id', 'clients.gender'])
    .where('assistance.id', '=', assistance.id)
    .executeTakeFirstOrThrow();
  if (row.status_id === ASSISTANCE_STATUS.cancelled) return { before: row.status_id, gender: row.gender };
  if (hasStarted(event)) throw conflict(EVENT_PAST);
  await trx
    .updateTable('assistance')
    .set({
      status_id: ASSISTANCE_STATUS.cancelled,
      checked_in_at: null,
      cancel_reason: reason,
      payment_due_at: null,
    })
    .where('id', '=', assistance.id)
    .execute();
  await hooks.cancelled(trx, { assistanceId: assistance.id, reason, cancelledAt: new Date().toISOString() });
  await fillFreePlaces(trx, app.config, event, row.gender);
  return { before: row.status_id, gender: row.gender };
}

export async function cancelOwnSignUp(
  app: FastifyInstance,
  hooks: PlaceHooks,
  clientId: number,
  eventId: number,
): Promise<{ assistanceId: number; changed: boolean }> {
  const result = await app.db.transaction().execute(async (trx) => {
    const assistance = await trx
      .selectFrom('assistance')
      .select(['id', 'event_id'])
      .where('event_id', '=', eventId)
      .where('client_id', '=', clientId)
      .executeTakeFirst();
    if (!assistance) throw notFound(NOT_SIGNED_UP);
    const { before } = await cancelAssistance(app, hooks, trx, assistance, 'member');
    return { assistanceId: assistance.id, changed: before !== ASSISTANCE_STATUS.cancelled };
  });
  if (result.changed) app.queue.wake();
  return result;
}
