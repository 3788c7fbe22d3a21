// Run by `cita setup` as the `cita` user (the PostgreSQL role of the same name, by peer
// authentication; the owner of SQLite's files): migrates the database and prints the first
// admin's one-time link on stdout. The environment is the env file's.
import { issueFirstAdminLink } from '../server/back-office/admin-first-access';
import { configFromEnv } from '../server/platform/config';
import { createDatabase } from '../server/platform/db/database';
import { migrateToLatest } from '../server/platform/db/migrate';

const email = process.argv[2];
if (!email) {
  console.error('Uso: prepare-database.ts <correo del primer administrador>');
  process.exit(2);
}
const config = configFromEnv();
const db = createDatabase(config);
try {
  await migrateToLatest(db);
  console.log(await issueFirstAdminLink(db, { email, publicUrl: config.publicUrl }));
} catch (error) {
  console.error((error as Error).message);
  process.exitCode = 1;
} finally {
  await db.destroy();
}
