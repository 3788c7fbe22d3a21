import { sql } from 'kysely';
import { localPartPattern, searchPattern } from '../../../shared/domain/search-text';

/**
 * 'Contains' on a `search_text` column (a folded copy of names, e-mail, phone), ignoring case and
 * accents the same way on SQLite and PostgreSQL: both sides are folded in TypeScript. On
 * PostgreSQL a trigram index serves it (read-indexes.ts).
 */
export function matchesFolded(searchTextColumn: string, search: string) {
  const column = sql.ref(searchTextColumn);
  const whole = searchPattern(search);
  const localPart = localPartPattern(search);
  if (localPart === null) return sql<boolean>`${column} like ${whole} escape '\\'`;
  // An e-mail: the index narrows by what comes before the domain; the whole text is checked on the
  // rows found (`|| ''` keeps the planner from reading the index for the domain too). 90 → 17 ms at
  // 1 000 000 clients on PostgreSQL.
  return sql<boolean>`(${column} like ${localPart} escape '\\' and (${column} || '') like ${whole} escape '\\')`;
}
