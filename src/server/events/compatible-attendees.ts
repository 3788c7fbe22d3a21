import { percentOf, scorePair } from '../../shared/domain/compatibility';
import { ASSISTANCE_STATUS } from '../../shared/domain/statuses';
import { loadScoringClients } from '../compatibility/matching-service';
import type { DB } from '../platform/db/database';
import { notBlockedWith } from '../trust/blocks';

/** "Muy afín" on the event page (docs/design/16-para-ti.md): a percent of at least this with her. */
export const VERY_COMPATIBLE_PERCENT = 70;

/**
 * How many people holding a place at the event (registered or confirmed) suit her at
 * VERY_COMPATIBLE_PERCENT or more, leaving out anyone blocked either way; undefined when she has no
 * quiz answers (the page then says nothing). A count only: never who.
 */
export async function countCompatibleAttendees(
  db: DB,
  eventId: number,
  clientId: number,
): Promise<number | undefined> {
  const [her] = await loadScoringClients(db, { ids: [clientId] });
  if (her === undefined) return undefined;
  const attendees = await db
    .selectFrom('assistance')
    .select('assistance.client_id')
    .where('assistance.event_id', '=', eventId)
    .where('assistance.status_id', 'in', [ASSISTANCE_STATUS.registered, ASSISTANCE_STATUS.confirmed])
    .where('assistance.client_id', '!=', clientId)
    .where(notBlockedWith(clientId, 'assistance.client_id'))
    .execute();
  if (attendees.length === 0) return 0;
  const people = await loadScoringClients(db, { ids: attendees.map((attendee) => attendee.client_id) });
  return people.filter((person) => percentOf(scorePair(her, person)) >= VERY_COMPATIBLE_PERCENT).length;
}
