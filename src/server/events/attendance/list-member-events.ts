import type { AttendedEvent } from '../../../shared/contracts/client-events';
import { formatDoorCode } from '../../../shared/domain/door-code';
import { hasEnded, hasStarted } from '../../../shared/domain/mexico-time';
import { ASSISTANCE_STATUS, EVENT_STATUS } from '../../../shared/domain/statuses';
import type { DB } from '../../platform/db/database';
import { waitingPosition } from './waiting-list';

/** When an event starts, for ordering: undated events (a draft again) sort after every dated one. */
function startKey(event: { day: string; hour: string }): string {
  return event.day ? `${event.day} ${event.hour}` : '9999';
}

/**
 * The caller's sign-ups with where each one stands (/asistencias): the coming events first, the
 * soonest on top, then the past ones, the most recent on top.
 */
export async function listClientEvents(db: DB, clientId: number): Promise<AttendedEvent[]> {
  const rows = await db
    .selectFrom('assistance')
    .innerJoin('events', 'events.id', 'assistance.event_id')
    .innerJoin('clients', 'clients.id', 'assistance.client_id')
    .select([
      'assistance.id',
      'assistance.event_id',
      'assistance.created_at',
      'assistance.ticket',
      'assistance.door_code',
      'assistance.checked_in_at',
      'clients.gender',
      'events.name',
      'events.day',
      'events.hour',
      'events.venue',
      'events.address',
      'events.city',
      'events.duration_minutes',
      'assistance.status_id',
      'assistance.cancel_reason',
      'assistance.promoted_at',
      'assistance.payment_due_at',
    ])
    .where('assistance.client_id', '=', clientId)
    .where('events.status_id', '!=', EVENT_STATUS.deleted)
    .execute();
  const events = await Promise.all(
    rows.map(async (row) => ({
      id: row.id,
      event_id: row.event_id,
      name: row.name,
      day: row.day ?? '',
      hour: row.hour ?? '',
      status_id: row.status_id,
      cancel_reason: row.status_id === ASSISTANCE_STATUS.cancelled ? row.cancel_reason : null,
      freed_place_due_at:
        row.status_id === ASSISTANCE_STATUS.registered && row.promoted_at ? row.payment_due_at : null,
      position:
        row.status_id === ASSISTANCE_STATUS.waiting ? await waitingPosition(db, row, row.gender) : null,
      ticket: row.status_id === ASSISTANCE_STATUS.confirmed ? row.ticket : null,
      door_code:
        row.status_id === ASSISTANCE_STATUS.confirmed && row.door_code ? formatDoorCode(row.door_code) : null,
      venue: row.venue,
      address: row.address,
      city: row.city,
      duration_minutes: row.duration_minutes,
      past: hasStarted(row),
      ended: hasEnded(row),
      checked_in: row.checked_in_at ? 1 : 0,
    })),
  );
  const upcoming = events.filter((event) => !event.past);
  const past = events.filter((event) => event.past);
  upcoming.sort((a, b) => startKey(a).localeCompare(startKey(b)) || a.id - b.id);
  past.sort((a, b) => startKey(b).localeCompare(startKey(a)) || b.id - a.id);
  return [...upcoming, ...past];
}
