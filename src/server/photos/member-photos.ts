import type { FastifyInstance } from 'fastify';
import type { Transaction } from 'kysely';
import { MAX_PHOTOS, type MemberPhoto, PHOTO_STATUS, type PhotoStatus } from '../../shared/contracts/photos';
import { CLIENT_STATUS } from '../../shared/domain/statuses';
import type { DB } from '../platform/db/database';
import type { Database } from '../platform/db/schema';
import { badRequest, conflict, forbidden, notFound } from '../platform/errors';
import { deleteImage, prepareImage, storeImage } from '../platform/images/image-store';
import { nowIso } from '../platform/time';
import { clearPhotoUrls } from './photo-sources';

const TOO_MANY = `Ya tienes ${MAX_PHOTOS} fotos: borra una para subir otra`;
const NO_SUCH_PHOTO = 'La foto no existe';

/** The caller's photos in order, with their clear URLs whatever their status. */
export async function listOwnPhotos(db: DB, clientId: number): Promise<MemberPhoto[]> {
  const rows = await db
    .selectFrom('photos')
    .select(['id', 'status_id', 'position', 'reason'])
    .where('client_id', '=', clientId)
    .orderBy('position')
    .execute();
  const urls = await clearPhotoUrls(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => {
    const sources = urls.get(row.id);
    return {
      id: row.id,
      status_id: row.status_id as PhotoStatus,
      position: row.position,
      url: sources?.url ?? '',
      srcset: sources?.srcset ?? '',
      reason: row.reason,
    };
  });
}

/**
 * Holds the member's row for the rest of the transaction on PostgreSQL, so two uploads (or an
 * upload and a delete) at once count and number the photos one after the other. SQLite runs one
 * transaction at a time, so it needs no lock.
 */
async function lockMember(app: FastifyInstance, trx: Transaction<Database>, clientId: number): Promise<void> {
  let query = trx.selectFrom('clients').select('status_id').where('id', '=', clientId);
  if (app.config.databaseUrl) query = query.forUpdate();
  const member = await query.executeTakeFirst();
  // The account may have been erased while the upload was being encoded.
  if (member?.status_id !== CLIENT_STATUS.active) throw forbidden('Tu cuenta ya no está activa');
}

async function photoCount(db: DB | Transaction<Database>, clientId: number): Promise<number> {
  const { count } = await db
    .selectFrom('photos')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('client_id', '=', clientId)
    .executeTakeFirstOrThrow();
  return Number(count);
}

/**
 * Adds a photo, pending, after the others. A member already at six is told before the upload is
 * encoded; the count is checked again under the lock, because encoding happens outside it.
 */
export async function addPhoto(app: FastifyInstance, clientId: number, image: string): Promise<number> {
  if ((await photoCount(app.db, clientId)) >= MAX_PHOTOS) throw conflict(TOO_MANY);
  const prepared = await prepareImage(image, { blurred: true });
  return app.db.transaction().execute(async (trx) => {
    await lockMember(app, trx, clientId);
    const count = await photoCount(trx, clientId);
    if (count >= MAX_PHOTOS) throw conflict(TOO_MANY);
    const stored = await storeImage(trx, 'photo', prepared);
    const now = nowIso();
    const { id } = await trx
      .insertInto('photos')
      .values({
        client_id: clientId,
        image_id: stored.id,
        position: count + 1,
        status_id: PHOTO_STATUS.pending,
        reason: null,
        created_at: now,
        updated_at: now,
        reviewed_at: null,
        reviewed_by: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return id;
  });
}

/** Moves one of the caller's photos to a position (1 is the main photo); the others shift to make room. */
export async function movePhoto(
  app: FastifyInstance,
  clientId: number,
  photoId: number,
  position: number,
): Promise<void> {
  await app.db.transaction().execute(async (trx) => {
    await lockMember(app, trx, clientId);
    const photos = await trx
      .selectFrom('photos')
      .select(['id', 'position'])
      .where('client_id', '=', clientId)
      .orderBy('position')
      .execute();
    const moving = photos.find((photo) => photo.id === photoId);
    if (!moving) throw notFound(NO_SUCH_PHOTO);
    if (position > photos.length) {
      throw badRequest(`Tienes ${photos.length} fotos: la posición es a lo más ${photos.length}`);
    }
    const order = photos.filter((photo) => photo.id !== photoId);
    order.splice(position - 1, 0, moving);
    const now = nowIso();
    for (const [index, photo] of order.entries()) {
      if (photo.position === index + 1) continue;
      await trx
        .updateTable('photos')
        .set({ position: index + 1, updated_at: now })
        .where('id', '=', photo.id)
        .execute();
    }
  });
}

/** Deletes one of the caller's photos with its image; the photos after it move up one place. */
export async function deletePhoto(app: FastifyInstance, clientId: number, photoId: number): Promise<void> {
  await app.db.transaction().execute(async (trx) => {
    await lockMember(app, trx, clientId);
    const photo = await trx
      .selectFrom('photos')
      .select(['id', 'image_id', 'position'])
      .where('id', '=', photoId)
      .where('client_id', '=', clientId)
      .executeTakeFirst();
    if (!photo) throw notFound(NO_SUCH_PHOTO);
    await trx.deleteFrom('photos').where('id', '=', photo.id).execute();
    await deleteImage(trx, photo.image_id);
    await trx
      .updateTable('photos')
      .set((eb) => ({ position: eb('position', '-', 1), updated_at: nowIso() }))
      .where('client_id', '=', clientId)
      .where('position', '>', photo.position)
      .execute();
  });
}

/** Erasure: every photo of the member and its image go, inside the erasing transaction. */
export async function deleteAllPhotos(trx: Transaction<Database>, clientId: number): Promise<void> {
  const photos = await trx
    .selectFrom('photos')
    .select('image_id')
    .where('client_id', '=', clientId)
    .execute();
  await trx.deleteFrom('photos').where('client_id', '=', clientId).execute();
  for (const photo of photos) await deleteImage(trx, photo.image_id);
}
