import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { runDoctor } from '../../../src/ops/doctor';
import { run as restoreVerb } from '../../../src/ops/restore';
import { replicaFolder } from '../../../src/server/platform/backups/litestream';
import { createDatabase } from '../../../src/server/platform/db/database';
import { type OperatorKeys, operatorKeys } from '../../support/backups';
import { mailsTo } from '../../support/outbox';
import { createScratchDatabase, type ScratchDatabase, ServerProcess } from '../../support/server-process';
import { TEST_ADMIN } from '../../support/test-app';

let scratch: ScratchDatabase | undefined;
let server: ServerProcess | undefined;
let mounted: string | undefined;
afterEach(async () => {
  vi.restoreAllMocks();
  for (const pid of server ? childrenOf(server.pid) : []) killQuietly(pid);
  await server?.stop();
  if (mounted) execFileSync('umount', [mounted]);
  await scratch?.drop();
  server = undefined;
  scratch = undefined;
  mounted = undefined;
});

function killQuietly(pid: number): void {
  try {
    process.kill(pid, 'SIGKILL');
  } catch {
    // already gone
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** The processes a process started (Litestream, for the server). */
function childrenOf(pid: number): number[] {
  const tasks = path.join('/proc', String(pid), 'task');
  if (!pid || !fs.existsSync(tasks)) return [];
  return fs
    .readdirSync(tasks)
    .flatMap((task) => {
      try {
        return fs
          .readFileSync(path.join(tasks, task, 'children'), 'utf8')
          .split(/\s+/)
          .filter(Boolean);
      } catch {
        return [];
      }
    })
    .map(Number);
}

function signUp(index: number, batch: string) {
  return {
    client: {
      first_name: `Réplica${index}`,
      last_name: 'Desastre',
      email: `replica-${batch}-${index}@example.mx`,
      phone: '5500000000',
      birthday: '1990-01-01',
      gender: (index % 3) + 1,
      occupation: 'Pruebas',
      instagram: '',
      password: 'una-clave-larga',
      privacy_consent: true,
    },
  };
}

function serverEnv(keys: OperatorKeys): Record<string, string> {
  return { ...keys.env, BACKUP_CONTINUOUS: '1' };
}

/** `cita restore latest --at` into a fresh folder beside the backups; answers it and what was printed. */
async function restoreAt(
  keys: OperatorKeys,
  dataDir: string,
  at: Date,
): Promise<{ code: number; printed: string; dataDir: string }> {
  const into = path.join(fs.mkdtempSync(path.join(path.dirname(keys.backupDir), 'restaurada-')), 'datos');
  const lines: string[] = [];
  vi.spyOn(console, 'log').mockImplementation((line: string) => lines.push(line));
  vi.spyOn(console, 'error').mockImplementation((line: string) => lines.push(line));
  const code = await restoreVerb(['latest', '--at', at.toISOString(), '--into', into], {
    ...serverEnv(keys),
    DATA_DIR: dataDir,
  });
  vi.restoreAllMocks();
  return { code, printed: lines.join('\n'), dataDir: into };
}

async function emailsIn(dataDir: string): Promise<Set<string>> {
  const db = createDatabase({ databaseUrl: undefined, dataDir });
  try {
    const rows = await db.selectFrom('clients').select('email').execute();
    return new Set(rows.map((row) => row.email));
  } finally {
    await db.destroy();
  }
}

async function signUpAll(running: ServerProcess, batch: string, count: number): Promise<string[]> {
  const emails: string[] = [];
  for (let index = 0; index < count; index += 1) {
    const response = await running.post('client/add', signUp(index, batch));
    expect(response.statusCode).toBe(200);
    emails.push(signUp(index, batch).client.email);
  }
  return emails;
}

async function replicaPart(
  running: ServerProcess,
): Promise<{ ready: boolean; warning?: boolean; detail: string }> {
  const response = await fetch(`${running.url}/readyz`);
  const body = (await response.json()) as {
    parts: { name: string; ready: boolean; warning?: boolean; detail: string }[];
  };
  const part = body.parts.find((entry) => entry.name === 'réplica continua');
  if (!part) throw new Error(`/readyz names no «réplica continua»: ${JSON.stringify(body)}`);
  return part;
}

async function replicaLag(running: ServerProcess): Promise<number> {
  const text = await (await fetch(`${running.url}/metrics`)).text();
  const line = text.split('\n').find((entry) => entry.startsWith('cita_replica_lag_seconds '));
  if (!line) throw new Error('/metrics has no cita_replica_lag_seconds');
  return Number(line.split(' ')[1]);
}

async function doctorSays(keys: OperatorKeys, dataDir: string): Promise<string> {
  const lines: string[] = [];
  await runDoctor({ ...serverEnv(keys), DATA_DIR: dataDir }, { print: (line) => lines.push(line) });
  const line = lines.find((entry) => entry.includes('réplica continua:'));
  if (!line) throw new Error(`doctor said nothing of the replica:\n${lines.join('\n')}`);
  return line;
}

/** Writes zeros into `folder` until its filesystem has no room left; answers the file. */
function fillDisk(folder: string): string {
  const filler = path.join(folder, 'relleno');
  const chunk = Buffer.alloc(64 * 1024);
  const fd = fs.openSync(filler, 'w');
  try {
    for (;;) fs.writeSync(fd, chunk);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
  } finally {
    fs.closeSync(fd);
  }
  return filler;
}

/** When Litestream last finished a file in the replica. */
function newestReplicaWrite(backupDir: string): number {
  const folder = replicaFolder(backupDir);
  return fs
    .readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .filter((name) => !name.endsWith('.tmp'))
    .map((name) => fs.statSync(path.join(folder, name)))
    .filter((stat) => stat.isFile())
    .map((stat) => stat.mtimeMs)
    .reduce((newest, at) => Math.max(newest, at), 0);
}

/** Whether Litestream started, after `moment`, a file in the replica that it has not finished. */
function unfinishedReplicaWriteSince(backupDir: string, moment: number): boolean {
  const folder = replicaFolder(backupDir);
  return fs
    .readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.tmp'))
    .some((name) => fs.statSync(path.join(folder, name)).mtimeMs > moment);
}

describe('the continuous replica in a disaster', () => {
  it('brings back, after kill -9 and the whole DATA_DIR deleted, every write acknowledged more than 1 s before', async () => {
    const keys = await operatorKeys();
    scratch = await createScratchDatabase();
    server = await ServerProcess.start({ ...scratch, env: serverEnv(keys) });
    const running = server;
    const acknowledged: { email: string; at: number }[] = [];
    let next = 0;
    let killed = false;
    const worker = async () => {
      while (!killed) {
        const { email } = signUp(next, 'rayo').client;
        const body = signUp(next++, 'rayo');
        try {
          const response = await running.post('client/add', body);
          if (response.statusCode === 200) acknowledged.push({ email, at: Date.now() });
        } catch {
          // the connection died with the process: never acknowledged
        }
      }
    };
    const workers = Array.from({ length: 4 }, worker);
    // Past Litestream's first snapshot and several syncs, in the middle of the writing.
    await vi.waitFor(
      () => {
        expect(acknowledged.length).toBeGreaterThanOrEqual(60);
        expect(Date.now() - (acknowledged[0]?.at ?? Date.now())).toBeGreaterThan(4000);
      },
      { timeout: 30_000, interval: 50 },
    );
    // The machine dies: the server and its Litestream at once, as systemd's kill of the unit.
    const litestream = childrenOf(running.pid);
    expect(litestream.length).toBeGreaterThan(0);
    for (const pid of litestream) process.kill(pid, 'SIGKILL');
    running.signal('SIGKILL');
    const killedAt = Date.now();
    killed = true;
    await running.exited;
    await Promise.all(workers);
    fs.rmSync(scratch.dataDir, { recursive: true, force: true });

    const restored = await restoreAt(keys, scratch.dataDir, new Date());
    expect(restored.printed).toContain('CUARENTENA');
    expect(restored.code).toBe(0);
    const emails = await emailsIn(restored.dataDir);
    const due = acknowledged.filter((write) => write.at < killedAt - 1000);
    const lost = due.filter((write) => !emails.has(write.email));
    expect(due.length).toBeGreaterThanOrEqual(50);
    expect(lost).toEqual([]);
  }, 90_000);

  it("restores into DATA_DIR itself after only cita.sqlite was deleted, without the lost database's WAL mixing in", async () => {
    const keys = await operatorKeys();
    scratch = await createScratchDatabase();
    server = await ServerProcess.start({ ...scratch, env: serverEnv(keys) });
    const running = server;
    const first = await signUpAll(running, 'primera', 3);
    const firstWritten = Date.now();
    await vi.waitFor(() => expect(newestReplicaWrite(keys.backupDir)).toBeGreaterThan(firstWritten), {
      timeout: 10_000,
      interval: 100,
    });
    // The moment asked lies between the two batches, each in a sync of Litestream's own.
    const between = new Date();
    await vi.waitFor(() => expect(Date.now()).toBeGreaterThan(between.getTime() + 1000), {
      timeout: 3000,
      interval: 50,
    });
    const second = await signUpAll(running, 'segunda', 3);
    const secondWritten = Date.now();
    await vi.waitFor(() => expect(newestReplicaWrite(keys.backupDir)).toBeGreaterThan(secondWritten), {
      timeout: 10_000,
      interval: 100,
    });
    for (const pid of childrenOf(running.pid)) process.kill(pid, 'SIGKILL');
    running.signal('SIGKILL');
    await running.exited;
    const database = path.join(scratch.dataDir, 'cita.sqlite');
    expect(fs.existsSync(`${database}-wal`)).toBe(true);
    fs.rmSync(database);

    const lines: string[] = [];
    vi.spyOn(console, 'log').mockImplementation((line: string) => lines.push(line));
    vi.spyOn(console, 'error').mockImplementation((line: string) => lines.push(line));
    const code = await restoreVerb(['latest', '--at', between.toISOString()], {
      ...serverEnv(keys),
      DATA_DIR: scratch.dataDir,
    });
    vi.restoreAllMocks();
    expect(lines.join('\n')).toContain('CUARENTENA');
    expect(lines.join('\n')).toContain(
      `se apartaron para que no se mezclen con la restaurada: ${database}-wal.de-la-base-perdida`,
    );
    expect(code).toBe(0);
    const emails = await emailsIn(scratch.dataDir);
    for (const email of first) expect(emails.has(email)).toBe(true);
    for (const email of second) expect(emails.has(email)).toBe(false);
    const db = createDatabase({ databaseUrl: undefined, dataDir: scratch.dataDir });
    try {
      const { rows } = await sql<{ integrity_check: string }>`pragma integrity_check`.execute(db);
      expect(rows).toEqual([{ integrity_check: 'ok' }]);
    } finally {
      await db.destroy();
    }
  }, 90_000);

  it('reports a full backup disk at once, restores only to the moment the replica reached and says so, resumes when space returns, and stops without hanging', async () => {
    const keys = await operatorKeys();
    fs.mkdirSync(keys.backupDir, { recursive: true });
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=48m', 'tmpfs', keys.backupDir]);
    mounted = keys.backupDir;
    scratch = await createScratchDatabase();
    server = await ServerProcess.start({ ...scratch, env: serverEnv(keys) });
    const running = server;
    const before = await signUpAll(running, 'antes', 3);
    const beforeWritten = Date.now();
    await vi.waitFor(() => expect(newestReplicaWrite(keys.backupDir)).toBeGreaterThan(beforeWritten), {
      timeout: 10_000,
      interval: 100,
    });
    expect(await replicaPart(running)).toMatchObject({ detail: 'bien' });

    const filledAt = Date.now();
    const filler = fillDisk(keys.backupDir);
    const duringFull = await signUpAll(running, 'lleno', 3);
    const warned = await vi.waitFor(
      async () => {
        const part = await replicaPart(running);
        expect(part).toMatchObject({ warning: true });
        expect(part.detail).toMatch(/^La réplica continua \(Litestream\) no recibe escrituras desde hace/);
        return part;
      },
      { timeout: 30_000, interval: 250 },
    );
    // A warning: this instance keeps serving.
    expect(warned.ready).toBe(true);
    expect(await replicaLag(running)).toBeGreaterThan(10);
    expect(await doctorSays(keys, scratch.dataDir)).toMatch(/^✗ réplica continua: La réplica continua/);
    await running.waitForLog(/La réplica continua \(Litestream\) no recibe escrituras/, 1);
    await vi.waitFor(
      async () => {
        const mails = await mailsTo(scratch!.dataDir, TEST_ADMIN.email);
        expect(mails.filter((mail) => mail.text?.includes('La réplica continua'))).toHaveLength(1);
      },
      { timeout: 15_000, interval: 200 },
    );

    // Restored now, the replica gives what it holds and says until when, not the moment asked.
    const asked = new Date();
    const stale = await restoreAt(keys, scratch.dataDir, asked);
    expect(stale.code).toBe(0);
    const reached = /la réplica continua solo llega hasta el (\S+) /.exec(stale.printed)?.[1];
    expect(stale.printed).toMatch(/^AVISO: pidió el /);
    expect(stale.printed).toContain(`hasta su última escritura, el ${reached}`);
    expect(Date.parse(reached ?? '')).toBeLessThanOrEqual(filledAt);
    const staleEmails = await emailsIn(stale.dataDir);
    for (const email of before) expect(staleEmails.has(email)).toBe(true);
    for (const email of duringFull) expect(staleEmails.has(email)).toBe(false);

    fs.rmSync(filler);
    await vi.waitFor(async () => expect(await replicaPart(running)).toMatchObject({ detail: 'bien' }), {
      timeout: 90_000,
      interval: 500,
    });
    expect(await replicaLag(running)).toBeLessThan(5);
    expect(await doctorSays(keys, scratch.dataDir)).toMatch(/^✓ réplica continua/);
    const after = await signUpAll(running, 'despues', 3);
    const written = Date.now();
    await vi.waitFor(() => expect(newestReplicaWrite(keys.backupDir)).toBeGreaterThan(written), {
      timeout: 10_000,
      interval: 100,
    });
    // One e-mail for the one stall; the log names positions, never a member.
    expect(
      (await mailsTo(scratch.dataDir, TEST_ADMIN.email)).filter((mail) =>
        mail.text?.includes('La réplica continua'),
      ),
    ).toHaveLength(1);
    for (const email of [...before, ...duringFull, ...after]) expect(running.output).not.toContain(email);

    // Every sign-up, those written while the disk was full included, reached the replica.
    const restored = await restoreAt(keys, scratch.dataDir, new Date());
    expect(restored.code).toBe(0);
    const emails = await emailsIn(restored.dataDir);
    for (const email of [...before, ...duringFull, ...after]) expect(emails.has(email)).toBe(true);

    // Full again, with Litestream stuck mid-write: SIGTERM still ends the server and Litestream soon.
    const fullAgain = Date.now();
    fillDisk(keys.backupDir);
    await signUpAll(running, 'otra-vez', 2);
    await vi.waitFor(() => expect(unfinishedReplicaWriteSince(keys.backupDir, fullAgain)).toBe(true), {
      timeout: 10_000,
      interval: 100,
    });
    const litestream = childrenOf(running.pid);
    expect(litestream.length).toBeGreaterThan(0);
    const stopping = Date.now();
    let exited = false;
    void running.exited.then(() => {
      exited = true;
    });
    running.signal('SIGTERM');
    await vi.waitFor(() => expect(exited).toBe(true), { timeout: 10_000, interval: 100 });
    expect(Date.now() - stopping).toBeLessThan(10_000);
    for (const pid of litestream) expect(isAlive(pid)).toBe(false);
  }, 180_000);
});
