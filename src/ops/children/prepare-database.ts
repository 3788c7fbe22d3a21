// Run by `cita setup` as the `cita` user (the PostgreSQL role of the same name, by peer
// authentication; the owner of SQLite's files), with the env file's environment: prepares the
// database (database-preparation.ts) and prints the outcome as one JSON line on stdout.
import { configFromEnv } from '../../server/platform/config';
import { prepareDatabase } from './database-preparation';

const email = process.argv[2];
if (!email) {
  console.error('Uso: prepare-database.ts <correo del primer administrador>');
  process.exit(2);
}
try {
  console.log(JSON.stringify(await prepareDatabase(configFromEnv(), email)));
} catch (error) {
  console.error((error as Error).message);
  process.exitCode = 1;
}
