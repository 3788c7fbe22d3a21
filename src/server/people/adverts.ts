import type { PersonAdvert } from '../../shared/contracts/people';
import { dayInMexicoCity } from '../../shared/domain/mexico-time';
import { publicName } from '../../shared/domain/people';
import { ADVERT_STATUS, CLIENT_STATUS } from '../../shared/domain/statuses';
import { approvedPhotos, type PhotoViewer } from '../photos/photo-sources';
import { type BoundedTotal, boundedTotal } from '../platform/db/bounded-total';
import type { DB } from '../platform/db/database';
import { ageOnDay } from '../platform/time';
import { blockedPeopleOf, notBlockedWith } from '../trust/blocks';
import { isVerifiedSql, verifiedMarks } from '../verification/verified-marks';

/**
 * Published adverts: visible, with text, of an active client. Every public list and every
 * interest check goes through this filter, so "visible" means one thing.
 */
export function visibleAdverts(db: DB) {
  return db
    .selectFrom('adverts')
    .innerJoin('clients', 'clients.id', 'adverts.client_id')
    .where('adverts.status_id', '=', ADVERT_STATUS.visible)
    .where('adverts.description', '!=', '')
    .where('clients.status_id', '=', CLIENT_STATUS.active);
}

/** What a published advert shows of its owner (docs/design/03-identity.md): never contact data. */
export const PUBLIC_ADVERT_COLUMNS = [
  'adverts.id',
  'adverts.client_id',
  'adverts.description',
  'clients.first_name',
  'clients.last_name',
  'clients.gender',
  'clients.birthday',
  'clients.occupation',
] as const;

/** One page of published adverts, newest first, with public data only (docs/design/03-identity.md). */
export async function listPublicAdverts(
  db: DB,
  options: {
    gender: number | undefined;
    /** «Sólo verificadas»: members with either mark. */
    onlyVerified?: boolean;
    offset: number;
    limit: number;
    beforeId: number | undefined;
    viewerId: number | null;
    /** Visitors get blurred photos; members and admins clear ones. */
    photoViewer: PhotoViewer;
  },
): Promise<{ adverts: PersonAdvert[]; next_before_id: number | null } & BoundedTotal> {
  let everyone = visibleAdverts(db);
  if (options.gender !== undefined) everyone = everyone.where('clients.gender', '=', options.gender);
  if (options.onlyVerified) everyone = everyone.where(isVerifiedSql('clients.id'));
  let query = everyone;
  let counted = await boundedTotal(db, everyone);
  // A member never sees someone she blocked or who blocked her (docs/design/13-trust.md). Her few blocks
  // are taken off the shared count instead of testing every advert against them.
  if (options.viewerId !== null) {
    query = everyone.where(notBlockedWith(options.viewerId, 'clients.id'));
    if (!counted.total_estimated) {
      const hidden = await boundedTotal(
        db,
        everyone.where('clients.id', 'in', blockedPeopleOf(db, options.viewerId)),
      );
      counted = { total: counted.total - hidden.total, total_estimated: false };
    }
  }
  const page = options.beforeId === undefined ? query : query.where('adverts.id', '<', options.beforeId);
  // One row more than the page says whether another page follows.
  const fetched = await page
    .select(PUBLIC_ADVERT_COLUMNS)
    .orderBy('adverts.id', 'desc')
    .limit(options.limit + 1)
    .offset(options.offset)
    .execute();
  const rows = fetched.slice(0, options.limit);
  const today = dayInMexicoCity();
  const ids = rows.map((row) => row.client_id);
  const [photos, verifiedOf] = await Promise.all([
    approvedPhotos(db, ids, options.photoViewer),
    verifiedMarks(db, ids),
  ]);
  return {
    ...counted,
    next_before_id: fetched.length > options.limit ? (rows.at(-1)?.id ?? null) : null,
    adverts: rows.map((row) => ({
      id: row.id,
      client_id: row.client_id,
      client: publicName(row.first_name, row.last_name),
      gender: row.gender,
      age: ageOnDay(row.birthday, today),
      occupation: row.occupation,
      description: row.description,
      photo: photos.get(row.client_id)?.photo ?? null,
      photos: photos.get(row.client_id)?.photos ?? [],
      verified: verifiedOf(row.client_id),
    })),
  };
}
