import fs from 'node:fs';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import type pg from 'pg';
import { firstAdminLinkUnlessChosen } from '../../server/back-office/admin-first-access';
import { withPostgresClient } from '../../server/platform/backups/postgres-tools';
import {
  figuresDiffer,
  postgresTableFigures,
  sqliteTableFigures,
  type TableFigures,
} from '../../server/platform/backups/table-figures';
import type { AppConfig } from '../../server/platform/config';
import { createDatabase, type DB } from '../../server/platform/db/database';
import { migrateToLatest } from '../../server/platform/db/migrate';
import {
  isMigrationTable,
  type SchemaTable,
  walkPostgresClient,
  walkSchema,
  walkSqliteFile,
} from '../../server/platform/db/schema-walker';
import { sqliteFileIn } from '../../server/platform/db/sqlite-file';

/** What `cita setup` tells the operator once the database is ready. */
export interface Preparation {
  /** The first admin's one-time link; absent when she already chose her password. */
  link?: string;
  /** Rows per table moved from DATA_DIR's SQLite file into an empty PostgreSQL database. */
  moved?: Record<string, number>;
}

/** A database setup cannot prepare as asked, with what the operator should do, in Spanish. */
export class PreparationRefused extends Error {}

/**
 * Migrates the database, moves a SQLite install's data into a new PostgreSQL database (decision
 * 0057), and gives the first admin a one-time link unless she already chose her password.
 */
export async function prepareDatabase(config: AppConfig, email: string): Promise<Preparation> {
  const sqliteFile = sqliteFileIn(config.dataDir);
  const db = createDatabase(config);
  try {
    await migrateToLatest(db);
    const preparation: Preparation = {};
    if (
      config.databaseUrl &&
      fs.existsSync(sqliteFile) &&
      !(await postgresHasRows(db)) &&
      (await sqliteHasRows(sqliteFile))
    ) {
      await migrateSqlite(config.dataDir);
      preparation.moved = await moveSqliteIntoPostgres(sqliteFile, config.databaseUrl, db);
    }
    const link = await firstAdminLinkUnlessChosen(db, { email, publicUrl: config.publicUrl });
    if (link) preparation.link = link;
    return preparation;
  } finally {
    await db.destroy();
  }
}

/** The SQLite file brought to the same schema as the PostgreSQL database it may move into. */
async function migrateSqlite(dataDir: string): Promise<void> {
  const sqlite = createDatabase({ databaseUrl: undefined, dataDir });
  try {
    await migrateToLatest(sqlite);
  } finally {
    await sqlite.destroy();
  }
}

/** Whether any of the product's tables has a row (asked table by table, without counting). */
async function postgresHasRows(db: DB): Promise<boolean> {
  const tables = await walkSchema(db);
  for (const { name } of tables.filter((table) => !isMigrationTable(table.name))) {
    const { rows } = await sql<{
      any: boolean;
    }>`select exists (select 1 from ${sql.table(name)}) as any`.execute(db);
    if (rows[0]?.any) return true;
  }
  return false;
}

async function sqliteHasRows(file: string): Promise<boolean> {
  const source = new SQLite(file, { readonly: true, fileMustExist: true });
  try {
    const tables = (await walkSqliteFile(source)).filter((table) => !isMigrationTable(table.name));
    return tables.some(
      ({ name }) =>
        source
          .prepare(`select exists (select 1 from ${quote(name)})`)
          .pluck()
          .get() === 1,
    );
  } finally {
    source.close();
  }
}

/**
 * A SQLite install moved to PostgreSQL never starts empty in silence: every table is copied,
 * parents before children, in one transaction that commits only if each table's row count and
 * content hash (the backups' figures) match the source's. Returns the rows moved per table.
 */
