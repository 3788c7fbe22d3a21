import type { DB } from '../../platform/db/database';
import { placeQuery } from './place-query';

/**
 * A place with its event and member, as the notices about it (reminder, payment due) read it
 * again when their job runs: the place may have changed since they were planned.
 */
export function findAttendeeNoticeRow(db: DB, assistanceId: number) {
  return placeQuery(db)
    .select(['events.venue', 'events.address', 'events.status_id as event_status_id'])
    .where('assistance.id', '=', assistanceId)
    .executeTakeFirst();
}
