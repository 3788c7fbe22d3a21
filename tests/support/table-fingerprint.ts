import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';

/** One table as a comparison sees it: its columns, how many rows, and a hash of their content. */
export interface TableFingerprint {
  columns: string[];
  rows: number;
  sha256: string;
}

/**
 * Every table of the database (generic over the schema), for "nothing changed" proofs: rows are
 * hashed in a fixed order (their JSON, sorted), so the engine's row order does not matter. Bytes
 * are hashed as bytes; numbers that PostgreSQL returns as strings stay as they come, the same
 * before and after.
 */
export async function fingerprintTables(db: Kysely<any>): Promise<Record<string, TableFingerprint>> {
  const tables = await db.introspection.getTables();
  const fingerprints: Record<string, TableFingerprint> = {};
  for (const table of [...tables].sort((a, b) => a.name.localeCompare(b.name))) {
    const rows = await db.selectFrom(table.name).selectAll().execute();
    const lines = rows
      .map((row) =>
        JSON.stringify(
          Object.entries(row)
            .sort(([a], [b]) => a.localeCompare(b))
            .map(([column, value]) => [
              column,
              value instanceof Uint8Array ? createHash('sha256').update(value).digest('hex') : value,
            ]),
        ),
      )
      .sort();
    const hash = createHash('sha256');
    for (const line of lines) hash.update(line).update('\n');
    fingerprints[table.name] = {
      columns: table.columns.map((column) => column.name).sort(),
      rows: rows.length,
      sha256: hash.digest('hex'),
    };
  }
  return fingerprints;
}
