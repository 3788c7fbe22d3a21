import { createHash } from 'node:crypto';
import type SQLite from 'better-sqlite3';
import type pg from 'pg';
import { type SchemaTable, walkPostgresClient, walkSqliteFile } from '../db/schema-walker';

/** What a snapshot must give back, table by table: how many rows and a hash of their content. */
export type TableFigures = Record<string, { rows: number; sha256: string }>;

/** A database read generically: its rows in key order, the tables coming from the schema walker. */
type RowReader = (table: SchemaTable) => AsyncIterable<unknown[]>;

function quoteIdentifier(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

// A table without a primary key is ordered by all its columns: the same rows give the same order.
function orderClause(table: SchemaTable): string {
  return table.primaryKey.length > 0
    ? table.primaryKey.map(quoteIdentifier).join(', ')
    : table.columns.map((_, index) => String(index + 1)).join(', ');
}

/** One value written the same way on every read of the same engine: bytes as hex, dates as ISO. */
function canonical(value: unknown): unknown {
  if (value instanceof Uint8Array) return { bytes: Buffer.from(value).toString('hex') };
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'bigint') return value.toString();
  return value;
}

/**
 * Every table's row count and a sha256 over its rows in primary-key order. Generic over the
 * schema: a table added tomorrow is counted and hashed without anyone listing it here.
 */
async function figuresOf(tables: SchemaTable[], rowsOf: RowReader): Promise<TableFigures> {
  const figures: TableFigures = {};
  for (const table of tables) {
    const hash = createHash('sha256');
    let rows = 0;
    for await (const row of rowsOf(table)) {
      hash.update(JSON.stringify(row.map(canonical)));
      hash.update('\n');
      rows += 1;
    }
    figures[table.name] = { rows, sha256: hash.digest('hex') };
  }
  return figures;
}

export async function sqliteTableFigures(file: SQLite.Database): Promise<TableFigures> {
  return figuresOf(await walkSqliteFile(file), async function* (table) {
    yield* file
      .prepare(`select * from ${quoteIdentifier(table.name)} order by ${orderClause(table)}`)
      .raw(true)
      .iterate() as IterableIterator<unknown[]>;
  });
}

/** Rows fetched through a cursor this many at a time, so a million-row table never sits in memory. */
const CURSOR_BATCH = 2_000;

/**
 * The figures of the database `client` is connected to. Run inside a transaction when the figures
 * must be those of one moment (the exported snapshot pg_dump reads); otherwise one is opened here.
 */
export async function postgresTableFigures(client: pg.Client, inTransaction: boolean): Promise<TableFigures> {
  if (!inTransaction) await client.query('begin isolation level repeatable read read only');
  try {
    return await figuresOf(await walkPostgresClient(client), async function* (table) {
      await client.query(
        `declare figures_cursor no scroll cursor for select * from ${quoteIdentifier(table.name)} order by ${orderClause(table)}`,
      );
      try {
        for (;;) {
          const batch = await client.query<unknown[]>({
            text: `fetch ${CURSOR_BATCH} from figures_cursor`,
            rowMode: 'array',
          });
          yield* batch.rows;
          if (batch.rows.length < CURSOR_BATCH) break;
        }
      } finally {
        await client.query('close figures_cursor');
      }
    });
  } finally {
    if (!inTransaction) await client.query('commit');
  }
}

/**
 * Where `restored` differs from `source`, in Spanish for the admins and the operator (the first
 * few tables named), or null when every table came back whole.
 */
export function figuresDiffer(source: TableFigures, restored: TableFigures): string | null {
  const tables = [...new Set([...Object.keys(source), ...Object.keys(restored)])].sort();
  const differences = tables.flatMap((table) => {
    const before = source[table];
    const after = restored[table];
    if (!before) return [`${table}: aparece en la copia y no en el origen`];
    if (!after) return [`${table}: falta en la copia`];
    if (before.rows !== after.rows) return [`${table}: ${after.rows} filas de ${before.rows}`];
    if (before.sha256 !== after.sha256) return [`${table}: mismas filas, contenido distinto`];
    return [];
  });
  if (differences.length === 0) return null;
  const named = differences.slice(0, 3).join('; ');
  const more = differences.length > 3 ? ` y ${differences.length - 3} tablas más` : '';
  return `La copia restaurada no coincide con el origen (${named}${more})`;
}

/** Rows per table, for the record and the restore's printout. */
export function rowCountsOf(figures: TableFigures): Record<string, number> {
  return Object.fromEntries(Object.entries(figures).map(([table, { rows }]) => [table, rows]));
}
