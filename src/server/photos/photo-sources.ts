import { type RawBuilder, sql } from 'kysely';
import type { PhotoSources, PublicPhoto } from '../../shared/contracts/photos';
import { PHOTO_STATUS } from '../../shared/contracts/photos';
import { CLIENT_STATUS } from '../../shared/domain/statuses';
import type { DB } from '../platform/db/database';
import { BLURRED_VARIANT, imagePath } from '../platform/images/image-store';

/** Who looks at someone else's photos: visitors get the blurred picture, members and admins the clear one. */
export type PhotoViewer = 'visitor' | 'member';

/** The clear width a card shows (design §10: the main-photo card variant stays small). */
const CARD_WIDTH = 480;

interface VariantRow {
  photo_id: number;
  client_id: number;
  image_id: number;
  version: string;
  variant: string;
  width: number;
  content_type: string;
}

/** A photo's URLs: `url` is the largest clear size, `card` the one for cards and lists. */
export interface PhotoUrls extends PhotoSources {
  card: string;
}

/**
 * Builds each photo's URLs from its variant rows (rows ordered by width). Clear: every numeric
 * width goes into srcset, the largest is `url`, the largest up to 480 px is `card`. Blurred: the
 * one blurred picture for all three.
 */
export function photoUrls(rows: VariantRow[], viewer: PhotoViewer): Map<number, PhotoUrls> {
  const byPhoto = new Map<number, PhotoUrls>();
  for (const row of rows) {
    const url = imagePath(row.image_id, row.version, row.variant, row.content_type);
    if (viewer === 'visitor') {
      if (row.variant === BLURRED_VARIANT)
        byPhoto.set(row.photo_id, { url, srcset: `${url} ${row.width}w`, card: url });
      continue;
    }
    if (!/^\d+$/.test(row.variant)) continue;
    const previous = byPhoto.get(row.photo_id);
    byPhoto.set(row.photo_id, {
      url,
      srcset: previous ? `${previous.srcset}, ${url} ${row.width}w` : `${url} ${row.width}w`,
      card: !previous || row.width <= CARD_WIDTH ? url : previous.card,
    });
  }
  return byPhoto;
}

/** The variants a viewer may get of the given photos' images, in one query. */
function variantQuery(db: DB, viewer: PhotoViewer) {
  let query = db
    .selectFrom('photos')
    .innerJoin('images', 'images.id', 'photos.image_id')
    .innerJoin('image_variants', 'image_variants.image_id', 'images.id')
    .select([
      'photos.id as photo_id',
      'photos.client_id',
      'photos.position',
      'images.id as image_id',
      'images.version',
      'image_variants.variant',
      'image_variants.width',
      'image_variants.content_type',
    ]);
  if (viewer === 'visitor') query = query.where('image_variants.variant', '=', BLURRED_VARIANT);
  return query;
}

/** The variants a viewer may get of the approved photos of the given members who are active. */
function approvedVariantQuery(db: DB, clientIds: number[], viewer: PhotoViewer) {
  return variantQuery(db, viewer)
    .innerJoin('clients', 'clients.id', 'photos.client_id')
    .where('photos.client_id', 'in', [...new Set(clientIds)])
    .where('photos.status_id', '=', PHOTO_STATUS.approved)
    .where('clients.status_id', '=', CLIENT_STATUS.active);
}

/** Every photo's clear URLs by photo id (the owner's and the moderators' view, whatever the status). */
export async function clearPhotoUrls(db: DB, photoIds: number[]): Promise<Map<number, PhotoUrls>> {
  if (photoIds.length === 0) return new Map();
  const rows = await variantQuery(db, 'member')
    .where('photos.id', 'in', [...new Set(photoIds)])
    .orderBy('photos.id')
    .orderBy('image_variants.width')
    .execute();
  return photoUrls(rows, 'member');
}

/** A member's approved photos as a viewer sees them, and the main one's card URL. */
export interface MemberGallery {
  photo: string;
  photos: PublicPhoto[];
}

/**
 * The approved photos of active members, in their order, as the viewer may see them; one query
 * whatever the number of members. Members without one are absent from the map.
 */
