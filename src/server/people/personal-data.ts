import type { PersonalDataDeclaration } from '../platform/personal-data';

/** The member's advert and the interests they marked or received. */
export const peoplePersonalData: PersonalDataDeclaration = {
  domain: 'people',
  tables: {
    adverts: { client_id: 'delete' },
    interests: { client_id: 'delete', target_client_id: 'delete' },
  },

  async exportSections(db, clientId) {
    const advert = await db
      .selectFrom('adverts')
      .select(['id', 'status_id', 'description', 'description_update', 'status_update', 'updated_at'])
      .where('client_id', '=', clientId)
      .executeTakeFirst();
    const interests = await db
      .selectFrom('interests')
      .innerJoin('clients', 'clients.id', 'interests.target_client_id')
      .select([
        'interests.id',
        'interests.target_client_id',
        'clients.first_name',
        'interests.status_id',
        'interests.created_at',
      ])
      .where('interests.client_id', '=', clientId)
      .orderBy('interests.id')
      .execute();
    const interestedInYou = await db
      .selectFrom('interests')
      .select(['id', 'client_id', 'status_id', 'created_at'])
      .where('target_client_id', '=', clientId)
      .orderBy('id')
      .execute();
    return { advert: advert ?? null, interests, interested_in_you: interestedInYou };
  },

  async erase(trx, clientId) {
    const advert = await trx
      .selectFrom('adverts')
      .select('id')
      .where('client_id', '=', clientId)
      .executeTakeFirst();
    if (advert) {
      // The audit trail's copies of the advert's text go with it.
      await trx
        .updateTable('audit_log')
        .set({ before_json: null, after_json: null })
        .where('entity', '=', 'advert')
        .where('entity_id', '=', advert.id)
        .execute();
      await trx.deleteFrom('adverts').where('id', '=', advert.id).execute();
    }
    await trx
      .deleteFrom('interests')
      .where((eb) => eb.or([eb('client_id', '=', clientId), eb('target_client_id', '=', clientId)]))
      .execute();
  },
};
