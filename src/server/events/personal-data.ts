import type { PersonalDataDeclaration } from '../platform/personal-data';
import { leaveAllEvents } from './attendance/leave-all-events';
import { eraseMemberCodes, memberCodeUses } from './codes/member-codes-data';

/**
 * The member's sign-ups, the promo codes her places held, the wrong codes she typed and the
 * personal codes she owns (her export lists those with her invitations, decision 0053); an erased
 * member leaves every event and their places go to those waiting.
 */
export const eventsPersonalData: PersonalDataDeclaration = {
  domain: 'events',
  tables: {
    assistance: { client_id: 'delete' },
    promo_code_uses: { client_id: 'scrub' },
    promo_code_attempts: { client_id: 'delete' },
    promo_codes: { client_id: 'scrub' },
  },

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
    return { event_sign_ups: signUps, promo_code_uses: await memberCodeUses(db, clientId) };
  },

  async erase(trx, clientId, context) {
    await eraseMemberCodes(trx, clientId);
    await leaveAllEvents(trx, context, clientId);
  },
};
