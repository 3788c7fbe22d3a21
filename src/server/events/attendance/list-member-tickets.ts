import type { OfflineTicket } from '../../../shared/contracts/tickets';
import { formatDoorCode } from '../../../shared/domain/door-code';
import { hasEnded, mexicoLocalToUtc } from '../../../shared/domain/mexico-time';
import { ASSISTANCE_STATUS, EVENT_STATUS } from '../../../shared/domain/statuses';
import type { DB } from '../../platform/db/database';
import { ticketQrSvg } from './tickets';

/**
 * The tickets a member may still need at the door (docs/design/21-pocket.md, the ticket offline): confirmed,
 * not checked in, at a dated event that has not ended. Latecomers keep theirs once the night has
 * started, as on /asistencias.
 */
export async function listMemberTickets(
  db: DB,
  clientId: number,
  now = new Date(),
): Promise<OfflineTicket[]> {
  const rows = await db
    .selectFrom('assistance')
    .innerJoin('events', 'events.id', 'assistance.event_id')
    .select([
      'assistance.id',
      'assistance.event_id',
      'assistance.ticket',
      'assistance.door_code',
      'events.name',
      'events.day',
      'events.hour',
      'events.duration_minutes',
      'events.venue',
      'events.address',
      'events.city',
    ])
    .where('assistance.client_id', '=', clientId)
    .where('assistance.status_id', '=', ASSISTANCE_STATUS.confirmed)
    .where('assistance.ticket', 'is not', null)
    .where('assistance.checked_in_at', 'is', null)
    .where('events.status_id', '!=', EVENT_STATUS.deleted)
    .where('events.day', 'is not', null)
    .where('events.hour', 'is not', null)
    .execute();
  // The query left out undated events and missing tickets (a door code comes with each ticket);
  // the empty strings never occur.
  const dated = rows.map((row) => ({
    ...row,
    day: row.day ?? '',
    hour: row.hour ?? '',
    code: row.ticket ?? '',
    door_code: row.door_code ?? '',
  }));
  const current = dated.filter((row) => !hasEnded(row, now));
  current.sort((a, b) => `${a.day} ${a.hour}`.localeCompare(`${b.day} ${b.hour}`) || a.id - b.id);
  return Promise.all(
    current.map(async (row) => ({
      assistance_id: row.id,
      event_id: row.event_id,
      name: row.name,
      day: row.day,
      hour: row.hour,
      ends_at: new Date(
        mexicoLocalToUtc(row.day, row.hour).getTime() + row.duration_minutes * 60_000,
      ).toISOString(),
      venue: row.venue,
      address: row.address,
      city: row.city,
      code: row.code,
      door_code: formatDoorCode(row.door_code),
      qr_svg: await ticketQrSvg(row.code),
    })),
  );
}
