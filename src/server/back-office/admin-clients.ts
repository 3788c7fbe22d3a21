import type { AdminClient, PendingAdvert } from '../../shared/contracts/admin';
import { ADMIN_PAGE_SIZE } from '../../shared/contracts/admin';
import { dayInMexicoCity } from '../../shared/domain/mexico-time';
import { ADVERT_STATUS, CLIENT_STATUS } from '../../shared/domain/statuses';
import type { MemberStatusHooks } from '../accounts/member-status-hooks';
import { recordScoringChange } from '../compatibility/matching-service';
import { selectAdvertsWithOwner } from '../people/advert-queries';
import { mainPhotoUrls } from '../photos/photo-sources';
import { recordAudit } from '../platform/audit';
import { revokeAllSessions } from '../platform/auth/sessions';
import {
  type BoundedTotal,
  boundedTotal,
  EXACT_TOTAL_LIMIT,
  SEARCH_TOTAL_LIMIT,
} from '../platform/db/bounded-total';
import type { DB } from '../platform/db/database';
import { matchesFolded } from '../platform/db/folded-search';
import { afterKey, decodeCursor, encodeCursor } from '../platform/db/keyset';
import { conflict, notFound } from '../platform/errors';
import { ageOnDay, nowIso } from '../platform/time';
import { verifiedMarks } from '../verification/verified-marks';

export async function listPendingAdverts(db: DB): Promise<PendingAdvert[]> {
  const rows = await selectAdvertsWithOwner(db)
    .where('adverts.description_update', 'is not', null)
    .where('clients.status_id', '=', CLIENT_STATUS.active)
    .orderBy('adverts.updated_at')
    .orderBy('adverts.id')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    client_id: row.client_id,
    client: `${row.first_name} ${row.last_name}`,
    status_id: row.status_id,
    description: row.description,
    description_update: row.description_update ?? '',
    status_update: row.status_update,
  }));
}

export async function listClients(
  db: DB,
  search: string | undefined,
  page: number,
  cursor: string | undefined,
): Promise<{ clients: AdminClient[]; next_cursor: string | null } & BoundedTotal> {
  let listed = db
    .selectFrom('clients')
    .where('clients.status_id', 'in', [CLIENT_STATUS.active, CLIENT_STATUS.inactive]);
  if (search) listed = listed.where(matchesFolded('clients.search_text', search));
  // Without a search, in name order. A search lists the newest first: a common surname names tens of
  // thousands, and walking the newest stops after a page where sorting them all by name would read
  // every one (1.7 s at 1 000 000 clients; decision 0027).
  const byName = !search;
  const order = byName ? ['clients.first_name', 'clients.last_name', 'clients.id'] : ['clients.id'];
  const start = cursor ? decodeCursor(cursor, byName ? ['string', 'string', 'number'] : ['number']) : null;
  const query = listed.leftJoin('adverts', 'adverts.client_id', 'clients.id');
  // One row more than the page says whether another page follows.
  const fetched = await (start ? query.where(afterKey(order, start, byName ? '>' : '<')) : query)
    .select([
      'clients.id',
      'clients.first_name',
      'clients.last_name',
      'clients.email',
      'clients.phone',
      'clients.gender',
      'clients.birthday',
      'clients.status_id',
      'adverts.id as advert_id',
      'adverts.status_id as advert_status',
      'adverts.description',
      'adverts.description_update',
    ])
    .$call((ordered) =>
      byName
        ? ordered.orderBy('clients.first_name').orderBy('clients.last_name').orderBy('clients.id')
        : ordered.orderBy('clients.id', 'desc'),
    )
    .limit(ADMIN_PAGE_SIZE + 1)
    .offset(start ? 0 : (page - 1) * ADMIN_PAGE_SIZE)
    .execute();
  const rows = fetched.slice(0, ADMIN_PAGE_SIZE);
  const today = dayInMexicoCity();
  const last = fetched.length > ADMIN_PAGE_SIZE ? rows.at(-1) : undefined;
  // The last page of a list says its total by itself: a rare search (every row read to find few)
  // is not read a second time to be counted. Otherwise counted on clients alone (at most one advert each).
  const counted: BoundedTotal =
    last === undefined && (rows.length > 0 || page === 1)
      ? { total: (page - 1) * ADMIN_PAGE_SIZE + rows.length, total_estimated: false }
      : await boundedTotal(db, listed, search ? SEARCH_TOTAL_LIMIT : EXACT_TOTAL_LIMIT);
  const ids = rows.map((row) => row.id);
  const [photoOf, verifiedOf] = await Promise.all([mainPhotoUrls(db, ids, 'member'), verifiedMarks(db, ids)]);
  return {
    ...counted,
    next_cursor: last ? encodeCursor(byName ? [last.first_name, last.last_name, last.id] : [last.id]) : null,
    clients: rows.map((row) => ({
      id: row.id,
      name: `${row.first_name} ${row.last_name}`,
      email: row.email,
      phone: row.phone,
      gender: row.gender,
      age: ageOnDay(row.birthday, today),
      status_id: row.status_id,
      advert_id: row.advert_id,
      advert_status: row.advert_status,
      description: row.description,
      description_update: row.description_update,
      photo: photoOf(row.id),
      verified: verifiedOf(row.id),
    })),
  };
}

