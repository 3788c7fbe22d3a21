import type { DB } from '../platform/db/database';

/** Adverts with their owner's name: what both the owner's advert card and the admin's pending list read. */
export function selectAdvertsWithOwner(db: DB) {
  return db
    .selectFrom('adverts')
    .innerJoin('clients', 'clients.id', 'adverts.client_id')
    .select([
      'adverts.id',
      'adverts.client_id',
      'clients.first_name',
      'clients.last_name',
      'adverts.status_id',
      'adverts.description',
      'adverts.description_update',
      'adverts.status_update',
    ]);
}
