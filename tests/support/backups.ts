import fs from 'node:fs';
import path from 'node:path';
import { generateX25519Identity, identityToRecipient } from 'age-encryption';
import type { Kysely } from 'kysely';
import pg from 'pg';
import { inject } from 'vitest';
import type { AppConfig } from '../../src/server/platform/config';
import { walkSchema } from '../../src/server/platform/db/schema-walker';
import { sqliteFileIn } from '../../src/server/platform/db/sqlite-file';

/** The operator's age key pair for a test file: the public half for the server, the private in a file. */
export interface OperatorKeys {
  recipient: string;
  identityFile: string;
  /** Where this file's snapshots go. */
  backupDir: string;
  /** The environment that turns backups on for a test app. */
  env: Record<string, string>;
}

export async function operatorKeys(): Promise<OperatorKeys> {
  const folder = fs.mkdtempSync(path.join(inject('tempRoot'), 'cita-operador-'));
  const identity = await generateX25519Identity();
  const recipient = await identityToRecipient(identity);
  const identityFile = path.join(folder, 'clave-del-operador.txt');
  fs.writeFileSync(identityFile, `# clave privada del operador, nunca en el servidor\n${identity}\n`, {
    mode: 0o600,
  });
  const backupDir = path.join(folder, 'respaldos');
  return {
    recipient,
    identityFile,
    backupDir,
    // Litestream only where a test looks at the continuous replica (replication.test.ts).
    env: { BACKUP_DIR: backupDir, BACKUP_AGE_RECIPIENT: recipient, BACKUP_CONTINUOUS: '0' },
  };
}

/** Changes one byte in the middle of a file, as a failing disk or a careless hand would. */
export function flipOneByte(file: string): void {
  const bytes = fs.readFileSync(file);
  const middle = Math.floor(bytes.length / 2);
  bytes[middle] = (bytes[middle]! ^ 0x01) & 0xff;
  fs.writeFileSync(file, bytes);
}

/**
 * Every row of every table the schema walker finds (Kysely's own included), each table's rows sorted
 * by their JSON: what a restore must give back, compared without trusting the figures under test.
 */
export async function everyRow(db: Kysely<any>): Promise<Record<string, unknown[]>> {
  const rows: Record<string, unknown[]> = {};
  for (const { name: table } of await walkSchema(db)) {
    const all = await db.selectFrom(table).selectAll().execute();
    rows[table] = all
      .map((row) => ({ row, key: JSON.stringify(row) }))
      .sort((a, b) => a.key.localeCompare(b.key))
      .map(({ row }) => row);
  }
  return rows;
}

/** Removes the database for good, as a dead disk or a mistaken DROP would. */
export async function destroyDatabase(config: AppConfig): Promise<void> {
  if (!config.databaseUrl) {
    for (const suffix of ['', '-wal', '-shm'])
      fs.rmSync(`${sqliteFileIn(config.dataDir)}${suffix}`, { force: suffix !== '' });
    return;
  }
  const name = new URL(config.databaseUrl).pathname.slice(1);
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  try {
    await admin.query(`drop database ${name} with (force)`);
  } finally {
    await admin.end();
  }
}
