import { hasStarted } from '../../../shared/domain/mexico-time';
import { ASSISTANCE_STATUS } from '../../../shared/domain/statuses';
import type { DB } from '../../platform/db/database';

export interface AttendanceFigures {
  confirmed: number;
  confirmed_women: number;
  confirmed_men: number;
  confirmed_lgbtq: number;
  checked_in: number;
  no_show_rate: number | null;
  first_time: number;
  returning: number;
}

const WOMAN = 1;
const MAN = 2;
const LGBTQ = 3;

/**
 * The attendance numbers of one night (docs/design/25-organizers.md). First-time and returning count the
 * confirmed: returning when she had checked in at a night of an earlier day.
 */
export async function attendanceFigures(db: DB, eventId: number): Promise<AttendanceFigures> {
  const event = await db
    .selectFrom('events')
    .select(['day', 'hour'])
    .where('id', '=', eventId)
    .executeTakeFirstOrThrow();
  const confirmed = await db
    .selectFrom('assistance')
    .innerJoin('clients', 'clients.id', 'assistance.client_id')
    .select(['assistance.client_id', 'assistance.checked_in_at', 'clients.gender'])
    .where('assistance.event_id', '=', eventId)
    .where('assistance.status_id', '=', ASSISTANCE_STATUS.confirmed)
    .execute();
  const returningIds = new Set<number>();
  if (event.day && confirmed.length > 0) {
    const earlier = await db
      .selectFrom('assistance')
      .innerJoin('events', 'events.id', 'assistance.event_id')
      .select('assistance.client_id')
      .distinct()
      .where(
        'assistance.client_id',
        'in',
        confirmed.map((row) => row.client_id),
      )
      .where('assistance.checked_in_at', 'is not', null)
      .where('events.day', '<', event.day)
      .execute();
    for (const row of earlier) returningIds.add(row.client_id);
  }
  const checkedIn = confirmed.filter((row) => row.checked_in_at !== null).length;
  return {
    confirmed: confirmed.length,
    confirmed_women: confirmed.filter((row) => row.gender === WOMAN).length,
    confirmed_men: confirmed.filter((row) => row.gender === MAN).length,
    confirmed_lgbtq: confirmed.filter((row) => row.gender === LGBTQ).length,
    checked_in: checkedIn,
    no_show_rate:
      hasStarted(event) && confirmed.length > 0 ? (confirmed.length - checkedIn) / confirmed.length : null,
    first_time: confirmed.length - returningIds.size,
    returning: returningIds.size,
  };
}
