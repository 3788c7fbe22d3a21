import { recordAudit } from '../../platform/audit';
import type { DB } from '../../platform/db/database';
import { notFound } from '../../platform/errors';

/** Marks whether the organizer has contacted an attendee (the back office's checkbox). */
export async function setAttendeeContacted(db: DB, adminId: number, assistanceId: number, contacted: 0 | 1) {
  await db.transaction().execute(async (trx) => {
    const before = await trx
      .selectFrom('assistance')
      .select(['id', 'contacted'])
      .where('id', '=', assistanceId)
      .executeTakeFirst();
    if (!before) throw notFound('El registro de asistencia no existe');
    await trx.updateTable('assistance').set({ contacted }).where('id', '=', assistanceId).execute();
    await recordAudit(trx, {
      adminId,
      action: 'assistance.contacted',
      entity: 'assistance',
      entityId: assistanceId,
      before: { contacted: before.contacted },
      after: { contacted },
    });
  });
}
