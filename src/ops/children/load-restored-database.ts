// Run by `cita restore latest --at` on PostgreSQL as the `cita` user (the PostgreSQL role by peer
// authentication) with the env file's environment:
//   check URL                      refuses, before the long replay, a target that is not fresh;
//   load URL DUMP RESTORED_FROM    the dump into that fresh database, migrated and quarantined;
//   finish URL RESTORED_FROM       a database the cluster's own restore brought back, likewise.
// Prints the restored tables' figures as JSON; on failure the reason, in Spanish, on stderr, exit 1.
import { withPostgresClient } from '../../server/platform/backups/postgres-tools';
import {
  emptyPostgresDatabase,
  finishRestore,
  restorePostgresDumpFile,
} from '../../server/platform/backups/restore-snapshot';
import { postgresTableFigures } from '../../server/platform/backups/table-figures';

async function finishInPlace(databaseUrl: string, restoredFrom: string) {
  const tables = await withPostgresClient(databaseUrl, (client) => postgresTableFigures(client, false));
  await finishRestore({ databaseUrl }, restoredFrom);
  return tables;
}

const [mode, databaseUrl = '', ...rest] = process.argv.slice(2);
try {
  switch (mode) {
    case 'check':
      await emptyPostgresDatabase(databaseUrl);
      break;
    case 'load':
      console.log(JSON.stringify(await restorePostgresDumpFile(rest[0] ?? '', databaseUrl, rest[1] ?? '')));
      break;
    case 'finish':
      console.log(JSON.stringify(await finishInPlace(databaseUrl, rest[0] ?? '')));
      break;
    default:
      throw new Error(`Modo desconocido: ${mode}`);
  }
} catch (error) {
  console.error((error as Error).message);
  process.exitCode = 1;
}
