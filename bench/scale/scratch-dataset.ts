import fs from 'node:fs';
import os from 'node:os';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { hashPassword } from '../../src/server/platform/auth/passwords';
import { createDatabase } from '../../src/server/platform/db/database';
import { migrateToLatest } from '../../src/server/platform/db/migrate';
import { ensureReadIndexes } from '../../src/server/platform/db/read-indexes';
import type { Database } from '../../src/server/platform/db/schema';
import { createScratchDatabase, type ScratchDatabase } from '../../tests/support/server-process';
import { loadScaleDataset, SCALE_PASSWORD, type ScaleCounts } from './dataset';

/** PostgreSQL when DATABASE_URL is set, else SQLite; 1 000 000 and 100 000 members unless SCALE_CLIENTS says. */
export const postgres = Boolean(process.env.DATABASE_URL);
export const CLIENTS = Number(process.env.SCALE_CLIENTS ?? (postgres ? 1_000_000 : 100_000));

/**
 * A scratch database holding the §17 reference dataset, with a connection of its own (the app's
 * pool stops a query after 15 s; loading a table of millions takes longer). Drop it when done.
 * `clients` lets a bench choose its own default size.
 */
export async function scratchDataset(clients = CLIENTS): Promise<{
  scratch: ScratchDatabase;
  db: Kysely<Database>;
  counts: ScaleCounts;
  loadSeconds: number;
}> {
  const scratch = await createScratchDatabase();
  const loadStarted = performance.now();
  const db = scratch.databaseUrl
    ? new Kysely<Database>({
        dialect: new PostgresDialect({
          pool: new pg.Pool({ connectionString: scratch.databaseUrl, max: 1 }),
        }),
      })
    : createDatabase({ databaseUrl: undefined, dataDir: scratch.dataDir });
  await migrateToLatest(db);
  const counts = await loadScaleDataset(
    db,
    postgres ? 'postgres' : 'sqlite',
    { clients },
    await hashPassword(SCALE_PASSWORD),
  );
  await ensureReadIndexes(db, scratch.databaseUrl);
  return { scratch, db, counts, loadSeconds: (performance.now() - loadStarted) / 1000 };
}

/** What a bench measures on, for its first line: "PostgreSQL, 1,000,000 miembros". */
export const DATASET_LABEL = `${postgres ? 'PostgreSQL' : 'SQLite'}, ${CLIENTS.toLocaleString('es-MX')} miembros`;

/** The machine's load average, as the figures are quoted with it. */
export function loadAverage(): string {
  return os
    .loadavg()
    .map((load) => load.toFixed(2))
    .join(' ');
}

/** Resident memory of a process now and at its peak, in MB. */
export function residentMegabytes(pid: number): { now: number; peak: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { now: Math.round(kb('VmRSS') / 1024), peak: Math.round(kb('VmHWM') / 1024) };
}

/** The session cookie of a login through the API. */
export async function login(url: string, call: string, email: string, password: string): Promise<string> {
  const response = await fetch(`${url}/api/${call}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ access: { email, password } }),
  });
  if (!response.ok) throw new Error(`${call}: ${response.status} ${await response.text()}`);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

export const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
