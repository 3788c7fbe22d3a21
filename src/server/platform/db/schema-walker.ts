import type SQLite from 'better-sqlite3';
import { CompiledQuery, type Kysely } from 'kysely';
import type pg from 'pg';
import { isSqlite } from './database';

/** One column as the database itself declares it. */
export interface SchemaColumn {
  name: string;
  /** The engine's own type name (`INTEGER`, `TEXT`, `BLOB` on SQLite; `int4`, `text`, `bytea` on PostgreSQL). */
  dataType: string;
  nullable: boolean;
  hasDefault: boolean;
  /** Filled by the database when left out (SQLite's integer primary key, PostgreSQL's identity or serial). */
  autoIncrementing: boolean;
}

/** One single-column foreign key: `table.column` → `references.referencedColumn`. */
export interface ForeignKey {
  table: string;
  column: string;
  references: string;
  referencedColumn: string;
}

/** One table of the migrated schema: its columns in declared order, its primary key, its foreign keys. */
export interface SchemaTable {
  name: string;
  columns: SchemaColumn[];
  /** The primary key's columns in key order; empty when the table has none. */
  primaryKey: string[];
  foreignKeys: ForeignKey[];
}

/**
 * The one reading of the schema that backups, migrations and the erasure proof share: every table
 * (Kysely's migration bookkeeping included, as a backup must give it back), read from the database
 * itself, so a table added by any migration is seen without being listed anywhere. Tables come
 * sorted by name in code-point order, the same on both engines.
 */
// biome-ignore lint/suspicious/noExplicitAny: the schema is read, not typed.
export function walkSchema(db: Kysely<any>): Promise<SchemaTable[]> {
  const rows = async <Row>(text: string) => (await db.executeQuery<Row>(CompiledQuery.raw(text, []))).rows;
  return isSqlite(db) ? walkSqlite(rows) : walkPostgres(rows);
}

/** The same walk over an open SQLite file (a snapshot being checked, a file about to move). */
export function walkSqliteFile(file: SQLite.Database): Promise<SchemaTable[]> {
  return walkSqlite(async <Row>(text: string) => file.prepare(text).all() as Row[]);
}

/** The same walk through one PostgreSQL connection (inside its transaction, when it has one). */
export function walkPostgresClient(client: pg.Client): Promise<SchemaTable[]> {
  return walkPostgres(async <Row>(text: string) => (await client.query(text)).rows as Row[]);
}

/** Kysely's own tables (`kysely_migration`, `kysely_migration_lock`): the schema's history, not the product's data. */
export function isMigrationTable(table: string): boolean {
  return table.startsWith('kysely_');
}

/** The columns that point at a member: every foreign key to `clients.id`, as `table.column`. */
export function clientForeignKeys(tables: SchemaTable[]): string[] {
  return tables
    .flatMap((table) => table.foreignKeys)
    .filter((key) => key.references === 'clients' && key.referencedColumn === 'id')
    .map((key) => `${key.table}.${key.column}`);
}

type Rows = <Row>(text: string) => Promise<Row[]>;

interface ColumnRow {
  table: string;
  name: string;
  type: string;
  nullable: boolean | number;
  has_default: boolean | number;
  auto_incrementing: boolean | number;
  /** Position in the primary key, from 1; 0 or null when not in it. */
  pk: number | null;
}

async function walkSqlite(rows: Rows): Promise<SchemaTable[]> {
  // A lone INTEGER primary key is SQLite's rowid: filled when left out.
  const columns = await rows<ColumnRow>(`
    select m.name as "table", p.name, p.type, not p."notnull" as nullable,
           p.dflt_value is not null as has_default, p.pk,
           p.pk = 1 and lower(p.type) = 'integer'
             and (select count(*) from pragma_table_info(m.name) k where k.pk > 0) = 1 as auto_incrementing
    from sqlite_master m, pragma_table_info(m.name) p
    where m.type = 'table' and m.name not like 'sqlite_%'
    order by m.name, p.cid`);
  const keys = await rows<ForeignKey>(`
    select m.name as "table", k."from" as "column", k."table" as "references",
           coalesce(k."to", 'id') as "referencedColumn"
    from sqlite_master m, pragma_foreign_key_list(m.name) k
    where m.type = 'table' and m.name not like 'sqlite_%'
      and k.id in (select id from pragma_foreign_key_list(m.name) group by id having count(*) = 1)
    order by 1, 2`);
  return assemble(columns, keys);
}

async function walkPostgres(rows: Rows): Promise<SchemaTable[]> {
  const columns = await rows<ColumnRow>(`
    select c.relname as "table", a.attname as name, t.typname as type, not a.attnotnull as nullable,
           a.atthasdef as has_default, (select k.position from unnest(i.indkey) with ordinality k(attnum, position)
             where k.attnum = a.attnum) as pk,
           a.attidentity <> '' or pg_get_serial_sequence(quote_ident(n.nspname) || '.' || quote_ident(c.relname),
                                                         a.attname) is not null as auto_incrementing
    from pg_class c
    join pg_namespace n on n.oid = c.relnamespace
    join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
    join pg_type t on t.oid = a.atttypid
    left join pg_index i on i.indrelid = c.oid and i.indisprimary
    where c.relkind in ('r', 'p') and n.nspname = current_schema()
    order by c.relname, a.attnum`);
  const keys = await rows<ForeignKey>(`
    select t.relname as "table", a.attname as "column", r.relname as "references",
           ra.attname as "referencedColumn"
    from pg_constraint c
    join pg_class t on t.oid = c.conrelid
    join pg_namespace n on n.oid = t.relnamespace
    join pg_class r on r.oid = c.confrelid
    join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
    join pg_attribute ra on ra.attrelid = c.confrelid and ra.attnum = c.confkey[1]
    where c.contype = 'f' and cardinality(c.conkey) = 1 and n.nspname = current_schema()
    order by 1, 2`);
  return assemble(columns, keys);
}

function byCodePoint(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function assemble(columns: ColumnRow[], keys: ForeignKey[]): SchemaTable[] {
  const tables = new Map<string, SchemaTable & { positions: Map<string, number> }>();
  for (const row of columns) {
    let table = tables.get(row.table);
    if (!table) {
      table = { name: row.table, columns: [], primaryKey: [], foreignKeys: [], positions: new Map() };
      tables.set(row.table, table);
    }
    table.columns.push({
      name: row.name,
      dataType: row.type,
      nullable: Boolean(row.nullable),
      hasDefault: Boolean(row.has_default),
      autoIncrementing: Boolean(row.auto_incrementing),
    });
    if (row.pk) table.positions.set(row.name, Number(row.pk));
  }
  for (const key of keys) tables.get(key.table)?.foreignKeys.push(key);
  return [...tables.values()]
    .sort((a, b) => byCodePoint(a.name, b.name))
    .map(({ positions, ...table }) => ({
      ...table,
      primaryKey: [...positions].sort(([, a], [, b]) => a - b).map(([name]) => name),
    }));
}
