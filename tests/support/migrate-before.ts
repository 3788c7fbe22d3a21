import type { Kysely } from 'kysely';
import { migrateToLatest } from '../../src/server/platform/db/migrate';
import { migrations } from '../../src/server/platform/db/migrations/index';

/** Migrates `db` with every migration named before `first` (e.g. '0018'): the schema as it was then. */
export async function migrateBefore(db: Kysely<any>, first: string): Promise<void> {
  const earlier = Object.fromEntries(Object.entries(migrations).filter(([name]) => name < first));
  await migrateToLatest(db, { migrations: earlier });
}
