import { recordAudit } from '../../platform/audit';
import type { DB } from '../../platform/db/database';
import { notFound } from '../../platform/errors';

/** 'Eliminar lista': removes every sign-up of the event. */
export async function cleanAttendance(db: DB, adminId: number, eventId: number): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const event = await trx.selectFrom('events').select('id').where('id', '=', eventId).executeTakeFirst();
    if (!event) throw notFound('El evento no existe');
    const removed = await trx.selectFrom('assistance').selectAll().where('event_id', '=', eventId).execute();
    await trx.deleteFrom('assistance').where('event_id', '=', eventId).execute();
    await recordAudit(trx, {
      adminId,
      action: 'assistance.clean',
      entity: 'event',
      entityId: eventId,
      before: removed,
      after: [],
    });
    return removed.length;
  });
}
