import { sql } from 'kysely';
import { searchPattern } from '../../../shared/domain/search-text';

/**
 * 'Contains' on a `search_text` column (a folded copy of names, e-mail, phone), ignoring case and
 * accents the same way on SQLite and PostgreSQL: both sides are folded in TypeScript. On
 * PostgreSQL a trigram index serves it (read-indexes.ts).
 */
export function matchesFolded(searchTextColumn: string, search: string) {
  return sql<boolean>`${sql.ref(searchTextColumn)} like ${searchPattern(search)} escape '\\'`;
}
