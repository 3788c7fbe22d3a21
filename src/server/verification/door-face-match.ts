import type { VerifiedMark } from '../../shared/domain/verification';
import { cameToEvent } from '../events/attendance/attendee-segments';
import { recordAudit } from '../platform/audit';
import type { DB } from '../platform/db/database';
import { conflict, notFound } from '../platform/errors';
import { nowIso } from '../platform/time';
import { VERIFICATION_STATUS } from './verification-status';
import { verifiedMarkOf } from './verified-marks';

export const NOT_CHECKED_IN = 'Esta persona no ha registrado su llegada a este evento';
export const ALREADY_COMPARED = 'Ya anotaste si esta persona coincide con su foto en este evento';

/**
 * The door's comparison (docs/design/27-verified.md): after her check-in, the admin looks at her
 * main photo. «Coincide» records the date, the event and the admin (the «Verificada en persona»
 * badge); «No coincide» shows her nothing and puts her in the moderators' queue with the event.
 * Once per member and event.
 */
export async function recordDoorFaceMatch(
  db: DB,
  adminId: number,
  eventId: number,
  clientId: number,
  matched: boolean,
): Promise<VerifiedMark> {
  if (!(await cameToEvent(db, clientId, eventId))) throw notFound(NOT_CHECKED_IN);
  await db.transaction().execute(async (trx) => {
    const earlier = await trx
      .selectFrom('door_face_matches')
      .select('id')
      .where('client_id', '=', clientId)
      .where('event_id', '=', eventId)
      .executeTakeFirst();
    if (earlier) throw conflict(ALREADY_COMPARED);
    const now = nowIso();
    const { id } = await trx
      .insertInto('door_face_matches')
      .values({
        client_id: clientId,
        event_id: eventId,
        admin_id: adminId,
        matched: matched ? 1 : 0,
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    let entityId = id;
    if (!matched) {
      const queued = await trx
        .insertInto('verifications')
        .values({
          client_id: clientId,
          source: 'door',
          event_id: eventId,
          gestures: null,
          status_id: VERIFICATION_STATUS.waiting,
          scores: null,
          reason: null,
          created_at: now,
          decided_at: null,
          decided_by: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      entityId = queued.id;
    }
    await recordAudit(trx, {
      adminId,
      action: matched ? 'verification.door_match' : 'verification.door_mismatch',
      entity: 'verification',
      entityId,
      after: { client_id: clientId, event_id: eventId, matched },
    });
  });
  return verifiedMarkOf(db, clientId);
}
