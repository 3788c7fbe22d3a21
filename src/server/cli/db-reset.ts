import fs from 'node:fs';
import { sql } from 'kysely';
import { configFromEnv } from '../platform/config';
import { createDatabase } from '../platform/db/database';
import { migrateToLatest } from '../platform/db/migrate';
import { sqliteFileIn } from '../platform/db/sqlite-file';
import { prepareDatabase } from '../seed/seed';

/** `npm run db:reset`: drops everything, migrates and loads the demo content again. */
const config = configFromEnv();
if (config.databaseUrl) {
  const db = createDatabase(config);
  await sql`drop schema public cascade`.execute(db);
  await sql`create schema public`.execute(db);
  await db.destroy();
} else {
  for (const suffix of ['', '-wal', '-shm'])
    fs.rmSync(`${sqliteFileIn(config.dataDir)}${suffix}`, { force: true });
}
const db = createDatabase(config);
await migrateToLatest(db);
const { admin } = await prepareDatabase(db, config);
await db.destroy();
console.log('Base de datos recreada con el contenido demo.');
if (admin?.generatedPassword)
  console.log(`Administrador demo: ${admin.email}  contraseña: ${admin.generatedPassword}`);
