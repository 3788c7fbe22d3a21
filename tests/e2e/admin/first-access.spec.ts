import { expect, test } from '@playwright/test';
import {
  FIRST_ACCESS_INVALID,
  issueFirstAdminLink,
} from '../../../src/server/back-office/admin-first-access';
import { createDatabase } from '../../../src/server/platform/db/database';

/** Decision 0049: the one-time link `cita setup` prints, opened on the owner's phone. */
test.use({ viewport: { width: 360, height: 740 } });

/** What `cita setup` does at the end: the link, made on the server's own database. */
async function setupLink(email: string): Promise<string> {
  const db = createDatabase({ databaseUrl: undefined, dataDir: process.env.E2E_DATA_DIR! });
  try {
    const link = await issueFirstAdminLink(db, { email, publicUrl: '' });
    return link;
  } finally {
    await db.destroy();
  }
}

test('the first admin opens her link, chooses a password and lands in the back office; the link works once', async ({
  page,
}) => {
  const email = `primera.${Date.now().toString(36)}@e2e.mx`;
  const link = await setupLink(email);
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Primer acceso' })).toBeVisible();
  await page.getByLabel('Contraseña nueva').fill('mi-clave-de-duena');
  await page.getByRole('button', { name: 'Guardar y entrar' }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Panel' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());
  await page.goto(link);
  await page.getByLabel('Contraseña nueva').fill('otra-clave-larga');
  await page.getByRole('button', { name: 'Guardar y entrar' }).click();
  await expect(page.getByText(FIRST_ACCESS_INVALID)).toBeVisible();
});
