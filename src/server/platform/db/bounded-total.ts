import { type SelectQueryBuilder, sql } from 'kysely';
import type { DB } from './database';

/** Past this many rows a paged list stops counting (docs/design/17-million.md). */
export const EXACT_TOTAL_LIMIT = 10_000;
/**
 * A search's list stops counting sooner: a common surname names tens of thousands, and counting
 * 10 000 of them reads 10 000 rows (70–90 ms at 1 000 000 clients); nobody reads past a thousand
 * results without narrowing the search.
 */
export const SEARCH_TOTAL_LIMIT = 1_000;

export interface BoundedTotal {
  total: number;
  /** True when counting stopped at EXACT_TOTAL_LIMIT: `total` is then a lower bound ("más de 10 000"). */
  total_estimated: boolean;
}

/** The rows of a list's query counted up to the limit: the cost stays bounded whatever the table size. */
export async function boundedTotal<DBType, TB extends keyof DBType, O>(
  db: DB,
  query: SelectQueryBuilder<DBType, TB, O>,
  limit = EXACT_TOTAL_LIMIT,
): Promise<BoundedTotal> {
  const capped = query
    .clearSelect()
    .select(sql<number>`1`.as('one'))
    .limit(limit + 1);
  const { rows } = await sql<{ n: number | string }>`select count(*) as n from (${capped}) as capped`.execute(
    db,
  );
  const counted = Number(rows[0]?.n ?? 0);
  return counted > limit
    ? { total: limit, total_estimated: true }
    : { total: counted, total_estimated: false };
}
