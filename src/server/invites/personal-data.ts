import type { PersonalDataDeclaration } from '../platform/personal-data';
import { invitesExport } from './member-invites';

/**
 * Bring someone (decision 0053): her invite link and the invitations on either side of her. An
 * erasure deletes both: the other person's account is untouched, and a code the inviter earned
 * stays hers (the code belongs to the events domain's tables, which scrub it when she goes).
 */
export const invitesPersonalData: PersonalDataDeclaration = {
  domain: 'invites',
  tables: {
    invite_links: { client_id: 'delete' },
    invitations: { invited_client_id: 'delete', inviter_client_id: 'delete' },
  },

  async exportSections(db, clientId, { publicUrl }) {
    return { invitations: await invitesExport(db, publicUrl, clientId) };
  },

  async erase(trx, clientId) {
    await trx.deleteFrom('invite_links').where('client_id', '=', clientId).execute();
    await trx
      .deleteFrom('invitations')
      .where((eb) => eb.or([eb('invited_client_id', '=', clientId), eb('inviter_client_id', '=', clientId)]))
      .execute();
  },
};
