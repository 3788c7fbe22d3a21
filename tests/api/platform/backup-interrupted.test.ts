import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { run as backupVerb } from '../../../src/ops/backup';
import { run as restoreVerb } from '../../../src/ops/restore';
import { INTERRUPTED_REASON } from '../../../src/server/platform/backups/make-snapshot';
import { listSnapshots } from '../../../src/server/platform/backups/snapshot-files';
import { MAIL_JOB } from '../../../src/server/platform/mail/mail-jobs';
import { operatorKeys } from '../../support/backups';
import { setUpTestApp } from '../../support/test-app';

const operator = await operatorKeys();
const testApp = setUpTestApp({ seedDemo: false, env: operator.env });

afterEach(() => {
  vi.restoreAllMocks();
});

function serverEnv(): NodeJS.ProcessEnv {
  const { config } = testApp;
  return {
    ...process.env,
    ...operator.env,
    DATA_DIR: config.dataDir,
    ...(config.databaseUrl && { DATABASE_URL: config.databaseUrl }),
  };
}

/** Enough data that writing the snapshot takes a while: 48 MB that do not compress. */
let ballasted = false;
async function ballast(): Promise<void> {
  if (ballasted) return;
  ballasted = true;
  const { db } = testApp.app;
  const bytes = testApp.config.databaseUrl ? 'bytea' : 'blob';
  await sql`create table ballast (id integer primary key, bytes ${sql.raw(bytes)} not null)`.execute(db);
  for (let id = 1; id <= 48; id++) {
    await sql`insert into ballast (id, bytes) values (${id}, ${randomBytes(1024 * 1024)})`.execute(db);
  }
}

/** Files of a snapshot still being written: under a temporary name, or without a manifest yet. */
function unfinishedFiles(): string[] {
  if (!fs.existsSync(operator.backupDir)) return [];
  const names = fs.readdirSync(operator.backupDir);
  return names.filter((name) => name.endsWith('.partial') || name.endsWith('.age'));
}

/** The private work folders of backup runs in DATA_DIR: the plain copy lives there while it runs. */
function workFolders(): string[] {
  return fs.readdirSync(testApp.config.dataDir).filter((name) => name.startsWith('.respaldo-'));
}

/**
 * `cita backup` in a child process, killed (SIGKILL unless told) once `killWhen` sees something,
 * by default its first encrypted bytes on disk. Answers what was seen and how the child ended.
 */
async function backupStopped(
  killWhen: () => string[] | Promise<string[]> = unfinishedFiles,
  signal: NodeJS.Signals = 'SIGKILL',
): Promise<{ seen: string[]; exit: { code: number | null; signal: NodeJS.Signals | null } }> {
  await ballast();
  // What an earlier test left (a refused leftover, a copy it swept) is not this run's sign of life.
  const before = new Set(await killWhen());
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      '--input-type=module',
      '-e',
      "const { run } = await import('./src/ops/backup.ts'); process.exitCode = await run([]);",
    ],
    { env: serverEnv(), stdio: 'ignore' },
  );
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('exit', (code, endedBy) => resolve({ code, signal: endedBy })),
  );
  // Killed as soon as its first bytes are on disk: the condition, not a guess at the time.
  let seen: string[] = [];
  while (seen.length === 0 && child.exitCode === null) {
    seen = (await killWhen()).filter((name) => !before.has(name));
    if (seen.length === 0) await new Promise((resolve) => setImmediate(resolve));
  }
  child.kill(signal);
  return { seen, exit: await exited };
}

async function backupKilledHalfway(
  killWhen: () => string[] | Promise<string[]> = unfinishedFiles,
): Promise<string[]> {
  const { seen, exit } = await backupStopped(killWhen);
  expect(exit.signal).toBe('SIGKILL');
  return seen;
}

