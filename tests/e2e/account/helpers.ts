import { expect, type Page } from '@playwright/test';
import { mailsTo } from '../../support/outbox';

export { FRESH_PASSWORD, registerFreshClient } from '../events-quiz/helpers';

/** The e2e server's data directory (playwright.config.ts), where its outbox lives. */
export function e2eDataDir(): string {
  const dir = process.env.E2E_DATA_DIR;
  if (!dir) throw new Error('E2E_DATA_DIR is not set');
  return dir;
}

/**
 * The reset link of the newest mail to this address that carries one, as a path on the e2e
 * server. It waits: the mail is written after the answer, and the welcome mail may be the only
 * one there yet.
 */
export async function resetLinkFor(email: string, timeoutMs = 5000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const links = (await mailsTo(e2eDataDir(), email))
      .map((mail) => /https?:\/\/[^/\s]+(\/reestablecer\?token=[\w-]+)/.exec(mail.text ?? '')?.[1])
      .filter((link): link is string => Boolean(link));
    if (links.length > 0) return links[links.length - 1]!;
    if (Date.now() > deadline) throw new Error(`no reset link to ${email} in the outbox`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export async function logout(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Cerrar sesión' }).click();
  await expect(page).toHaveURL(/\/$/);
}

/** Fills /ingresar and submits; the caller checks where it lands. */
export async function submitLogin(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/ingresar');
  await page.getByLabel('Correo electrónico').fill(email);
  await page.getByLabel('Contraseña').fill(password);
  await page.getByRole('button', { name: 'Ingresar' }).click();
}
