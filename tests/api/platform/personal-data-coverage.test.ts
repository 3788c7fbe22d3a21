import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { DB } from '../../../src/server/platform/db/database';
import { clientForeignKeys, walkSchema } from '../../../src/server/platform/db/schema-walker';
import {
  declaredColumns,
  keptBecause,
  namesAClient,
  type PersonalDataRegistry,
} from '../../../src/server/platform/personal-data';
import { setUpTestApp } from '../../support/test-app';

const testApp = setUpTestApp({ seedDemo: false });

function declared(registry: PersonalDataRegistry): Set<string> {
  return new Set(declaredColumns(registry).map(({ table, column }) => `${table}.${column}`));
}

/** Columns with a foreign key to clients.id that no domain declares: the authoritative net. */
async function uncoveredForeignKeys(db: DB, registry: PersonalDataRegistry): Promise<string[]> {
  const known = declared(registry);
  return clientForeignKeys(await walkSchema(db))
    .filter((column) => !known.has(column))
    .sort();
}

/** Columns named like a member's id that no domain declares: the net for a column without a key. */
async function uncoveredByName(db: DB, registry: PersonalDataRegistry): Promise<string[]> {
  const known = declared(registry);
  const tables = await walkSchema(db);
  return tables
    .flatMap((table) =>
      table.columns
        .filter((column) => namesAClient(column.name))
        .map((column) => `${table.name}.${column.name}`),
    )
    .filter((column) => !known.has(column))
    .sort();
}

describe('personal data registry (docs/design/18-personal-data.md, docs/design/22-places-and-money.md)', () => {
  it('declares every column with a foreign key to clients.id, and the clients row itself', async () => {
    const { db, personalData } = testApp.app;
    expect(clientForeignKeys(await walkSchema(db))).toContain('payments.client_id');
    expect(await uncoveredForeignKeys(db, personalData)).toEqual([]);
    expect(declared(personalData).has('clients.id')).toBe(true);
  });

  it('declares every column named like a member id, and says why any of them has no foreign key', async () => {
    const { db, personalData } = testApp.app;
    expect(await uncoveredByName(db, personalData)).toEqual([]);
    const withKey = new Set(clientForeignKeys(await walkSchema(db)));
    const tables = await walkSchema(db);
    const namedWithoutKey = tables
      .flatMap((table) => table.columns.map((column) => `${table.name}.${column.name}`))
      .filter((column) => namesAClient(column.split('.')[1]!) && !withKey.has(column));
    const declaredWithoutKey = declaredColumns(personalData)
      .filter((column) => column.withoutForeignKey)
      .map(({ table, column }) => `${table}.${column}`);
    // Each exception is one the schema really has, and every such column is an explained exception.
    expect(declaredWithoutKey.filter((column) => withKey.has(column))).toEqual([]);
    expect(namedWithoutKey.filter((column) => !declaredWithoutKey.includes(column))).toEqual([]);
    expect(declaredWithoutKey).toEqual(['sessions.subject_id']);
  });

  it('declares only tables and columns that exist, each table by one domain, each kept column with a reason', async () => {
    const { db, personalData } = testApp.app;
    const tables = await walkSchema(db);
    const existing = new Set(
      tables.flatMap((table) => table.columns.map((column) => `${table.name}.${column.name}`)),
    );
    expect([...declared(personalData)].filter((column) => !existing.has(column))).toEqual([]);
    const owners = personalData.flatMap((declaration) => Object.keys(declaration.tables));
    expect(new Set(owners).size).toBe(owners.length);
    const unexplained = declaredColumns(personalData).filter(
      ({ erasure }) => typeof erasure === 'object' && !keptBecause(erasure)?.trim(),
    );
    expect(unexplained).toEqual([]);
  });

  it('names a new table whose columns point at clients.id but do not say "client"', async () => {
    const { db, personalData } = testApp.app;
    await sql`create table whispers (
      id integer primary key,
      sender_id integer not null references clients (id),
      recipient_id integer not null references clients (id),
      body text not null)`.execute(db);
    try {
      expect(await uncoveredForeignKeys(db, personalData)).toEqual([
        'whispers.recipient_id',
        'whispers.sender_id',
      ]);
      // The name-based net alone would have let it through.
      expect(await uncoveredByName(db, personalData)).toEqual([]);
    } finally {
      await sql`drop table whispers`.execute(db);
    }
  });

  it('names a new column that says "client" even without a foreign key', async () => {
    const { db, personalData } = testApp.app;
    await sql`create table wishlists (id integer primary key, client_id integer not null, target_client_id integer)`.execute(
      db,
    );
    try {
      expect(await uncoveredByName(db, personalData)).toEqual([
        'wishlists.client_id',
        'wishlists.target_client_id',
      ]);
    } finally {
      await sql`drop table wishlists`.execute(db);
    }
  });
});
