import { type RawBuilder, sql } from 'kysely';
import { dayInMexicoCity } from '../../shared/domain/mexico-time';
import { NOT_VERIFIED, type VerifiedMark } from '../../shared/domain/verification';
import { mainPhotoIdSql, mainPhotoIds } from '../photos/photo-sources';
import type { DB } from '../platform/db/database';

/** 'YYYY-MM' of an instant, Mexico City time: the month the badge shows. */
export function mexicoMonth(at: string): string {
  return dayInMexicoCity(new Date(at)).slice(0, 7);
}

/**
 * The two marks of each member (docs/design/27-verified.md), in two queries whatever the number:
 * the month of her latest «Coincide» at a door, and whether her main photo is one a moderator
 * marked as hers. Every list that shows members asks this.
 */
export async function verifiedMarks(
  db: DB,
  clientIds: number[],
): Promise<(clientId: number) => VerifiedMark> {
  const ids = [...new Set(clientIds)];
  if (ids.length === 0) return () => NOT_VERIFIED;
  const [matches, marked, main] = await Promise.all([
    db
      .selectFrom('door_face_matches')
      .select(['client_id', (eb) => eb.fn.max('created_at').as('latest')])
      .where('client_id', 'in', ids)
      .where('matched', '=', 1)
      .groupBy('client_id')
      .execute(),
    db
      .selectFrom('verified_photos')
      .select(['client_id', 'photo_id'])
      .where('client_id', 'in', ids)
      .execute(),
    mainPhotoIds(db, ids),
  ]);
  const months = new Map(matches.map((row) => [row.client_id, mexicoMonth(String(row.latest))]));
  const photoVerified = new Set(
    marked.filter((row) => main.get(row.client_id) === row.photo_id).map((row) => row.client_id),
  );
  return (clientId) => ({
    in_person: months.get(clientId) ?? null,
    photo: photoVerified.has(clientId),
  });
}

/** One member's marks. */
export async function verifiedMarkOf(db: DB, clientId: number): Promise<VerifiedMark> {
  return (await verifiedMarks(db, [clientId]))(clientId);
}

/**
 * SQL that holds when the member in `clientColumn` carries either mark: the «Sólo verificadas»
 * filter of /personas and Para ti, inside the lists' own queries (paging and totals stay right).
 */
export function isVerifiedSql(clientColumn: string): RawBuilder<boolean> {
  const client = sql.ref(clientColumn);
  return sql<boolean>`(exists (select 1 from door_face_matches d where d.client_id = ${client} and d.matched = 1)
    or exists (select 1 from verified_photos v where v.client_id = ${client} and v.photo_id = ${mainPhotoIdSql(clientColumn)}))`;
}
