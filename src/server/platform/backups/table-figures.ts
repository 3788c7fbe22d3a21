import { createHash } from 'node:crypto';
import type SQLite from 'better-sqlite3';
import type pg from 'pg';

/** What a snapshot must give back, table by table: how many rows and a hash of their content. */
export type TableFigures = Record<string, { rows: number; sha256: string }>;

/** A database read generically: its tables, each one's key, and its rows in key order. */
interface RowReader {
  tables(): Promise<string[]>;
  primaryKey(table: string): Promise<string[]>;
  /** Rows as arrays of column values, ordered by `orderBy` (column names; empty: every column). */
  rows(table: string, orderBy: string[]): AsyncIterable<unknown[]>;
}

function quoteIdentifier(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

// A table without a primary key is ordered by all its columns: the same rows give the same order.
function orderClause(orderBy: string[]): string {
  return orderBy.map(quoteIdentifier).join(', ');
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
async function figuresOf(reader: RowReader): Promise<TableFigures> {
  const figures: TableFigures = {};
  for (const table of await reader.tables()) {
    const hash = createHash('sha256');
    let rows = 0;
    for await (const row of reader.rows(table, await reader.primaryKey(table))) {
      hash.update(JSON.stringify(row.map(canonical)));
      hash.update('\n');
      rows += 1;
    }
    figures[table] = { rows, sha256: hash.digest('hex') };
  }
  return figures;
}

export function sqliteTableFigures(file: SQLite.Database): Promise<TableFigures> {
  return figuresOf({
    async tables() {
      return file
        .prepare<[], { name: string }>(
          "select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name",
        )
        .all()
        .map((row) => row.name);
    },
    async primaryKey(table) {
      return file
        .prepare<[string], { name: string }>('select name from pragma_table_info(?) where pk > 0 order by pk')
        .all(table)
        .map((row) => row.name);
    },
    async *rows(table, orderBy) {
      const ordering = orderBy.length > 0 ? orderClause(orderBy) : orderAllColumns(file, table);
      yield* file
        .prepare(`select * from ${quoteIdentifier(table)} order by ${ordering}`)
        .raw(true)
        .iterate() as IterableIterator<unknown[]>;
    },
  });
}

function orderAllColumns(file: SQLite.Database, table: string): string {
  const count = file.prepare('select count(*) as n from pragma_table_info(?)').pluck().get(table) as number;
  return Array.from({ length: count }, (_, index) => String(index + 1)).join(', ');
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
    return await figuresOf({
      async tables() {
        const { rows } = await client.query<{ name: string }>(
          "select tablename as name from pg_tables where schemaname = 'public' order by tablename",
        );
        return rows.map((row) => row.name);
      },
      async primaryKey(table) {
        const { rows } = await client.query<{ name: string }>(
          `select a.attname as name
             from pg_index i
             join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey)
            where i.indrelid = $1::regclass and i.indisprimary
            order by array_position(i.indkey::int2[], a.attnum)`,
          [quoteIdentifier(table)],
        );
        return rows.map((row) => row.name);
      },
      async *rows(table, orderBy) {
        const ordering = orderBy.length > 0 ? orderClause(orderBy) : await postgresAllColumns(client, table);
        await client.query(
          `declare figures_cursor no scroll cursor for select * from ${quoteIdentifier(table)} order by ${ordering}`,
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
      },
    });
  } finally {
    if (!inTransaction) await client.query('commit');
  }
}

async function postgresAllColumns(client: pg.Client, table: string): Promise<string> {
  const { rows } = await client.query<{ n: number }>(
    "select count(*)::int as n from information_schema.columns where table_schema = 'public' and table_name = $1",
    [table],
  );
  return Array.from({ length: rows[0]?.n ?? 0 }, (_, index) => String(index + 1)).join(', ');
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
