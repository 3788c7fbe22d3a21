import type { Transaction } from 'kysely';
import sharp from 'sharp';
import { PHOTO_STATUS } from '../../shared/contracts/photos';
import type { Database } from '../platform/db/schema';

/**
 * Verified in the demo (docs/design/27-verified.md): the first member (other than these two) who came to a
 * past night was seen by the door («Verificada en persona»), Carlos has a «Foto verificada» and Sofía's
 * selfies wait in /admin/verificaciones (her portrait stands in for the selfies).
 */
export async function loadDemoVerification(
  trx: Transaction<Database>,
  clientIds: number[],
  now: Date,
): Promise<void> {
  const at = now.toISOString();
  const carlos = clientIds[1]!;
  const sofia = clientIds[2]!;
  const arrival = await trx
    .selectFrom('assistance')
    .select(['client_id', 'event_id', 'checked_in_at'])
    .where('checked_in_at', 'is not', null)
    .where('client_id', 'not in', [carlos, sofia])
    .orderBy('id')
    .executeTakeFirst();
  if (arrival) {
    await trx
      .insertInto('door_face_matches')
      .values({
        client_id: arrival.client_id,
        event_id: arrival.event_id,
        admin_id: null,
        matched: 1,
        created_at: arrival.checked_in_at ?? at,
      })
      .execute();
  }
  const mainPhoto = async (clientId: number) =>
    trx
      .selectFrom('photos')
      .innerJoin('image_variants', 'image_variants.image_id', 'photos.image_id')
      .select(['photos.id', 'image_variants.bytes', 'image_variants.variant'])
      .where('photos.client_id', '=', clientId)
      .where('photos.status_id', '=', PHOTO_STATUS.approved)
      .where('image_variants.variant', '!=', 'blur')
      .orderBy('photos.position')
      .orderBy('image_variants.width', 'desc')
      .executeTakeFirstOrThrow();
  const reading = (photoId: number) =>
    JSON.stringify({
      selfies: [
        { faces: 1, gesture_seen: true },
        { faces: 1, gesture_seen: true },
      ],
      same_person: 0.9,
      photos: [{ photo_id: photoId, score: 0.9 }],
    });

  const carlosPhoto = await mainPhoto(carlos);
  const { id: approved } = await trx
    .insertInto('verifications')
    .values({
      client_id: carlos,
      source: 'selfie',
      event_id: null,
      gestures: JSON.stringify(['turn_left', 'mouth_open']),
      status_id: 2,
      scores: reading(carlosPhoto.id),
      reason: null,
      created_at: at,
      decided_at: at,
      decided_by: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('verified_photos')
    .values({ verification_id: approved, client_id: carlos, photo_id: carlosPhoto.id })
    .execute();

  const sofiaPhoto = await mainPhoto(sofia);
  const { id: waiting } = await trx
    .insertInto('verifications')
    .values({
      client_id: sofia,
      source: 'selfie',
      event_id: null,
      gestures: JSON.stringify(['look_up', 'hand_raised']),
      status_id: 1,
      scores: reading(sofiaPhoto.id),
      reason: null,
      created_at: at,
      decided_at: null,
      decided_by: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const selfie = await sharp(sofiaPhoto.bytes).jpeg({ quality: 80 }).toBuffer();
  const mirrored = await sharp(sofiaPhoto.bytes).flop().jpeg({ quality: 80 }).toBuffer();
  await trx
    .insertInto('verification_selfies')
    .values([
      { verification_id: waiting, position: 1, content_type: 'image/jpeg', bytes: selfie },
      { verification_id: waiting, position: 2, content_type: 'image/jpeg', bytes: mirrored },
    ])
    .execute();
}
