import { type RawBuilder, sql } from 'kysely';
import { badRequest } from '../errors';

/** The sort key of a page's last row, as the answer's `next_cursor` (opaque to the client). */
export type SortKey = readonly (string | number)[];

export const BAD_CURSOR = 'La página pedida no es válida: vuelve a la primera';

export function encodeCursor(key: SortKey): string {
  return Buffer.from(JSON.stringify(key)).toString('base64url');
}

/** The sort key a cursor carries, checked against the kinds of the list's order columns; 400 otherwise. */
export function decodeCursor(cursor: string, kinds: readonly ('string' | 'number')[]): SortKey {
  let key: unknown;
  try {
    key = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw badRequest(BAD_CURSOR);
  }
  const valid =
    Array.isArray(key) &&
    key.length === kinds.length &&
    key.every((value, index) =>
      kinds[index] === 'number' ? Number.isSafeInteger(value) : typeof value === 'string',
    );
  if (!valid) throw badRequest(BAD_CURSOR);
  return key as SortKey;
}

/**
 * Rows after `key` in the order of `columns` (row-value comparison, the same on PostgreSQL and
 * SQLite): `'>'` for an ascending order, `'<'` for a descending one. A deep page then costs what
 * the first does, and rows inserted meanwhile never shift the pages still to come.
 */
export function afterKey(
  columns: readonly string[],
  key: SortKey,
  direction: '>' | '<',
): RawBuilder<boolean> {
  return sql<boolean>`(${sql.join(columns.map((column) => sql.ref(column)))}) ${sql.raw(direction)} (${sql.join(
    key.map((value) => sql`${value}`),
  )})`;
}
