import { type Kysely, sql } from 'kysely';
import { isSqlite } from './database';

/** One single-column foreign key of the migrated schema: `table.column` → `references.referencedColumn`. */
export interface ForeignKey {
  table: string;
  column: string;
  references: string;
  referencedColumn: string;
}

/**
 * Every single-column foreign key of the schema, read from the database itself (SQLite's
 * `pragma_foreign_key_list`, PostgreSQL's `pg_constraint`), so a table added by any migration is
 * seen without being listed anywhere. Kysely's own migration tables are left out.
 */
// biome-ignore lint/suspicious/noExplicitAny: the schema is read, not typed.
export async function foreignKeys(db: Kysely<any>): Promise<ForeignKey[]> {
  const { rows } = isSqlite(db)
    ? await sql<ForeignKey>`
        select m.name as "table", k."from" as "column", k."table" as "references",
               coalesce(k."to", 'id') as "referencedColumn"
        from sqlite_master m, pragma_foreign_key_list(m.name) k
        where m.type = 'table' and m.name not like 'sqlite_%' and m.name not like 'kysely_%'
          and k.id in (select id from pragma_foreign_key_list(m.name) group by id having count(*) = 1)
        order by 1, 2`.execute(db)
    : await sql<ForeignKey>`
        select t.relname as "table", a.attname as "column", r.relname as "references",
               ra.attname as "referencedColumn"
        from pg_constraint c
        join pg_class t on t.oid = c.conrelid
        join pg_namespace n on n.oid = t.relnamespace
        join pg_class r on r.oid = c.confrelid
        join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
        join pg_attribute ra on ra.attrelid = c.confrelid and ra.attnum = c.confkey[1]
        where c.contype = 'f' and cardinality(c.conkey) = 1 and n.nspname = current_schema()
          and t.relname not like 'kysely_%'
        order by 1, 2`.execute(db);
  return rows;
}

/** The columns that point at a member: every foreign key to `clients.id`, as `table.column`. */
// biome-ignore lint/suspicious/noExplicitAny: the schema is read, not typed.
export async function clientForeignKeys(db: Kysely<any>): Promise<string[]> {
  return (await foreignKeys(db))
    .filter((key) => key.references === 'clients' && key.referencedColumn === 'id')
    .map((key) => `${key.table}.${key.column}`);
}
