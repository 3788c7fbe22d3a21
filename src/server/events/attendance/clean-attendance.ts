import { recordAudit } from '../../platform/audit';
import type { DB } from '../../platform/db/database';
import { notFound } from '../../platform/errors';
import type { PlaceHooks } from './place-hooks';

/**
 * 'Eliminar lista': removes every sign-up of the event. The hooks' listeners hear of it first, so
 * what points at the sign-ups (payments, kept for the accounts) lets go of them.
 */
export async function cleanAttendance(
  db: DB,
  hooks: PlaceHooks,
  adminId: number,
  eventId: number,
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const event = await trx.selectFrom('events').select('id').where('id', '=', eventId).executeTakeFirst();
    if (!event) throw notFound('El evento no existe');
    const removed = await trx.selectFrom('assistance').selectAll().where('event_id', '=', eventId).execute();
    await hooks.removed(
      trx,
      removed.map((row) => row.id),
    );
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
