import type { DB } from '../platform/db/database';

/** Pairs of one event who both said Sí, each pair once (smaller id first). */
export function mutualPairs(db: DB, eventId: number) {
  return db
    .selectFrom('picks as mine')
    .innerJoin('picks as theirs', (join) =>
      join
        .onRef('theirs.event_id', '=', 'mine.event_id')
        .onRef('theirs.client_id', '=', 'mine.target_client_id')
        .onRef('theirs.target_client_id', '=', 'mine.client_id'),
    )
    .select(['mine.client_id as a', 'mine.target_client_id as b'])
    .where('mine.event_id', '=', eventId)
    .where('mine.pick', '=', 1)
    .where('theirs.pick', '=', 1)
    .whereRef('mine.client_id', '<', 'mine.target_client_id')
    .orderBy('mine.client_id')
    .orderBy('mine.target_client_id')
    .execute();
}
