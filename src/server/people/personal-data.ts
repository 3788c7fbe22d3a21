import type { PersonalDataDeclaration } from '../platform/personal-data';

/** The member's advert. */
export const peoplePersonalData: PersonalDataDeclaration = {
  domain: 'people',
  tables: {
    adverts: { client_id: 'delete' },
  },

  async exportSections(db, clientId) {
    const advert = await db
      .selectFrom('adverts')
      .select(['id', 'status_id', 'description', 'description_update', 'status_update', 'updated_at'])
      .where('client_id', '=', clientId)
      .executeTakeFirst();
    return { advert: advert ?? null };
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
  },
};
