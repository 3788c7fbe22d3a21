import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { type AppConfig, configFromEnv } from '../../src/server/platform/config';

/** A database nobody has used: a new PostgreSQL database on DATABASE_URL's server, or a new SQLite folder. */
export interface FreshDatabase {
  config: AppConfig;
  /** The new PostgreSQL database's URL, or undefined for SQLite. */
  databaseUrl: string | undefined;
  drop(): Promise<void>;
}

export async function freshDatabase(
  env: Record<string, string> = {},
  serverUrl = process.env.DATABASE_URL,
): Promise<FreshDatabase> {
  const dataDir = fs.mkdtempSync(path.join(inject('tempRoot'), 'cita-nueva-'));
  let databaseUrl: string | undefined;
  let dropDatabase = async () => {};
  if (serverUrl) {
    const name = `cita_nueva_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
    const onServer = async (statement: string) => {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      try {
        await client.query(statement);
      } finally {
        await client.end();
      }
    };
    await onServer(`create database ${name}`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    dropDatabase = () => onServer(`drop database if exists ${name} with (force)`);
  }
  const config = configFromEnv({
    DATA_DIR: dataDir,
    PUBLIC_URL: 'https://cita.test',
    SEED_DEMO: '0',
    LOG_LEVEL: 'silent',
    ...(databaseUrl && { DATABASE_URL: databaseUrl }),
    ...env,
  });
  return {
    config,
    databaseUrl,
    async drop() {
      await dropDatabase();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
