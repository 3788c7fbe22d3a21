import { sql } from 'kysely';
import { CLIENT_STATUS } from '../../shared/domain/statuses';
import type { DB } from '../platform/db/database';

/** The event's attendees who were checked in at the door and still have an active account. */
export function checkedInAttendees(db: DB, eventId: number) {
  return db
    .selectFrom('assistance')
    .innerJoin('clients', 'clients.id', 'assistance.client_id')
    .where('assistance.event_id', '=', eventId)
    .where('assistance.checked_in_at', 'is not', null)
    .where('clients.status_id', '=', CLIENT_STATUS.active);
}

export async function isCheckedIn(db: DB, eventId: number, clientId: number): Promise<boolean> {
  const row = await checkedInAttendees(db, eventId)
    .select(sql<number>`1`.as('found'))
    .where('assistance.client_id', '=', clientId)
    .executeTakeFirst();
  return Boolean(row);
}