async function moveSqliteIntoPostgres(
  sqliteFile: string,
  databaseUrl: string,
  db: DB,
): Promise<Record<string, number>> {
  const source = new SQLite(sqliteFile, { readonly: true, fileMustExist: true });
  try {
    const sourceFigures = productTables(await sqliteTableFigures(source));
    const sourceTables = (await walkSqliteFile(source)).filter((table) => !isMigrationTable(table.name));
    const order = parentsFirst(
      sourceTables,
      (await walkSchema(db))
        .flatMap((table) => table.foreignKeys)
        .map((key) => [key.table, key.references] as const),
    );
    return await withPostgresClient(databaseUrl, async (client) => {
      await client.query('begin');
      try {
        for (const table of order) await copyTable(source, client, table);
        await resetIdentities(client);
        const difference = figuresDiffer(
          sourceFigures,
          productTables(await postgresTableFigures(client, true)),
        );
        if (difference) throw new Error(difference);
        await client.query('commit');
      } catch (error) {
        await client.query('rollback');
        throw new PreparationRefused(
          `${sqliteFile} tiene datos y no se pudieron pasar a PostgreSQL (${(error as Error).message}); PostgreSQL quedó vacía. Para seguir con esos datos, vuelve a correr cita setup sin --postgres (SQLite, una instancia).`,
        );
      }
      return Object.fromEntries(Object.entries(sourceFigures).map(([table, { rows }]) => [table, rows]));
    });
  } finally {
    source.close();
  }
}

function productTables(figures: TableFigures): TableFigures {
  return Object.fromEntries(Object.entries(figures).filter(([table]) => !isMigrationTable(table)));
}

/** The tables with each one after those it references (a cycle keeps the name order). */
function parentsFirst(
  tables: SchemaTable[],
  references: ReadonlyArray<readonly [string, string]>,
): SchemaTable[] {
  const names = tables.map((table) => table.name);
  const ordered: string[] = [];
  const visiting = new Set<string>();
  const visit = (table: string) => {
    if (ordered.includes(table) || visiting.has(table)) return;
    visiting.add(table);
    for (const [child, parent] of references) if (child === table && parent !== table) visit(parent);
    ordered.push(table);
  };
  for (const name of names) visit(name);
  return ordered.flatMap((name) => tables.filter((table) => table.name === name));
}

/** PostgreSQL's limit on one statement's parameters. */
const MAX_PARAMETERS = 65_535;

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** Copies one table's rows in primary-key order, in statements of as many rows as fit. */
async function copyTable(
  source: SQLite.Database,
  client: pg.Client,
  { name: table, columns, primaryKey }: SchemaTable,
): Promise<void> {
  const order = (primaryKey.length > 0 ? primaryKey : columns.map((column) => column.name))
    .map(quote)
    .join(', ');
  const names = columns.map((column) => quote(column.name)).join(', ');
  const perStatement = Math.max(1, Math.floor(MAX_PARAMETERS / columns.length));
  let batch: unknown[][] = [];
  const flush = async () => {
    if (batch.length === 0) return;
    const values = batch
      .map((_, row) => `(${columns.map((_c, column) => `$${row * columns.length + column + 1}`).join(', ')})`)
      .join(', ');
    await client.query(`insert into ${quote(table)} (${names}) values ${values}`, batch.flat());
    batch = [];
  };
  const rows = source
    .prepare(`select ${names} from ${quote(table)} order by ${order}`)
    .raw(true)
    .iterate() as IterableIterator<unknown[]>;
  for (const row of rows) {
    batch.push(row);
    if (batch.length >= perStatement) await flush();
  }
  await flush();
}

/** Identity columns continue after the highest id copied, or the next insert would collide. */
async function resetIdentities(client: pg.Client): Promise<void> {
  const identities = (await walkPostgresClient(client)).flatMap((table) =>
    table.columns
      .filter((column) => column.autoIncrementing)
      .map((column) => ({ table: table.name, column: column.name })),
  );
  for (const { table, column } of identities) {
    await client.query(
      `select setval(pg_get_serial_sequence($1, $2), coalesce(max(${quote(column)}), 0) + 1, false) from ${quote(table)}`,
      [quote(table), column],
    );
  }
}
