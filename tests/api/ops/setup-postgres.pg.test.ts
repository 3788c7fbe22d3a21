import fs from 'node:fs';
import { sql } from 'kysely';
import pg from 'pg';
import { afterEach, describe, expect, it, onTestFinished } from 'vitest';
import { PreparationRefused, prepareDatabase } from '../../../src/ops/children/database-preparation';
import { makeVerifiedSnapshot } from '../../../src/server/platform/backups/make-snapshot';
import { configFromEnv } from '../../../src/server/platform/config';
import { createDatabase } from '../../../src/server/platform/db/database';
import { migrateToLatest } from '../../../src/server/platform/db/migrate';
import { sqliteFileIn } from '../../../src/server/platform/db/sqlite-file';
import { checkEnv } from '../../../src/server/platform/env-schema';
import { prepareDatabase as seedDatabase } from '../../../src/server/seed/seed';
import { everyRow, operatorKeys } from '../../support/backups';
import { type FreshDatabase, freshDatabase } from '../../support/fresh-database';

/** The machine's PostgreSQL through its Unix socket (trust authentication here, peer in production). */
const SOCKET_DIR = '/var/run/postgresql';

let cleanups: FreshDatabase[] = [];

afterEach(async () => {
  for (const fresh of cleanups) await fresh.drop();
  cleanups = [];
});

async function fresh(env: Record<string, string> = {}): Promise<FreshDatabase> {
  const database = await freshDatabase(env);
  cleanups.push(database);
  return database;
}

/** Runs one statement as DATABASE_URL's role (the server's administrator in the tests). */
async function asAdministrator(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

describe('cita setup --postgres: the local socket', () => {
  it('passes the configuration check, and the app, pg_dump and pg_restore all connect through it', async () => {
    const operator = await operatorKeys();
    const database = await freshDatabase();
    // A role of its own owns the database, as `cita` does in production: a tool that connected
    // as anyone else (this machine's user) could not read its tables.
    const role = `cita_socket_${process.pid}`;
    await asAdministrator(`create role ${role} login createdb`);
    onTestFinished(async () => {
      await database.drop();
      await asAdministrator(`drop role if exists ${role}`);
    });
    const name = new URL(database.databaseUrl!).pathname.slice(1);
    await asAdministrator(`alter database ${name} owner to ${role}`);
    // The form `cita setup --postgres` writes.
    const url = `postgres:///${name}?host=${SOCKET_DIR}&user=${role}`;
    expect(checkEnv({ DATABASE_URL: url }).DATABASE_URL).toBe(url);
    const config = configFromEnv({ ...operator.env, DATA_DIR: database.config.dataDir, DATABASE_URL: url });
    const db = createDatabase(config);
    try {
      await migrateToLatest(db);
      const { rows } = await sql<{ address: string | null; role: string }>`
          select inet_server_addr() as address, current_user as role`.execute(db);
      // A Unix socket has no server address; the role is the URL's `user`.
      expect(rows[0]).toEqual({ address: null, role });
      // pg_dump of the site and pg_restore into a scratch database, every table compared.
      const outcome = await makeVerifiedSnapshot(db, config, 'manual');
      expect(outcome.reason).toBeNull();
      expect(outcome.verified).toBe(true);
    } finally {
      await db.destroy();
    }
  });
});

describe('a SQLite install moved to --postgres', () => {
  it('moves nothing when the SQLite file is empty', async () => {
    const database = await fresh();
    const sqlite = createDatabase({ databaseUrl: undefined, dataDir: database.config.dataDir });
    await migrateToLatest(sqlite);
    await sqlite.destroy();
    const prepared = await prepareDatabase(database.config, 'ops@cita.test');
    expect(prepared.moved).toBeUndefined();
    expect(prepared.link).toMatch(/primer-acceso#/);
  });

  it('moves every table into the empty PostgreSQL database, row for row', async () => {
    const database = await fresh({ SEED_DEMO: '1' });
    const sqliteConfig = { ...database.config, databaseUrl: undefined };
    const sqlite = createDatabase(sqliteConfig);
    await migrateToLatest(sqlite);
    await seedDatabase(sqlite, sqliteConfig);
    const before = await everyRow(sqlite);
    await sqlite.destroy();
    const members = (before.clients ?? []).length;
    expect(members).toBeGreaterThan(0);

    const prepared = await prepareDatabase(database.config, 'ops@cita.test');
    expect(prepared.moved?.clients).toBe(members);
    const postgres = createDatabase(database.config);
    try {
      const after = await everyRow(postgres);
      for (const [table, rows] of Object.entries(before)) {
        if (table.startsWith('kysely_') || table === 'server_secrets' || table === 'admins') continue;
        expect(after[table], table).toEqual(rows);
      }
      // New rows continue after the ids copied.
      const { rows: next } = await sql<{ id: number }>`
        select nextval(pg_get_serial_sequence('clients', 'id'))::int as id`.execute(postgres);
      expect(next[0]!.id).toBe(Math.max(...before.clients!.map((row) => (row as { id: number }).id)) + 1);
    } finally {
      await postgres.destroy();
    }
    // The SQLite file stays as it was, and a second run moves nothing again.
    expect(fs.existsSync(sqliteFileIn(database.config.dataDir))).toBe(true);
    expect((await prepareDatabase(database.config, 'ops@cita.test')).moved).toBeUndefined();
  });

  it('refuses, leaving PostgreSQL empty, when a table cannot come back the same', async () => {
    const database = await fresh();
    const sqliteConfig = { ...database.config, databaseUrl: undefined, seedDemo: true };
    const sqlite = createDatabase(sqliteConfig);
    await migrateToLatest(sqlite);
    await seedDatabase(sqlite, sqliteConfig);
    await sqlite.destroy();
    // A column PostgreSQL does not have: the copy cannot be the same.
    const file = new (await import('better-sqlite3')).default(sqliteFileIn(database.config.dataDir));
    file.exec('alter table clients add column apodo text');
    file.close();
    await expect(prepareDatabase(database.config, 'ops@cita.test')).rejects.toThrow(PreparationRefused);
    const postgres = createDatabase(database.config);
    try {
      const clients = await postgres.selectFrom('clients').select('id').execute();
      expect(clients).toEqual([]);
    } finally {
      await postgres.destroy();
    }
  });
});
