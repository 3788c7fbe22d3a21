import type { FastifyInstance } from 'fastify';
import type { Transaction } from 'kysely';
import { CLIENT_STATUS } from '../../shared/domain/statuses';
import type { Database } from '../platform/db/schema';

/**
 * Serialises every change to the interests between people. PostgreSQL: the client rows are locked
 * in id order, so crossing calls (A→B while B→A) queue instead of each missing the other's
 * uncommitted row, and never deadlock. NO KEY UPDATE is enough (two of them still queue) and,
 * unlike FOR UPDATE, does not hold up rows elsewhere that merely reference these clients (event
 * sign-ups, quiz answers). SQLite runs one transaction at a time anyway. Answers the ids of those
 * still active, read under the lock.
 */
export async function lockPeople(
  app: FastifyInstance,
  trx: Transaction<Database>,
  clientIds: number[],
): Promise<Set<number>> {
  if (clientIds.length === 0) return new Set();
  let query = trx
    .selectFrom('clients')
    .select(['id', 'status_id'])
    .where('id', 'in', clientIds)
    .orderBy('id');
  if (app.config.databaseUrl) query = query.forNoKeyUpdate();
  const rows = await query.execute();
  return new Set(rows.filter((row) => row.status_id === CLIENT_STATUS.active).map((row) => row.id));
}
