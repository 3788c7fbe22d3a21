import type { FaceScores, QueuedVerification } from '../../shared/contracts/verification';
import { approvedPhotos } from '../photos/photo-sources';
import { recordAudit } from '../platform/audit';
import type { DB } from '../platform/db/database';
import { badRequest, conflict, notFound } from '../platform/errors';
import { nowIso } from '../platform/time';
import type { Gesture } from './face-engine/face-engine';
import { VERIFICATION_STATUS } from './verification-status';
import { verifiedMarks } from './verified-marks';

export const CHOOSE_PHOTOS = 'Marca al menos una de sus fotos aprobadas que muestre a la misma persona';
export const NOT_HER_PHOTO = 'Sólo puedes marcar fotos aprobadas de esta persona';
export const ALREADY_DECIDED = 'Esta verificación ya se decidió';

/** The best similarity of the case to any of her photos: what ranks the queue. */
function bestScore(scores: FaceScores | null): number {
  const values = (scores?.photos ?? []).map((photo) => photo.score ?? 0);
  return values.length ? Math.max(...values) : -1;
}

/**
 * admin/verifications/get (docs/design/27-verified.md): the cases waiting for a moderator, door
 * reports first (a person at a door said the photos are not her), then selfies ranked by the
 * engine's best score; each with her selfies, her approved photos, the gestures and the scores.
 */
export async function listWaitingVerifications(db: DB): Promise<QueuedVerification[]> {
  const rows = await db
    .selectFrom('verifications')
    .innerJoin('clients', 'clients.id', 'verifications.client_id')
    .leftJoin('events', 'events.id', 'verifications.event_id')
    .select([
      'verifications.id',
      'verifications.client_id',
      'verifications.source',
      'verifications.event_id',
      'verifications.gestures',
      'verifications.scores',
      'verifications.created_at',
      'clients.first_name',
      'clients.last_name',
      'clients.gender',
      'events.name as event_name',
      'events.day as event_day',
    ])
    .where('verifications.status_id', '=', VERIFICATION_STATUS.waiting)
    .orderBy('verifications.id')
    .limit(100)
    .execute();
  const clientIds = rows.map((row) => row.client_id);
  const ids = rows.map((row) => row.id);
  const [galleries, marks, selfies] = await Promise.all([
    approvedPhotos(db, clientIds, 'member'),
    verifiedMarks(db, clientIds),
    ids.length
      ? db
          .selectFrom('verification_selfies')
          .select(['verification_id', 'content_type', 'bytes'])
          .where('verification_id', 'in', ids)
          .orderBy('verification_id')
          .orderBy('position')
          .execute()
      : Promise.resolve([]),
  ]);
  const selfiesOf = new Map<number, string[]>();
  for (const selfie of selfies) {
    const list = selfiesOf.get(selfie.verification_id) ?? [];
    list.push(`data:${selfie.content_type};base64,${selfie.bytes.toString('base64')}`);
    selfiesOf.set(selfie.verification_id, list);
  }
  const queue = rows.map((row): QueuedVerification => {
    const scores = row.scores ? (JSON.parse(row.scores) as FaceScores) : null;
    return {
      id: row.id,
      client_id: row.client_id,
      client: `${row.first_name} ${row.last_name}`,
      gender: row.gender,
      source: row.source,
      event:
        row.event_id !== null && row.event_name !== null
          ? { id: row.event_id, name: row.event_name, day: row.event_day ?? '' }
          : null,
      gestures: row.gestures ? (JSON.parse(row.gestures) as Gesture[]) : [],
      scores,
      selfies: selfiesOf.get(row.id) ?? [],
      photos: galleries.get(row.client_id)?.photos ?? [],
      verified: marks(row.client_id),
      created_at: row.created_at,
    };
  });
  return queue.sort(
    (a, b) =>
      Number(b.source === 'door') - Number(a.source === 'door') ||
      bestScore(b.scores) - bestScore(a.scores) ||
      a.id - b.id,
  );
}

/**
 * admin/verification/update: approve (2), marking which of her approved photos show the person of
 * the selfies, or reject (3) with a reason she reads. The selfies are deleted at the decision; the
 * decision, its date, the gestures, the scores and the marked photos stay. Deciding a door report
 * changes nothing she sees, except that confirming it (reject) takes away her «Foto verificada».
 */
export async function decideVerification(
  db: DB,
  adminId: number,
  decision: { id: number; status_id: 2 | 3; photo_ids?: number[] | undefined; reason?: string | undefined },
): Promise<{ id: number; client_id: number; status_id: number }> {
  const verification = await db
    .selectFrom('verifications')
    .select(['id', 'client_id', 'source', 'status_id'])
    .where('id', '=', decision.id)
    .executeTakeFirst();
  if (!verification) throw notFound('La verificación no existe');
  const approving = decision.status_id === VERIFICATION_STATUS.verified;
  const photoIds = [...new Set(decision.photo_ids ?? [])];
  if (approving && verification.source === 'selfie') {
    if (photoIds.length === 0) throw badRequest(CHOOSE_PHOTOS);
    const hers = new Set(
      (await approvedPhotos(db, [verification.client_id], 'member'))
        .get(verification.client_id)
        ?.photos.map((photo) => photo.id) ?? [],
    );
    if (photoIds.some((id) => !hers.has(id))) throw badRequest(NOT_HER_PHOTO);
  }
  const reason = approving ? null : (decision.reason ?? null);
  await db.transaction().execute(async (trx) => {
    const now = nowIso();
    const result = await trx
      .updateTable('verifications')
      .set({ status_id: decision.status_id, reason, decided_at: now, decided_by: adminId })
      .where('id', '=', verification.id)
      .where('status_id', '=', VERIFICATION_STATUS.waiting)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) throw conflict(ALREADY_DECIDED);
    await trx.deleteFrom('verification_selfies').where('verification_id', '=', verification.id).execute();
    if (approving && verification.source === 'selfie') {
      await trx
        .insertInto('verified_photos')
        .values(
          photoIds.map((photoId) => ({
            verification_id: verification.id,
            client_id: verification.client_id,
            photo_id: photoId,
          })),
        )
        .execute();
    }
    if (!approving && verification.source === 'door') {
      await trx.deleteFrom('verified_photos').where('client_id', '=', verification.client_id).execute();
    }
    await recordAudit(trx, {
      adminId,
      action: approving ? 'verification.approve' : 'verification.reject',
      entity: 'verification',
      entityId: verification.id,
      before: { status_id: verification.status_id },
      after: {
        client_id: verification.client_id,
        source: verification.source,
        status_id: decision.status_id,
        photo_ids: approving ? photoIds : [],
        reason,
      },
    });
  });
  return { id: verification.id, client_id: verification.client_id, status_id: decision.status_id };
}
