import type { RoundPerson } from '../../shared/contracts/match-cards';
import { publicName } from '../../shared/domain/people';
import { ASSISTANCE_STATUS, CLIENT_STATUS, EVENT_STATUS } from '../../shared/domain/statuses';
import { recordAudit } from '../platform/audit';
import type { DB } from '../platform/db/database';
import { notFound } from '../platform/errors';
import { checkedInAttendees } from './attendees';
import { planRounds } from './rounds';

/**
 * The rotation of an event (docs/design/12-match-cards.md) for its checked-in attendees or, before anyone was
 * checked in, its confirmed ones, in order of arrival (then sign-up) so the plan stays the same
 * each time it is asked for. `roundMinutes` also becomes the event's round length.
 */
export async function eventRounds(
  db: DB,
  adminId: number,
  eventId: number,
  roundMinutes: number | undefined,
) {
  const event = await db
    .selectFrom('events')
    .select(['id', 'name', 'round_minutes'])
    .where('id', '=', eventId)
    .where('status_id', '<>', EVENT_STATUS.deleted)
    .executeTakeFirst();
  if (!event) throw notFound('El evento no existe');
  if (roundMinutes !== undefined && roundMinutes !== event.round_minutes) {
    await db.transaction().execute(async (trx) => {
      await trx
        .updateTable('events')
        .set({ round_minutes: roundMinutes })
        .where('id', '=', eventId)
        .execute();
      await recordAudit(trx, {
        adminId,
        action: 'event.update',
        entity: 'event',
        entityId: eventId,
        before: { round_minutes: event.round_minutes },
        after: { round_minutes: roundMinutes },
      });
    });
  }
  const columns = ['clients.id', 'clients.first_name', 'clients.last_name', 'clients.gender'] as const;
  let source: 'checked_in' | 'confirmed' = 'checked_in';
  let attendees = await checkedInAttendees(db, eventId)
    .select(columns)
    .orderBy('assistance.checked_in_at')
    .orderBy('assistance.id')
    .execute();
  if (attendees.length === 0) {
    source = 'confirmed';
    attendees = await db
      .selectFrom('assistance')
      .innerJoin('clients', 'clients.id', 'assistance.client_id')
      .select(columns)
      .where('assistance.event_id', '=', eventId)
      .where('assistance.status_id', '=', ASSISTANCE_STATUS.confirmed)
      .where('clients.status_id', '=', CLIENT_STATUS.active)
      .orderBy('assistance.id')
      .execute();
  }
  const people: RoundPerson[] = attendees.map((person) => ({
    client_id: person.id,
    name: publicName(person.first_name, person.last_name),
    gender: person.gender,
  }));
  return {
    event_name: event.name,
    round_minutes: roundMinutes ?? event.round_minutes,
    source,
    people,
    rounds: planRounds(attendees.map((person) => ({ id: person.id, gender: person.gender }))),
  };
}
