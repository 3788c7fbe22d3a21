import fs from 'node:fs';
import path from 'node:path';
import { tzOffset } from '@date-fns/tz';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { run as restoreVerb } from '../../../src/ops/restore';
import { replicaFolder } from '../../../src/server/platform/backups/litestream';
import { createDatabase } from '../../../src/server/platform/db/database';
import { MEXICO_TIME_ZONE } from '../../../src/shared/domain/mexico-time';
import { insertClient } from '../../support/admin-fixtures';
import { operatorKeys } from '../../support/backups';
import { setUpTestApp } from '../../support/test-app';

const operator = await operatorKeys();
const testApp = setUpTestApp({ env: { ...operator.env, BACKUP_CONTINUOUS: '1' } });

afterEach(() => {
  vi.restoreAllMocks();
});

function serverEnv(): NodeJS.ProcessEnv {
  return { ...operator.env, BACKUP_CONTINUOUS: '1', DATA_DIR: testApp.config.dataDir };
}

/** The newest change time of any file in the continuous replica (0 while it has none). */
function newestReplicaWrite(): number {
  const folder = replicaFolder(operator.backupDir);
  if (!fs.existsSync(folder)) return 0;
  return fs
    .readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .map((name) => fs.statSync(path.join(folder, name)).mtimeMs)
    .reduce((newest, at) => Math.max(newest, at), 0);
}

/** Waits until Litestream has shipped something written after `moment` (it syncs every second). */
async function replicatedAfter(moment: number): Promise<void> {
  await vi.waitFor(
    () => {
      expect(newestReplicaWrite()).toBeGreaterThan(moment);
    },
    { timeout: 20_000, interval: 100 },
  );
}

/** Runs `cita restore latest --at` into a fresh folder; answers the folder and what was printed. */
async function restoreAt(moment: string): Promise<{ code: number; printed: string; dataDir: string }> {
  const dataDir = path.join(
    fs.mkdtempSync(path.join(path.dirname(operator.backupDir), 'al-momento-')),
    'datos',
  );
  const lines: string[] = [];
  vi.spyOn(console, 'log').mockImplementation((line: string) => lines.push(line));
  vi.spyOn(console, 'error').mockImplementation((line: string) => lines.push(line));
  const code = await restoreVerb(['latest', '--at', moment, '--into', dataDir], serverEnv());
  vi.restoreAllMocks();
  return { code, printed: lines.join('\n'), dataDir };
}

async function emailsIn(dataDir: string): Promise<string[]> {
  const db = createDatabase({ databaseUrl: undefined, dataDir });
  try {
    const rows = await db.selectFrom('clients').select('email').orderBy('email').execute();
    return rows.map((row) => row.email);
  } finally {
    await db.destroy();
  }
}

/** `at` as an operator in Mexico City writes it: `2026-12-13 21:05:07.250`, no offset. */
function mexicoCityWallClock(at: Date): string {
  const local = new Date(at.getTime() + tzOffset(MEXICO_TIME_ZONE, at) * 60_000);
  return local.toISOString().replace('T', ' ').replace('Z', '');
}

describe('continuous replication with Litestream', () => {
  it('replicates every write to BACKUP_DIR/litestream, and `cita restore latest --at` gives them all back in a fresh file', async () => {
    await testApp.app.ready();
    const before = Date.now();
    const members = [];
    for (let index = 0; index < 30; index += 1) members.push(await insertClient(testApp.app));
    await replicatedAfter(before);
    const restored = await restoreAt(new Date().toISOString());
    expect(restored.printed).toContain('CUARENTENA');
    expect(restored.code).toBe(0);
    const live = await testApp.app.db.selectFrom('clients').select('email').orderBy('email').execute();
    expect(await emailsIn(restored.dataDir)).toEqual(live.map((row) => row.email));
    expect(live.map((row) => row.email)).toEqual(
      expect.arrayContaining(members.map((member) => member.email)),
    );
  });

  it('restores to a moment between two sign-ups (Mexico City time) and finds exactly the first', async () => {
    await testApp.app.ready();
    const first = await insertClient(testApp.app);
    await replicatedAfter(Date.now());
    const between = new Date();
    // The second sign-up comes a moment later, in a sync of Litestream's own.
    await vi.waitFor(() => expect(Date.now()).toBeGreaterThan(between.getTime() + 1000), {
      timeout: 3000,
      interval: 50,
    });
    const second = await insertClient(testApp.app);
    await replicatedAfter(Date.now());
    const restored = await restoreAt(mexicoCityWallClock(between));
    expect(restored.code).toBe(0);
    const emails = await emailsIn(restored.dataDir);
    expect(emails).toContain(first.email);
    expect(emails).not.toContain(second.email);
  });

  it('says so, in Spanish, for a moment it cannot read', async () => {
    const restored = await restoreAt('ayer en la noche');
    expect(restored).toMatchObject({
      code: 2,
      printed: expect.stringMatching(/^No entiendo la hora «ayer en la noche»/),
    });
  });
});
