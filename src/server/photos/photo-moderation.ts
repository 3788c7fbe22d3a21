import type { ModeratedPhoto, PendingPhoto, PhotoStatus } from '../../shared/contracts/photos';
import { PHOTO_STATUS } from '../../shared/contracts/photos';
import { CLIENT_STATUS } from '../../shared/domain/statuses';
import { recordAudit } from '../platform/audit';
import type { DB } from '../platform/db/database';
import { notFound } from '../platform/errors';
import { nowIso } from '../platform/time';
import { clearPhotoUrls } from './photo-sources';

/** The moderation queue: pending photos of members who can still log in, oldest first. */
export async function listPendingPhotos(db: DB): Promise<PendingPhoto[]> {
  const rows = await db
    .selectFrom('photos')
    .innerJoin('clients', 'clients.id', 'photos.client_id')
    .select([
      'photos.id',
      'photos.client_id',
      'photos.position',
      'photos.created_at',
      'clients.first_name',
      'clients.last_name',
    ])
    .where('photos.status_id', '=', PHOTO_STATUS.pending)
    .where('clients.status_id', 'in', [CLIENT_STATUS.active, CLIENT_STATUS.inactive])
    .orderBy('photos.id')
    .execute();
  const urls = await clearPhotoUrls(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({
    id: row.id,
    client_id: row.client_id,
    client: `${row.first_name} ${row.last_name}`,
    position: row.position,
    created_at: row.created_at,
    url: urls.get(row.id)?.url ?? '',
    srcset: urls.get(row.id)?.srcset ?? '',
  }));
}

/**
 * Approves (2) or rejects (3, with the reason the member reads on /perfil) a photo, and writes
 * the audit entry in the same transaction. A decision can be changed later: an approved photo
 * can still be rejected.
 */
export async function moderatePhoto(
  db: DB,
  adminId: number,
  decision: { id: number; status_id: 2 | 3; reason?: string | undefined },
): Promise<ModeratedPhoto> {
  const reason = decision.status_id === PHOTO_STATUS.rejected ? (decision.reason ?? null) : null;
  const photo = await db.transaction().execute(async (trx) => {
    const before = await trx
      .selectFrom('photos')
      .select(['id', 'client_id', 'status_id', 'reason'])
      .where('id', '=', decision.id)
      .executeTakeFirst();
    if (!before) throw notFound('La foto no existe');
    const now = nowIso();
    await trx
      .updateTable('photos')
      .set({ status_id: decision.status_id, reason, reviewed_at: now, reviewed_by: adminId, updated_at: now })
      .where('id', '=', decision.id)
      .execute();
    await recordAudit(trx, {
      adminId,
      action: decision.status_id === PHOTO_STATUS.approved ? 'photo.approve' : 'photo.reject',
      entity: 'photo',
      entityId: decision.id,
      before: { client_id: before.client_id, status_id: before.status_id, reason: before.reason },
      after: { client_id: before.client_id, status_id: decision.status_id, reason },
    });
    return before;
  });
  const urls = (await clearPhotoUrls(db, [photo.id])).get(photo.id);
  return {
    id: photo.id,
    client_id: photo.client_id,
    status_id: decision.status_id as PhotoStatus,
    reason,
    url: urls?.url ?? '',
    srcset: urls?.srcset ?? '',
  };
}