export async function approvedPhotos(
  db: DB,
  clientIds: number[],
  viewer: PhotoViewer,
): Promise<Map<number, MemberGallery>> {
  const byClient = new Map<number, MemberGallery>();
  if (clientIds.length === 0) return byClient;
  const rows = await approvedVariantQuery(db, clientIds, viewer)
    .orderBy('photos.client_id')
    .orderBy('photos.position')
    .orderBy('image_variants.width')
    .execute();
  const urls = photoUrls(rows, viewer);
  const seen = new Set<number>();
  for (const row of rows) {
    if (seen.has(row.photo_id)) continue;
    seen.add(row.photo_id);
    const photo = urls.get(row.photo_id);
    if (!photo) continue;
    const entry = { id: row.photo_id, url: photo.url, srcset: photo.srcset };
    const gallery = byClient.get(row.client_id);
    if (gallery) gallery.photos.push(entry);
    else byClient.set(row.client_id, { photo: photo.card, photos: [entry] });
  }
  return byClient;
}

/**
 * Each active member's main photo (their first approved one), as the viewer may see it, in one query: the helper
 * every list with faces uses (adverts, interests, pick lists, the back office). Members without
 * an approved photo are absent from the map.
 */
export async function mainPhotos(
  db: DB,
  clientIds: number[],
  viewer: PhotoViewer,
): Promise<Map<number, PhotoUrls>> {
  const byClient = new Map<number, PhotoUrls>();
  if (clientIds.length === 0) return byClient;
  const rows = await approvedVariantQuery(db, clientIds, viewer)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('photos as earlier')
            .select('earlier.id')
            .whereRef('earlier.client_id', '=', 'photos.client_id')
            .where('earlier.status_id', '=', PHOTO_STATUS.approved)
            .whereRef('earlier.position', '<', 'photos.position'),
        ),
      ),
    )
    .orderBy('photos.client_id')
    .orderBy('image_variants.width')
    .execute();
  const urls = photoUrls(rows, viewer);
  for (const row of rows) {
    const photo = urls.get(row.photo_id);
    if (photo) byClient.set(row.client_id, photo);
  }
  return byClient;
}

/** The main photo's card URL of each member, or null: the shape list entries carry as `photo`. */
export async function mainPhotoUrls(
  db: DB,
  clientIds: number[],
  viewer: PhotoViewer,
): Promise<(clientId: number) => string | null> {
  const photos = await mainPhotos(db, clientIds, viewer);
  return (clientId) => photos.get(clientId)?.card ?? null;
}

/**
 * Each active member's main photo id (her first approved photo), in one query: what «Foto
 * verificada» compares with the photos a moderator marked (docs/design/27-verified.md).
 */
export async function mainPhotoIds(db: DB, clientIds: number[]): Promise<Map<number, number>> {
  const byClient = new Map<number, number>();
  if (clientIds.length === 0) return byClient;
  const rows = await db
    .selectFrom('photos')
    .select(['client_id', 'id'])
    .where('client_id', 'in', [...new Set(clientIds)])
    .where('status_id', '=', PHOTO_STATUS.approved)
    .orderBy('client_id')
    .orderBy('position', 'desc')
    .execute();
  // Ordered last to first: the first approved position is written last.
  for (const row of rows) byClient.set(row.client_id, row.id);
  return byClient;
}

/** The main photo's id of the member in `clientColumn`, as SQL (a list's «Sólo verificadas» filter). */
export function mainPhotoIdSql(clientColumn: string): RawBuilder<number | null> {
  return sql<
    number | null
  >`(select p.id from photos p where p.client_id = ${sql.ref(clientColumn)} and p.status_id = ${PHOTO_STATUS.approved} order by p.position limit 1)`;
}

/** Her approved photos' largest clear picture, for the face engine (docs/design/27-verified.md). */
export async function approvedPhotoImages(
  db: DB,
  clientId: number,
): Promise<{ photo_id: number; image: Buffer }[]> {
  const rows = await db
    .selectFrom('photos')
    .innerJoin('image_variants', 'image_variants.image_id', 'photos.image_id')
    .select([
      'photos.id as photo_id',
      'image_variants.variant',
      'image_variants.width',
      'image_variants.bytes',
    ])
    .where('photos.client_id', '=', clientId)
    .where('photos.status_id', '=', PHOTO_STATUS.approved)
    .orderBy('photos.position')
    .orderBy('image_variants.width', 'desc')
    .execute();
  const largest = new Map<number, Buffer>();
  for (const row of rows) {
    if (/^\d+$/.test(row.variant) && !largest.has(row.photo_id)) largest.set(row.photo_id, row.bytes);
  }
  return [...largest].map(([photo_id, image]) => ({ photo_id, image }));
}
