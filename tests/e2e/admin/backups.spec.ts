import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import SQLite from 'better-sqlite3';
import { E2E_BACKUP_ENV } from '../e2e-env';
import { loginAsAdmin } from '../fixtures';

/** docs/design/24-backups.md: the back office's "Respaldos" card and the quarantine banner, on a phone. */
test.use({ viewport: { width: 360, height: 740 } });

const dataDir = process.env.E2E_DATA_DIR!;

/** Runs an operator's verb (src/ops/<verb>.ts) against the browser tests' server, as `cita <verb>`. */
function cita(verb: 'backup' | 'restore', args: string[]): string {
  const result = spawnSync(
    process.execPath,
    [
      '--import',
      'tsx',
      '--input-type=module',
      '-e',
      `const { run } = await import('./src/ops/${verb}.ts'); process.exitCode = await run(${JSON.stringify(args)});`,
    ],
    {
      encoding: 'utf8',
      env: {
        ...process.env,
        DATA_DIR: dataDir,
        BACKUP_DIR: path.join(dataDir, E2E_BACKUP_ENV.BACKUP_DIRNAME),
        BACKUP_AGE_RECIPIENT: E2E_BACKUP_ENV.BACKUP_AGE_RECIPIENT,
      },
    },
  );
  if (result.status !== 0) throw new Error(`cita ${verb} failed: ${result.stderr}`);
  return result.stdout;
}

/** What `cita restore` leaves in a restored database, set here on the running site's own. */
function quarantineTheSite(): void {
  const database = new SQLite(path.join(dataDir, 'cita.sqlite'));
  try {
    database
      .prepare('insert into restore_quarantine (id, restored_from, restored_at) values (1, ?, ?)')
      .run('cita-2026-12-13T03-00-00-000Z.sqlite.age', new Date().toISOString());
  } finally {
    database.close();
  }
}

test('an admin reads the last backup on her phone, verified, its size, whether a copy leaves the machine, and no server path; a restored site shows its quarantine', async ({
  page,
}) => {
  // A real snapshot of the demo site (photos included) is made and restored to verify it.
  test.setTimeout(60_000);
  await loginAsAdmin(page);
  const card = page.getByRole('region', { name: 'Respaldos' });
  await expect(card).toContainText('Todavía no se ha hecho ningún respaldo.');
  await expect(card.getByRole('alert')).toHaveText('Todavía no hay ningún respaldo verificado');

  const printed = cita('backup', []);
  const file = path.basename(/^Respaldo verificado: (\S+)/.exec(printed)![1]!);
  await page.reload();
  await expect(card).toContainText('Verificado: se restauró y coincide con el origen');
  // An organizer reads what is true, not the operator's settings and folders.
  await expect(card).toContainText('Fuera del servidorNo: las copias están solo en este servidor');
  await expect(card).not.toContainText(file);
  await expect(card).not.toContainText(dataDir);
  await expect(card).not.toContainText('BACKUP_');
  await expect(card).toContainText(/Tamaño\s*\d+(\.\d)? (KB|MB)/);
  await expect(card.getByRole('alert')).toHaveCount(0);
  // Nothing wider than the phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

  quarantineTheSite();
  try {
    await page.reload();
    await expect(page.getByRole('alert').filter({ hasText: 'Base restaurada en cuarentena' })).toContainText(
      'cita-2026-12-13T03-00-00-000Z.sqlite.age',
    );
  } finally {
    cita('restore', ['--activate']);
  }
  await page.reload();
  await expect(card).toBeVisible();
  await expect(page.getByText('Base restaurada en cuarentena')).toHaveCount(0);
});
