import type { OwnAdvert } from '../../shared/contracts/account';
import { ADVERT_STATUS } from '../../shared/domain/statuses';
import { recordScoringChange } from '../compatibility/matching-service';
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
 * A client asks for a change (docs/design/04-domain-rules.md, docs/design/13-trust.md). New text waits for an admin's approval, which
 * publishes it (status 1). Hiding needs no approval: status 2 takes the advert down at once, and
 * a new text sent with it waits, hidden, for approval. A first request creates the advert hidden
 * and empty, so nothing unapproved is ever shown.
 */
export async function requestAdvertUpdate(
  db: DB,
  clientId: number,
  request: { status_id: 1 | 2; description_update: string },
): Promise<void> {
  const now = nowIso();
  const hide = request.status_id === ADVERT_STATUS.hidden;
  await db.transaction().execute(async (trx) => {
    const current = await trx
      .selectFrom('adverts')
      .select(['description'])
      .where('client_id', '=', clientId)
      .executeTakeFirst();
    // Hiding the published text as it is leaves nothing to approve.
    const pendingText =
      hide && current?.description === request.description_update ? null : request.description_update;
    await trx
      .insertInto('adverts')
      .values({
        client_id: clientId,
        status_id: ADVERT_STATUS.hidden,
        description: '',
        description_update: pendingText,
        status_update: pendingText === null ? null : request.status_id,
        updated_at: now,
      })
      .onConflict((oc) =>
        oc.column('client_id').doUpdateSet({
          ...(hide ? { status_id: ADVERT_STATUS.hidden } : {}),
          description_update: pendingText,
          status_update: pendingText === null ? null : request.status_id,
          updated_at: now,
        }),
      )
      .execute();
    // Hidden at once: "Para ti" stops showing her.
    if (hide) await recordScoringChange(trx, clientId);
  });
}
