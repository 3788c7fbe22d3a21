import { type Kysely, Migrator } from 'kysely';
import { migrations } from '../../src/server/platform/db/migrations/index';

/** Migrates `db` with every migration named before `first` (e.g. '0018'): the schema as it was then. */
export async function migrateBefore(db: Kysely<any>, first: string): Promise<void> {
  const earlier = Object.fromEntries(Object.entries(migrations).filter(([name]) => name < first));
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => earlier },
    allowUnorderedMigrations: true,
  });
  const { error } = await migrator.migrateToLatest();
  if (error) throw error;
}
