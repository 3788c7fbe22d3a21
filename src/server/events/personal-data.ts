import type { PersonalDataDeclaration } from '../platform/personal-data';
import { leaveAllEvents } from './attendance/leave-all-events';

/** The member's sign-ups; an erased member leaves every event and their places go to those waiting. */
export const eventsPersonalData: PersonalDataDeclaration = {
  domain: 'events',
  tables: { assistance: { client_id: 'delete' } },

  async exportSections(db, clientId) {
    const signUps = await db
      .selectFrom('assistance')
      .innerJoin('events', 'events.id', 'assistance.event_id')
      .select([
        'assistance.event_id',
        'events.name as event_name',
        'events.day',
        'assistance.status_id',
        'assistance.created_at',
        'assistance.checked_in_at',
      ])
      .where('assistance.client_id', '=', clientId)
      .orderBy('assistance.id')
      .execute();
    return { event_sign_ups: signUps };
  },

  erase: (trx, clientId, context) => leaveAllEvents(trx, context, clientId),
};
