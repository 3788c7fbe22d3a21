import type { OwnAdvert } from '../../shared/contracts/account';
import { ADVERT_STATUS } from '../../shared/domain/statuses';
import type { DB } from '../platform/db/database';
import { nowIso } from '../platform/time';
import { selectAdvertsWithOwner } from './advert-queries';

export async function findOwnAdvert(db: DB, clientId: number): Promise<OwnAdvert | null> {
  const row = await selectAdvertsWithOwner(db).where('adverts.client_id', '=', clientId).executeTakeFirst();
  if (!row) return null;
  const { first_name, last_name, ...advert } = row;
  return { ...advert, client: `${first_name} ${last_name}` };
}

/**
 * A client asks for a change (design.md §4): only the pending text and the requested visibility
 * are stored; what the public sees changes when an admin approves. A first request creates the
 * advert hidden and empty, so nothing unapproved is ever shown.
 */
export async function requestAdvertUpdate(
  db: DB,
  clientId: number,
  request: { status_id: 1 | 2; description_update: string },
): Promise<void> {
  const now = nowIso();
  await db
    .insertInto('adverts')
    .values({
      client_id: clientId,
      status_id: ADVERT_STATUS.hidden,
      description: '',
      description_update: request.description_update,
      status_update: request.status_id,
      updated_at: now,
    })
    .onConflict((oc) =>
      oc.column('client_id').doUpdateSet({
        description_update: request.description_update,
        status_update: request.status_id,
        updated_at: now,
      }),
    )
    .execute();
}
