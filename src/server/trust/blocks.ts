import { sql, type Transaction } from 'kysely';
import type { BlockedPerson } from '../../shared/contracts/trust';
import { publicName } from '../../shared/domain/people';
import { CLIENT_STATUS } from '../../shared/domain/statuses';
import { recordScoringChange } from '../compatibility/matching-service';
import type { DB } from '../platform/db/database';
import type { Database } from '../platform/db/schema';
import { badRequest, notFound } from '../platform/errors';
import { nowIso } from '../platform/time';
import type { BlockHooks } from './block-hooks';

/**
 * The one definition of "these two are blocked" (docs/design/13-trust.md), in either direction: for a
 * query over any table, `where(notBlockedWith(viewerId, 'clients.id'))` keeps only the rows
 * whose person and the viewer have not blocked each other. Adverts, interests and (later) the
 * pick lists all use it, so a block hides the same people everywhere.
 */
export function notBlockedWith(viewerId: number, otherColumn: string) {
  const other = sql.ref(otherColumn);
  return sql<boolean>`not exists (select 1 from blocks where (blocks.client_id = ${viewerId} and blocks.target_client_id = ${other}) or (blocks.target_client_id = ${viewerId} and blocks.client_id = ${other}))`;
}

/** The ids of everyone the viewer blocked or who blocked her: a subquery driven by her few blocks. */
export function blockedPeopleOf(db: DB, viewerId: number) {
  return db
    .selectFrom('blocks')
    .select('blocks.target_client_id as id')
    .where('blocks.client_id', '=', viewerId)
    .union(
      db
        .selectFrom('blocks')
        .select('blocks.client_id as id')
        .where('blocks.target_client_id', '=', viewerId),
    );
}

/** Whether either of the two blocked the other. */
export async function isBlocked(db: DB, clientId: number, otherId: number): Promise<boolean> {
  const row = await db
    .selectFrom('blocks')
    .select('client_id')
    .where((eb) =>
      eb.or([
        eb.and([eb('client_id', '=', clientId), eb('target_client_id', '=', otherId)]),
        eb.and([eb('client_id', '=', otherId), eb('target_client_id', '=', clientId)]),
      ]),
    )
    .executeTakeFirst();
  return Boolean(row);
}

export const SELF_BLOCK = 'No puedes bloquearte a ti misma o a ti mismo';
export const PERSON_NOT_FOUND = 'Esta persona no existe';

async function assertOtherPerson(
  db: DB,
  clientId: number,
  targetId: number,
  selfMessage: string,
): Promise<void> {
  if (targetId === clientId) throw badRequest(selfMessage);
  const target = await db
    .selectFrom('clients')
    .select('id')
    .where('id', '=', targetId)
    .where('status_id', 'in', [CLIENT_STATUS.active, CLIENT_STATUS.inactive])
    .executeTakeFirst();
  if (!target) throw notFound(PERSON_NOT_FOUND);
}

/**
 * Blocks someone: from now on neither sees the other, and the listeners hear of it (matches ends
 * every interest between the two, mutual included, and closes their conversation). The blocked
 * person is not told. Blocking twice is harmless.
 */
export async function blockClient(
  db: DB,
  hooks: BlockHooks,
  clientId: number,
  targetId: number,
): Promise<void> {
  await assertOtherPerson(db, clientId, targetId, SELF_BLOCK);
  const afterCommit = await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('blocks')
      .values({ client_id: clientId, target_client_id: targetId, created_at: nowIso() })
      .onConflict((oc) => oc.columns(['client_id', 'target_client_id']).doNothing())
      .execute();
    await recordBlockChange(trx, clientId, targetId);
    return hooks.run(trx, clientId, targetId);
  });
  for (const then of afterCommit) then();
}

/** Lifts the caller's own block; a block the other person made stays. Interests do not come back. */
export async function unblockClient(db: DB, clientId: number, targetId: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .deleteFrom('blocks')
      .where('client_id', '=', clientId)
      .where('target_client_id', '=', targetId)
      .execute();
    await recordBlockChange(trx, clientId, targetId);
  });
}

/** Each one's "Para ti" leaves out, or may show again, the other. */
async function recordBlockChange(
  trx: Transaction<Database>,
  clientId: number,
  targetId: number,
): Promise<void> {
  await recordScoringChange(trx, clientId);
  await recordScoringChange(trx, targetId);
}

export async function listBlocks(db: DB, clientId: number): Promise<BlockedPerson[]> {
  const rows = await db
    .selectFrom('blocks')
    .innerJoin('clients', 'clients.id', 'blocks.target_client_id')
    .select(['blocks.target_client_id', 'blocks.created_at', 'clients.first_name', 'clients.last_name'])
    .where('blocks.client_id', '=', clientId)
    .orderBy('blocks.created_at', 'desc')
    .execute();
  return rows.map((row) => ({
    client_id: row.target_client_id,
    name: publicName(row.first_name, row.last_name),
    created_at: row.created_at,
  }));
}
