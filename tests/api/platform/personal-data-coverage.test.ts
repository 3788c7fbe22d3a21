import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { DB } from '../../../src/server/platform/db/database';
import { namesAClient, type PersonalDataRegistry } from '../../../src/server/platform/personal-data';
import { setUpTestApp } from '../../support/test-app';

const testApp = setUpTestApp({ seedDemo: false });

/** 'table.column' of every column of the migrated schema that names a member (and the member's own row). */
async function clientColumns(db: DB): Promise<string[]> {
  const tables = await db.introspection.getTables();
  return tables
    .flatMap((table) =>
      table.columns
        .filter((column) => namesAClient(column.name) || (table.name === 'clients' && column.name === 'id'))
        .map((column) => `${table.name}.${column.name}`),
    )
    .sort();
}

function declaredColumns(registry: PersonalDataRegistry): string[] {
  return registry
    .flatMap((declaration) =>
      Object.entries(declaration.tables).flatMap(([table, columns]) =>
        columns.map((column) => `${table}.${column}`),
      ),
    )
    .sort();
}

async function uncovered(db: DB, registry: PersonalDataRegistry): Promise<string[]> {
  const declared = new Set(declaredColumns(registry));
  return (await clientColumns(db)).filter((column) => !declared.has(column));
}

describe('personal data registry (design.md §18)', () => {
  it('covers every column of the schema that names a client', async () => {
    expect(await uncovered(testApp.app.db, testApp.app.personalData)).toEqual([]);
  });

  it('declares only tables and columns that exist, each table by one domain', async () => {
    const tables = await testApp.app.db.introspection.getTables();
    const existing = new Set(
      tables.flatMap((table) => table.columns.map((column) => `${table.name}.${column.name}`)),
    );
    expect(declaredColumns(testApp.app.personalData).filter((column) => !existing.has(column))).toEqual([]);
    const owners = testApp.app.personalData.flatMap((declaration) => Object.keys(declaration.tables));
    expect(new Set(owners).size).toBe(owners.length);
  });

  it('fails for a new table naming a client that no domain declares', async () => {
    const { db } = testApp.app;
    await sql`create table wishlists (id integer primary key, client_id integer not null, target_client_id integer)`.execute(
      db,
    );
    try {
      expect(await uncovered(db, testApp.app.personalData)).toEqual([
        'wishlists.client_id',
        'wishlists.target_client_id',
      ]);
    } finally {
      await sql`drop table wishlists`.execute(db);
    }
  });
});
