// Run by `cita upgrade` as the `cita` user (the PostgreSQL role by peer authentication; the owner
// of SQLite's files) with the env file's environment: applies the pending migrations under the
// migration lock, refusing when another process holds it. Prints the names it applied, one a
// line; on failure the reason, in Spanish, on stderr and exit code 1.
import { configFromEnv } from '../../server/platform/config';
import { createDatabase } from '../../server/platform/db/database';
import { migrateToLatest } from '../../server/platform/db/migrate';

const db = createDatabase(configFromEnv());
try {
  for (const name of await migrateToLatest(db, { ifBusy: 'refuse' })) console.log(name);
} catch (error) {
  console.error((error as Error).message);
  process.exitCode = 1;
} finally {
  await db.destroy();
}
