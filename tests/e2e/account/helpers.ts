import { expect, type Page } from '@playwright/test';
import { lastMailTo } from '../../support/outbox';
import { openUserMenu } from '../fixtures';

export { FRESH_PASSWORD, registerFreshClient } from '../events-quiz/helpers';

/** The e2e server's data directory (playwright.config.ts), where its outbox lives. */
export function e2eDataDir(): string {
  const dir = process.env.E2E_DATA_DIR;
  if (!dir) throw new Error('E2E_DATA_DIR is not set');
  return dir;
}

/** The reset link of the newest mail to this address, as a path on the e2e server. */
export async function resetLinkFor(email: string): Promise<string> {
  const link = /https?:\/\/[^/\s]+(\/reestablecer\?token=[\w-]+)/;
  const mail = await lastMailTo(e2eDataDir(), email, (candidate) => link.test(candidate.text ?? ''));
  const match = link.exec(mail.text ?? '');
  if (!match) throw new Error('no reset link in the mail');
  return match[1]!;
}

export async function logout(page: Page): Promise<void> {
  await openUserMenu(page);
  await page
    .getByRole('list', { name: 'Menú de usuario' })
    .getByRole('button', { name: 'Cerrar sesión' })
    .click();
  await expect(page).toHaveURL(/\/$/);
}

/** Fills /ingresar and submits; the caller checks where it lands. */
export async function submitLogin(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/ingresar');
  await page.getByLabel('Correo electrónico').fill(email);
  await page.getByLabel('Contraseña').fill(password);
  await page.getByRole('button', { name: 'Ingresar' }).click();
}
