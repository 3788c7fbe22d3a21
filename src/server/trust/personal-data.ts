import type { PersonalDataDeclaration } from '../platform/personal-data';

/**
 * Blocks and reports. Reports stay for the admins' safety record, but what the member wrote in
 * the ones they made is erased; blocks go both ways.
 */
export const trustPersonalData: PersonalDataDeclaration = {
  domain: 'trust',
  tables: {
    blocks: { client_id: 'delete', target_client_id: 'delete' },
    reports: {
      client_id: { keep: "the admins' safety record of who reported whom; what she wrote is scrubbed" },
      target_client_id: {
        keep: "the admins' safety record: reports about her stay with the anonymised account",
      },
      text: 'scrub',
    },
  },

  async exportSections(db, clientId) {
    const blocks = await db
      .selectFrom('blocks')
      .select(['target_client_id', 'created_at'])
      .where('client_id', '=', clientId)
      .orderBy('created_at')
      .execute();
    const reports = await db
      .selectFrom('reports')
      .select(['id', 'target_client_id', 'reason', 'text', 'status_id', 'created_at'])
      .where('client_id', '=', clientId)
      .orderBy('id')
      .execute();
    return { blocks, reports_made: reports };
  },

  async erase(trx, clientId) {
    await trx
      .deleteFrom('blocks')
      .where((eb) => eb.or([eb('client_id', '=', clientId), eb('target_client_id', '=', clientId)]))
      .execute();
    await trx.updateTable('reports').set({ text: '' }).where('client_id', '=', clientId).execute();
  },
};
