import { sql } from 'kysely';
import pg from 'pg';
import type { DB } from './database';

/**
 * Indexes the member and admin reads need at a million members (docs/design/17-million.md, decision 0027).
 * They are built after the migrations, not inside one: on PostgreSQL with CREATE INDEX
 * CONCURRENTLY, which cannot run in the migration's transaction and never blocks writes to a busy
 * table while it builds. Each start checks them; a missing or invalid one (a concurrent build that
 * was interrupted) is (re)built. Names are stored in the database: never rename one.
 */
interface ReadIndex {
  name: string;
  table: string;
  /** The part after `on <table>`: columns, or `using gin (…)` on PostgreSQL. */
  postgres: string;
  /** The same on SQLite; absent when SQLite does without (a measured scan, decision 0027). */
  sqlite?: string;
}

export const READ_INDEXES: readonly ReadIndex[] = [
  // admin/clients/get lists by name; admin/matches (interests) newest first.
  {
    name: 'clients_name_order',
    table: 'clients',
    postgres: '(first_name, last_name, id)',
    sqlite: '(first_name, last_name, id)',
  },
  {
    name: 'interests_newest',
    table: 'interests',
    postgres: '(created_at desc, id desc)',
    sqlite: '(created_at desc, id desc)',
  },
  // The back office's event list, newest day first (read backwards).
  { name: 'events_by_day', table: 'events', postgres: '(day, hour, id)', sqlite: '(day, hour, id)' },
  // The dashboard's queue: the few adverts with a text waiting for approval, among hundreds of thousands.
  {
    name: 'adverts_pending',
    table: 'adverts',
    postgres: '(updated_at, id) where description_update is not null',
    sqlite: '(updated_at, id) where description_update is not null',
  },
  // Accent- and case-free "contains" search on the folded text (trigram; see folded-search.ts).
  { name: 'clients_search_trigram', table: 'clients', postgres: 'using gin (search_text gin_trgm_ops)' },
];

/** PostgreSQL advisory lock key: one instance builds while the others wait. */
const BUILD_LOCK = 7_102_017;

/**
 * On PostgreSQL a connection of its own: a concurrent build of a million rows outlasts the pool's
 * per-query time limit, and the advisory lock belongs to one session.
 */
export async function ensureReadIndexes(db: DB, databaseUrl: string | undefined): Promise<void> {
  if (!databaseUrl) {
    for (const index of READ_INDEXES) {
      if (!index.sqlite) continue;
      await sql`create index if not exists ${sql.id(index.name)} on ${sql.table(index.table)} ${sql.raw(index.sqlite)}`.execute(
        db,
      );
    }
    return;
  }
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('create extension if not exists pg_trgm');
    await client.query('select pg_advisory_lock($1)', [BUILD_LOCK]);
    for (const index of READ_INDEXES) {
      const existing = await client.query<{ valid: boolean }>(
        'select i.indisvalid as valid from pg_index i join pg_class c on c.oid = i.indexrelid where c.relname = $1',
        [index.name],
      );
      if (existing.rows[0]?.valid) continue;
      if (existing.rows[0]) await client.query(`drop index concurrently if exists "${index.name}"`);
      await client.query(`create index concurrently "${index.name}" on "${index.table}" ${index.postgres}`);
    }
  } finally {
    await client.end();
  }
}
