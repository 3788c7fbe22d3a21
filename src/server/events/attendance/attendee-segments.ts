import { hasStarted } from '../../../shared/domain/mexico-time';
import { ASSISTANCE_STATUS, CLIENT_STATUS } from '../../../shared/domain/statuses';
import type { DB } from '../../platform/db/database';

/** The groups of a night an organizer writes to that the events domain alone can tell. */
export type PlaceSegment = 'confirmed' | 'waiting' | 'checked_in' | 'no_show';

/**
 * Active members of one event's segment, by id (docs/design/25-organizers.md). "No llegaron" are the confirmed
 * who never checked in, only once the night has begun: before that nobody has failed to come.
 */
export async function membersOfSegment(db: DB, eventId: number, segment: PlaceSegment): Promise<number[]> {
  let query = db
    .selectFrom('assistance')
    .innerJoin('clients', 'clients.id', 'assistance.client_id')
    .select('assistance.client_id')
    .where('assistance.event_id', '=', eventId)
    .where('clients.status_id', '=', CLIENT_STATUS.active)
    .orderBy('assistance.client_id');
  if (segment === 'waiting') {
    query = query.where('assistance.status_id', '=', ASSISTANCE_STATUS.waiting);
  } else {
    query = query.where('assistance.status_id', '=', ASSISTANCE_STATUS.confirmed);
  }
  if (segment === 'checked_in') query = query.where('assistance.checked_in_at', 'is not', null);
  if (segment === 'no_show') {
    const event = await db
      .selectFrom('events')
      .select(['day', 'hour'])
      .where('id', '=', eventId)
      .executeTakeFirst();
    if (!event || !hasStarted(event)) return [];
    query = query.where('assistance.checked_in_at', 'is', null);
  }
  return (await query.execute()).map((row) => row.client_id);
}

/** Whether she checked in at this event: only then may she rate it. */
export async function cameToEvent(db: DB, clientId: number, eventId: number): Promise<boolean> {
  const row = await db
    .selectFrom('assistance')
    .select('id')
    .where('event_id', '=', eventId)
    .where('client_id', '=', clientId)
    .where('checked_in_at', 'is not', null)
    .executeTakeFirst();
  return row !== undefined;
}
