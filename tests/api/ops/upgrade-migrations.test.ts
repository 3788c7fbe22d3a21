import SQLite from 'better-sqlite3';
import { type Kysely, type Migration, sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { migrateInChildProcess, type UpgradeSteps, upgrade } from '../../../src/ops/upgrade';
import {
  postgresTableFigures,
  sqliteTableFigures,
  type TableFigures,
} from '../../../src/server/platform/backups/table-figures';
import { createDatabase, type DB } from '../../../src/server/platform/db/database';
import { migrateToLatest } from '../../../src/server/platform/db/migrate';
import { migrations } from '../../../src/server/platform/db/migrations/index';
import { sqliteFileIn } from '../../../src/server/platform/db/sqlite-file';
import { createScratchDatabase, type ScratchDatabase, ServerProcess } from '../../support/server-process';

/**
 * docs/design/23-online.md: `cita upgrade` migrates under a database lock, each migration in its own
 * transaction; a failing one leaves the database as it was before it and the previous version
 * serving (decision 0049). On SQLite and on PostgreSQL, against a real server process.
 */
let scratch: ScratchDatabase;
let running: ServerProcess;
let db: DB;

/** The running instance's heartbeat, written by its timer whatever the upgrade does. */
const HEARTBEAT_TABLE = 'live_instances';

beforeAll(async () => {
  scratch = await createScratchDatabase();
  // The old version, serving before the upgrade starts; no queue worker, so nothing it does on
  // its own moves the data being compared.
  running = await ServerProcess.start({ ...scratch, env: { QUEUE_CONCURRENCY: '0' } });
  db = createDatabase(scratch);
}, 60_000);

afterAll(async () => {
  await db?.destroy();
  await running?.stop();
  await scratch?.drop();
});

/** Every table's row count and content hash, measured as the backups' verification does. */
async function tableFigures(): Promise<TableFigures> {
  if (!scratch.databaseUrl) {
    const file = new SQLite(sqliteFileIn(scratch.dataDir), { readonly: true });
    try {
      return await sqliteTableFigures(file);
    } finally {
      file.close();
    }
  }
  const client = new pg.Client({ connectionString: scratch.databaseUrl });
  await client.connect();
  try {
    return await postgresTableFigures(client, false);
  } finally {
    await client.end();
  }
}

async function readyz(server: ServerProcess): Promise<number> {
  return (await fetch(`${server.url}/readyz`)).status;
}

async function executedMigrations(): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(db);
  return rows.map((row) => row.name);
}

/** Runs the upgrade's steps, capturing what it prints; the restart is only recorded. */
async function runUpgrade(migrate: UpgradeSteps['migrate']) {
  const restart = vi.fn(async () => undefined);
  const printed: string[] = [];
  const code = await upgrade(
    { backUp: async () => undefined, migrate, restart },
    { out: (line) => printed.push(line), err: (line) => printed.push(line) },
  );
  return { code, printed: printed.join('\n'), restarted: restart.mock.calls.length > 0 };
}

const goodMigration: Migration = {
  async up(trx: Kysely<any>) {
    await trx.schema
      .createTable('upgrade_probe')
      .addColumn('id', 'integer', (c) => c.primaryKey())
      .execute();
    await trx.insertInto('upgrade_probe').values({ id: 1 }).execute();
  },
};

/** Changes schema and data, then meets an error half-way, as a faulty release would. */
const failingMigration: Migration = {
  async up(trx: Kysely<any>) {
    await trx.schema.alterTable('events').addColumn('half_done', 'text').execute();
    await trx.updateTable('events').set({ name: 'a medias' }).execute();
    await trx.deleteFrom('event_categories').execute();
    await trx.schema.createTable('half_done').addColumn('id', 'integer').execute();
    await sql`select * from table_that_does_not_exist`.execute(trx);
  },
};

describe('cita upgrade: the migrations', () => {
  it('a failing migration after a good one: undone entirely, the good one kept, the reason in Spanish, exit 1, nothing restarted, the old version still ready', async () => {
    const before = await tableFigures();
    const migratedBefore = await executedMigrations();
    expect(before.events!.rows).toBeGreaterThan(0);
    expect(before.event_categories!.rows).toBeGreaterThan(0);

    const { code, printed, restarted } = await runUpgrade(() =>
      migrateToLatest(db, {
        ifBusy: 'refuse',
        migrations: { ...migrations, '9001-good': goodMigration, '9002-failing': failingMigration },
      }),
    );

    expect(code).toBe(1);
    expect(printed).toContain('cita upgrade no terminó: la migración 9002-failing falló (');
    expect(printed).toContain('se deshizo entera: la base quedó como estaba antes de ella');
    expect(printed).toContain('las anteriores quedaron aplicadas (9001-good)');
    expect(printed).toContain(
      'No se reinició ninguna instancia: todas siguen sirviendo la versión anterior.',
    );
    expect(restarted).toBe(false);

    const after = await tableFigures();
    expect(Object.keys(after).sort()).toEqual([...Object.keys(before), 'upgrade_probe'].sort());
    for (const table of Object.keys(before)) {
      if (table === 'kysely_migration' || table === HEARTBEAT_TABLE) continue;
      expect(after[table], table).toEqual(before[table]);
    }
    expect(after.upgrade_probe!.rows).toBe(1);
    // The failing migration's added column would change every row's hash; its table is gone too.
    expect(after.half_done).toBeUndefined();
    expect(await executedMigrations()).toEqual([...migratedBefore, '9001-good'].sort());
    // The old version does not know 9001-good: a newer schema than its code is still ready.
    expect(await readyz(running)).toBe(200);
  }, 30_000);

  it('while one run migrates, cita upgrade refuses in Spanish and a starting instance waits, then starts', async () => {
    let entered!: () => void;
    const inGate = new Promise<void>((resolve) => {
      entered = resolve;
    });
    let release!: () => void;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    const gate: Migration = {
      async up() {
        entered();
        await released;
      },
    };
    const first = migrateToLatest(db, { migrations: { ...migrations, '9003-gate': gate } });
    let second: ServerProcess | undefined;
    try {
      await inGate;

      const refused = await runUpgrade(
        migrateInChildProcess({
          DATA_DIR: scratch.dataDir,
          ...(scratch.databaseUrl ? { DATABASE_URL: scratch.databaseUrl } : {}),
          LOG_LEVEL: 'warn',
        }),
      );
      expect(refused.code).toBe(1);
      expect(refused.printed).toContain(
        'otro proceso (una instancia que arranca u otro cita upgrade) está aplicando las migraciones en este momento',
      );
      expect(refused.restarted).toBe(false);

      second = await ServerProcess.spawn({ ...scratch, env: { QUEUE_CONCURRENCY: '0' } });
      await second.waitForLog(
        /otro proceso está aplicando las migraciones; se espera a que termine/,
        1,
        20_000,
      );
      release();
      expect(await first).toEqual(['9003-gate']);
      await second.waitUntilHealthy();
      expect(await readyz(second)).toBe(200);
    } finally {
      release();
      await first.catch(() => undefined);
      await second?.stop();
    }
  }, 60_000);
});
