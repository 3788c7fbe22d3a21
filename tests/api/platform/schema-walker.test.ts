import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { withPostgresClient } from '../../../src/server/platform/backups/postgres-tools';
import {
  type SchemaTable,
  walkPostgresClient,
  walkSchema,
  walkSqliteFile,
} from '../../../src/server/platform/db/schema-walker';
import { sqliteFileIn } from '../../../src/server/platform/db/sqlite-file';
import { setUpTestApp } from '../../support/test-app';

const testApp = setUpTestApp({ seedDemo: false });

/** The same walk through the raw connection the backups use (the live file, or one PostgreSQL client). */
async function walkedRaw(): Promise<SchemaTable[]> {
  const { databaseUrl, dataDir } = testApp.config;
  if (databaseUrl) return withPostgresClient(databaseUrl, walkPostgresClient);
  const file = new SQLite(sqliteFileIn(dataDir), { readonly: true, fileMustExist: true });
  try {
    return await walkSqliteFile(file);
  } finally {
    file.close();
  }
}

describe('the schema walker (backups, migrations and the erasure proof read the schema through it)', () => {
  it('sees every table and column Kysely sees, with the same type, nullability, default and counter', async () => {
    const { db } = testApp.app;
    const walked = await walkSchema(db);
    const kysely = await db.introspection.getTables({ withInternalKyselyTables: true });
    const asKyselySees = kysely
      .map((table) => ({
        name: table.name,
        columns: table.columns.map((column) => ({
          name: column.name,
          dataType: column.dataType,
          nullable: column.isNullable,
          hasDefault: column.hasDefaultValue,
          autoIncrementing: column.isAutoIncrementing,
        })),
      }))
      .sort((a, b) => (a.name < b.name ? -1 : 1));
    expect(walked.map(({ name, columns }) => ({ name, columns }))).toEqual(asKyselySees);
    expect(walked.map((table) => table.name)).toContain('kysely_migration');
  });

  it('gives the same schema through the app, the raw file or client the backups use', async () => {
    expect(await walkedRaw()).toEqual(await walkSchema(testApp.app.db));
  });

  it('reads a composite primary key in key order, a table without one, and single-column foreign keys', async () => {
    const { db } = testApp.app;
    await sql`create table walker_pairs (
      b integer not null, a integer not null references clients (id), note text default 'x',
      primary key (b, a))`.execute(db);
    await sql`create table walker_loose (client_id integer references clients (id), label text)`.execute(db);
    try {
      const tables = new Map((await walkSchema(db)).map((table) => [table.name, table]));
      expect(tables.get('walker_pairs')).toMatchObject({
        primaryKey: ['b', 'a'],
        foreignKeys: [{ table: 'walker_pairs', column: 'a', references: 'clients', referencedColumn: 'id' }],
      });
      expect(tables.get('walker_pairs')?.columns.map((column) => [column.name, column.hasDefault])).toEqual([
        ['b', false],
        ['a', false],
        ['note', true],
      ]);
      expect(tables.get('walker_loose')).toMatchObject({
        primaryKey: [],
        foreignKeys: [{ column: 'client_id', references: 'clients', referencedColumn: 'id' }],
      });
      expect(tables.get('clients')?.primaryKey).toEqual(['id']);
    } finally {
      await sql`drop table walker_pairs`.execute(db);
      await sql`drop table walker_loose`.execute(db);
    }
  });
});