/** Delete (1 → 2, sessions revoked) or reactivate (2 → 1) a client; an erased client stays erased. */
export async function setClientStatus(
  db: DB,
  statusHooks: MemberStatusHooks,
  adminId: number,
  clientId: number,
  statusId: 1 | 2,
): Promise<void> {
  const afterCommit = await db.transaction().execute(async (trx) => {
    const before = await trx
      .selectFrom('clients')
      .select(['id', 'status_id'])
      .where('id', '=', clientId)
      .where('status_id', 'in', [CLIENT_STATUS.active, CLIENT_STATUS.inactive])
      .executeTakeFirst();
    if (!before) throw notFound('El cliente no existe');
    if (before.status_id === statusId) return [];
    const result = await trx
      .updateTable('clients')
      .set({ status_id: statusId })
      .where('id', '=', clientId)
      .where('status_id', '=', before.status_id)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0)
      throw conflict('El cliente cambió mientras tanto; recarga la página');
    if (statusId === CLIENT_STATUS.inactive) await revokeAllSessions(trx, 'client', clientId);
    await recordScoringChange(trx, clientId);
    await recordAudit(trx, {
      adminId,
      action: statusId === CLIENT_STATUS.inactive ? 'client.delete' : 'client.reactivate',
      entity: 'client',
      entityId: clientId,
      before: { status_id: before.status_id },
      after: { status_id: statusId },
    });
    // Her conversations close (or open again): the other people see it at once.
    return statusHooks.run(trx, clientId);
  });
  for (const then of afterCommit) then();
}

export type AdvertDecision = 'approve' | 'reject' | 'deactivate';

/** Reads the specification's `advert {id, status_id, description}` as one of the three admin decisions. */
export function advertDecision(advert: { status_id: 1 | 2; description: string }): AdvertDecision {
  if (advert.description === '') return 'reject';
  return advert.status_id === ADVERT_STATUS.visible ? 'approve' : 'deactivate';
}

export const NOTHING_PENDING = 'Este anuncio ya no tiene cambios pendientes de aprobación';

/**
 * Every decision is one conditional UPDATE, so two admins acting at once cannot corrupt the
 * advert: the second approval or rejection finds nothing pending and gets a 409.
 */
export async function moderateAdvert(
  db: DB,
  adminId: number,
  advert: { id: number; status_id: 1 | 2; description: string },
): Promise<AdvertDecision> {
  const decision = advertDecision(advert);
  await db.transaction().execute(async (trx) => {
    const before = await trx
      .selectFrom('adverts')
      .select(['id', 'client_id', 'status_id', 'description', 'description_update', 'status_update'])
      .where('id', '=', advert.id)
      .executeTakeFirst();
    if (!before) throw notFound('El anuncio no existe');
    const update = trx.updateTable('adverts').where('id', '=', advert.id);
    let result: { numUpdatedRows: bigint };
    if (decision === 'approve') {
      // Approve exactly the text the admin read: a text changed since then is not published unseen.
      result = await update
        .set((eb) => ({
          description: eb.ref('description_update').$castTo<string>(),
          status_id: ADVERT_STATUS.visible,
          description_update: null,
          status_update: null,
          updated_at: nowIso(),
        }))
        .where('description_update', '=', advert.description)
        .executeTakeFirst();
    } else if (decision === 'reject') {
      result = await update
        .set({ description_update: null, status_update: null, updated_at: nowIso() })
        .where('description_update', 'is not', null)
        .executeTakeFirst();
    } else {
      result = await update
        .set({ status_id: ADVERT_STATUS.hidden, updated_at: nowIso() })
        .where('status_id', '=', ADVERT_STATUS.visible)
        .executeTakeFirst();
    }
    if (Number(result.numUpdatedRows) === 0) {
      throw conflict(decision === 'deactivate' ? 'El anuncio ya no está visible' : NOTHING_PENDING);
    }
    // Published or hidden: whether "Para ti" may show her changes.
    await recordScoringChange(trx, before.client_id);
    const after = await trx
      .selectFrom('adverts')
      .select(['id', 'status_id', 'description', 'description_update', 'status_update'])
      .where('id', '=', advert.id)
      .executeTakeFirstOrThrow();
    await recordAudit(trx, {
      adminId,
      action: `advert.${decision}`,
      entity: 'advert',
      entityId: advert.id,
      before,
      after,
    });
  });
  return decision;
}
