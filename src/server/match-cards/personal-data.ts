import type { PersonalDataDeclaration } from '../platform/personal-data';

/** The picks a member made on match cards; erasure removes those made and those received. */
export const matchCardsPersonalData: PersonalDataDeclaration = {
  domain: 'match-cards',
  tables: { picks: { client_id: 'delete', target_client_id: 'delete' } },

  async exportSections(db, clientId) {
    const picks = await db
      .selectFrom('picks')
      .innerJoin('events', 'events.id', 'picks.event_id')
      .innerJoin('clients', 'clients.id', 'picks.target_client_id')
      .select([
        'picks.event_id',
        'events.name as event_name',
        'picks.target_client_id',
        'clients.first_name',
        'picks.pick',
        'picks.updated_at',
      ])
      .where('picks.client_id', '=', clientId)
      .orderBy('picks.event_id')
      .orderBy('picks.target_client_id')
      .execute();
    return { picks };
  },

  async erase(trx, clientId) {
    await trx
      .deleteFrom('picks')
      .where((eb) => eb.or([eb('client_id', '=', clientId), eb('target_client_id', '=', clientId)]))
      .execute();
  },
};
