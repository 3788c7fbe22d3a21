import { expect, type Page } from '@playwright/test';
import { DEMO_CLIENT_EMAIL, DEMO_CLIENT_PASSWORD } from '../../src/server/seed/demo-content';
import { E2E_ADMIN } from './e2e-env';

export { E2E_ADMIN };

/** Logs in through the Spanish form of /ingresar and lands on /intereses. */
export async function loginAsClient(page: Page, email = DEMO_CLIENT_EMAIL, password = DEMO_CLIENT_PASSWORD) {
  await page.goto('/ingresar');
  await page.getByLabel('Correo electrónico').fill(email);
  await page.getByLabel('Contraseña').fill(password);
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await expect(page).toHaveURL(/\/intereses$/);
}

/** Logs in through /admin and lands on the dashboard. */
export async function loginAsAdmin(page: Page, email = E2E_ADMIN.email, password = E2E_ADMIN.password) {
  await page.goto('/admin');
  await page.getByLabel('Correo electrónico').fill(email);
  await page.getByLabel('Contraseña').fill(password);
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
}

/** The path of every script the page requests from now on, in order. */
export function scriptsRequested(page: Page): string[] {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  return scripts;
}

/**
 * Opens the member's menu as a person would: on a phone the folded menu («Abrir menú») shows her
 * pages at once; on a wide screen they are under «Mi cuenta».
 */
export async function openUserMenu(page: Page): Promise<void> {
  const narrow = (page.viewportSize()?.width ?? 1280) < 768;
  if (narrow) await page.getByRole('button', { name: 'Abrir menú' }).click();
  else await page.getByText('Mi cuenta', { exact: true }).click();
}
