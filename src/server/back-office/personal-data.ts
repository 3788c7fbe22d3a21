import type { PersonalDataDeclaration } from '../platform/personal-data';

/** The admins' "contacted" mark on compatibility pairs: an admin's note, not shown to the member. */
export const backOfficePersonalData: PersonalDataDeclaration = {
  domain: 'back-office',
  tables: { quiz_pair_contacts: { client_a: 'delete', client_b: 'delete' } },

  async exportSections() {
    return {};
  },

  async erase(trx, clientId) {
    await trx
      .deleteFrom('quiz_pair_contacts')
      .where((eb) => eb.or([eb('client_a', '=', clientId), eb('client_b', '=', clientId)]))
      .execute();
  },
};
