import { beforeEach, describe, expect, it, vi } from 'vitest';
import { run as backupVerb } from '../../../src/ops/backup';
import { runDoctor } from '../../../src/ops/doctor';
import { recordBackup } from '../../../src/server/platform/backups/backup-records';
import { operatorKeys } from '../../support/backups';
import { setUpTestApp } from '../../support/test-app';

/**
 * docs/design/23-online.md and docs/design/24-backups.md with backups on: /readyz, /metrics and `cita doctor` tell the state of
 * the last snapshots. The attempts are recorded directly (making real ones is backups.test.ts'
 * business), each test starting from none.
 */
const operator = await operatorKeys();
const testApp = setUpTestApp({ seedDemo: false, loginAdmin: true, env: operator.env });

const HOUR_MS = 3_600_000;

beforeEach(async () => {
  await testApp.app.db.deleteFrom('backups').execute();
});

async function attempt(
  hoursAgo: number,
  outcome: { verified: boolean; sizeBytes?: number; reason?: string },
) {
  await recordBackup(testApp.app.db, {
    startedAt: new Date(Date.now() - hoursAgo * HOUR_MS).toISOString(),
    kind: 'nightly',
    engine: testApp.config.databaseUrl ? 'postgres' : 'sqlite',
    file: outcome.verified ? `cita-${hoursAgo}.age` : null,
    destination: operator.backupDir,
    sizeBytes: outcome.sizeBytes ?? null,
    durationMs: 1_000,
    verified: outcome.verified,
    reason: outcome.reason ?? null,
    tableCounts: null,
  });
}

async function readyz() {
  const response = await testApp.app.inject({ method: 'GET', url: '/readyz' });
  return { statusCode: response.statusCode, body: response.json() };
}

async function metricsText(): Promise<string> {
  const response = await testApp.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1' });
  expect(response.statusCode).toBe(200);
  return response.body;
}

function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

/** The environment the verbs read on this test's server, as the env file gives it. */
function serverEnv(): NodeJS.ProcessEnv {
  return {
    DATA_DIR: testApp.config.dataDir,
    ...(testApp.config.databaseUrl ? { DATABASE_URL: testApp.config.databaseUrl } : {}),
    ...operator.env,
  };
}

async function doctorBackupsLine(): Promise<string | undefined> {
  const lines: string[] = [];
  await runDoctor(serverEnv(), { print: (line) => lines.push(line) });
  return lines.find((line) => /^[✓✗] respaldos: /.test(line));
}