describe('a backup killed halfway (docs/design/24-backups.md)', () => {
  // Each test starts where the unit leaves a server: what an earlier test's run left is recorded
  // and swept, so each test sees its own run's traces only.
  beforeEach(async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await backupVerb(['--record-interrupted'], serverEnv());
    vi.restoreAllMocks();
  });

  it('never lists as complete or verified, and restore refuses what it left', async () => {
    const seen = await backupKilledHalfway();
    expect(seen).not.toEqual([]);

    expect(listSnapshots(operator.backupDir)).toEqual([]);
    const recorded = await testApp.app.db.selectFrom('backups').selectAll().execute();
    expect(recorded.filter((row) => row.verified === 1)).toEqual([]);

    const errors: string[] = [];
    vi.spyOn(console, 'error').mockImplementation((line: string) => errors.push(line));
    expect(await restoreVerb(['latest', '--identity', operator.identityFile], serverEnv())).toBe(1);
    expect(errors.pop()).toBe(`No hay ningún respaldo completo en ${operator.backupDir}`);
    const leftover = path.join(operator.backupDir, fs.readdirSync(operator.backupDir)[0]!);
    expect(await restoreVerb([leftover, '--identity', operator.identityFile], serverEnv())).toBe(1);
    expect(errors.pop()).toMatch(/está incompleto: no tiene manifiesto/);
  });

  it('leaves no plain copy behind: the unit’s ExecStopPost removes it, records the attempt as failed and queues one alert per admin', async () => {
    const earlier = await testApp.app.db
      .selectFrom('backups')
      .select((eb) => eb.fn.max('id').as('id'))
      .executeTakeFirst();
    const since = Number(earlier?.id ?? 0);
    await backupKilledHalfway();
    // What kill -9 left: the work folder (with SQLite, the database in clear).
    expect(workFolders()).not.toEqual([]);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(await backupVerb(['--record-interrupted'], serverEnv())).toBe(0);
    expect(workFolders()).toEqual([]);
    const interrupted = await testApp.app.db
      .selectFrom('backups')
      .selectAll()
      .where('reason', '=', INTERRUPTED_REASON)
      .where('id', '>', since)
      .execute();
    expect(interrupted).toEqual([expect.objectContaining({ kind: 'manual', verified: 0, file: null })]);
    const alerts = await testApp.app.db
      .selectFrom('jobs')
      .select('payload')
      .where('kind', '=', MAIL_JOB)
      .where('key', 'like', `%fallido:${interrupted[0]!.id}:%`)
      .execute();
    expect(alerts).toHaveLength(1);
    expect(alerts[0]!.payload).toContain('El respaldo se interrumpió');
    // Told once: a second look finds nothing more.
    expect(await backupVerb(['--record-interrupted'], serverEnv())).toBe(0);
    expect(
      await testApp.app.db
        .selectFrom('backups')
        .where('reason', '=', INTERRUPTED_REASON)
        .where('id', '>', since)
        .select('id')
        .execute(),
    ).toHaveLength(1);
  });

  it('killed while it verifies (the plain copy restored for the check): the copy is gone after the sweep, on either engine', async () => {
    const { databaseUrl } = testApp.config;
    const admin = databaseUrl ? new pg.Client({ connectionString: process.env.DATABASE_URL }) : null;
    await admin?.connect();
    try {
      // SQLite restores into the run's folder; PostgreSQL into a scratch database its marker names.
      const noted = new Set<string>();
      const scratchCopies = async (): Promise<string[]> => {
        if (!admin) {
          return workFolders().filter((name) =>
            fs.existsSync(path.join(testApp.config.dataDir, name, 'restaurada.sqlite')),
          );
        }
        for (const name of workFolders()) {
          const marker = path.join(testApp.config.dataDir, name, 'intento.json');
          const scratch =
            fs.existsSync(marker) && JSON.parse(fs.readFileSync(marker, 'utf8')).scratchDatabase;
          if (scratch) noted.add(scratch);
        }
        const { rows } = await admin.query<{ datname: string }>(
          'select datname from pg_database where datname = any($1)',
          [[...noted]],
        );
        return rows.map((row) => row.datname);
      };
      const seen = await backupKilledHalfway(scratchCopies);
      expect(seen).not.toEqual([]);
      vi.spyOn(console, 'error').mockImplementation(() => undefined);
      expect(await backupVerb(['--record-interrupted'], serverEnv())).toBe(0);
      expect(await scratchCopies()).toEqual([]);
      expect(workFolders()).toEqual([]);
    } finally {
      await admin?.end();
    }
  });

  it('stopped with SIGTERM (systemctl stop, Ctrl-C is SIGINT): removes its own plain copy, records and alerts before it exits', async () => {
    const { seen, exit } = await backupStopped(unfinishedFiles, 'SIGTERM');
    expect(seen).not.toEqual([]);
    expect(exit.code).toBe(143);
    expect(workFolders()).toEqual([]);
    const stopped = await testApp.app.db
      .selectFrom('backups')
      .select('id')
      .where('reason', '=', INTERRUPTED_REASON)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const alerts = await testApp.app.db
      .selectFrom('jobs')
      .select('key')
      .where('kind', '=', MAIL_JOB)
      .where('key', 'like', `%fallido:${stopped.id}:%`)
      .execute();
    expect(alerts).toHaveLength(1);
  });
});