describe('backups on: /readyz, /metrics and cita doctor', () => {
  it('a verified snapshot 3 h old: ready, its age and size in /metrics, a ✓ in doctor', async () => {
    await attempt(3, { verified: true, sizeBytes: 123_456 });
    const { statusCode, body } = await readyz();
    expect(statusCode).toBe(200);
    expect(body.parts.map((part: { name: string }) => part.name)).toContain('respaldos');
    const text = await metricsText();
    expect(sample(text, 'cita_backup_size_bytes{kind="nightly"}')).toBe(123_456);
    const age = sample(text, 'cita_backup_age_seconds{kind="nightly"}')!;
    expect(age).toBeGreaterThanOrEqual(3 * 3600);
    expect(age).toBeLessThan(3 * 3600 + 60);
    expect(await doctorBackupsLine()).toMatch(
      /^✓ respaldos: el último verificado es de hace 3\.0 h \(120\.6 KB\), en .+; se guardan todos los de las últimas 24 h, 7 diarios, 4 semanales, 6 mensuales$/,
    );
  });

  it('the last verified one older than 26 h: still 200, a named warning, 1 in /metrics, doctor ✗', async () => {
    await attempt(27, { verified: true, sizeBytes: 1_000 });
    const { statusCode, body } = await readyz();
    expect(statusCode).toBe(200);
    expect(body.warnings).toEqual([
      'respaldos: El último respaldo verificado es de hace 27 h (el máximo es 26 h)',
    ]);
    expect(body.parts).toContainEqual({
      name: 'respaldos',
      ready: true,
      warning: true,
      detail: 'El último respaldo verificado es de hace 27 h (el máximo es 26 h)',
    });
    const text = await metricsText();
    expect(sample(text, 'cita_backup_age_seconds{kind="nightly"}')).toBeGreaterThanOrEqual(27 * 3600);
    expect(sample(text, 'cita_backup_warning{part="respaldos"}')).toBe(1);
    expect(await doctorBackupsLine()).toBe(
      '✗ respaldos: El último respaldo verificado es de hace 27 h (el máximo es 26 h)',
    );
    expect((await testApp.admin.post('admin/backups/get')).body).toMatchObject({
      enabled: true,
      healthy: false,
      problem: 'El último respaldo verificado es de hace 27 h (el máximo es 26 h)',
    });
  });

  it('the last attempt failed: 200 with a warning without its reason (public), doctor ✗ with it; /metrics keeps the last verified one', async () => {
    await attempt(5, { verified: true, sizeBytes: 2_048 });
    await attempt(1, { verified: false, reason: 'el disco de respaldos está lleno' });
    const { statusCode, body } = await readyz();
    expect(statusCode).toBe(200);
    expect(body.message).toBe(
      'Lista para atender, con avisos: respaldos: El último respaldo falló (el motivo está en «cita doctor»)',
    );
    expect(JSON.stringify(body)).not.toContain('lleno');
    expect(sample(await metricsText(), 'cita_backup_size_bytes{kind="nightly"}')).toBe(2_048);
    expect(await doctorBackupsLine()).toMatch(
      /^✗ respaldos: el último \(.+\) falló: el disco de respaldos está lleno$/,
    );
  });

  it('the «Respaldos» card answers an organizer in plain Spanish: no folder, setting or failure message', async () => {
    await attempt(1, {
      verified: false,
      reason: `El respaldo falló: no se puede crear la carpeta de BACKUP_DIR ${operator.backupDir} (EACCES)`,
    });
    const answer = (await testApp.admin.post('admin/backups/get')).body;
    expect(answer).toMatchObject({
      enabled: true,
      off_site: false,
      healthy: false,
      problem: 'El último respaldo falló (el motivo está en «cita doctor»)',
      latest: { kind: 'nightly', verified: false },
    });
    const text = JSON.stringify(answer);
    expect(text).not.toContain(operator.backupDir);
    expect(text).not.toMatch(/BACKUP_|EACCES|\.age/);
    // The operator still reads all of it.
    expect(await doctorBackupsLine()).toContain(`BACKUP_DIR ${operator.backupDir} (EACCES)`);
  });

  it('none yet (README step 2, just configured): 200 with the warning, and no age in /metrics', async () => {
    const { statusCode, body } = await readyz();
    expect(statusCode).toBe(200);
    expect(body.warnings).toEqual(['respaldos: Todavía no hay ningún respaldo verificado']);
    const text = await metricsText();
    expect(sample(text, 'cita_backup_warning{part="respaldos"}')).toBe(1);
    expect(text).toContain('# TYPE cita_backup_age_seconds gauge');
    expect(text).not.toContain('cita_backup_age_seconds{');
    expect(text).not.toContain('cita_backup_size_bytes{');
  });

  it('cita backup --before-upgrade (the first step of cita upgrade) makes a verified snapshot of that kind', async () => {
    vi.spyOn(console, 'log').mockImplementation(() => undefined);
    try {
      expect(await backupVerb(['--before-upgrade'], serverEnv())).toBe(0);
    } finally {
      vi.restoreAllMocks();
    }
    const { statusCode, body } = await readyz();
    expect(statusCode).toBe(200);
    expect(body.warnings).toEqual([]);
    const text = await metricsText();
    expect(sample(text, 'cita_backup_warning{part="respaldos"}')).toBe(0);
    expect(sample(text, 'cita_backup_size_bytes{kind="before-upgrade"}')).toBeGreaterThan(0);
    expect(sample(text, 'cita_backup_age_seconds{kind="before-upgrade"}')).toBeLessThan(60);
  });
});
