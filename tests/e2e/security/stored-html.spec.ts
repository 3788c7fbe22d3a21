import { expect, test } from '@playwright/test';
import { apiContext, FRESH_PASSWORD, registerFreshClient } from '../events-quiz/helpers';
import { loginAsAdmin } from '../fixtures';

/**
 * Issue 6 §2: text a client stores is shown as text. An advert that carries markup reaches the
 * admin dashboard as a pending proposal and, once approved, the public /personas page; neither
 * may turn it into elements.
 */
test('HTML stored in an advert shows as text in the dashboard and on /personas', async ({
  page,
  baseURL,
}) => {
  const token = Math.random().toString(36).slice(2, 8);
  const markup = `<img src="x" onerror="document.title='hackeado'"><b id="negrita-${token}">Hola ${token}</b>`;
  const client = await registerFreshClient(baseURL!, 'Ximena');
  const api = await apiContext(baseURL!);
  await api.post('/api/client/login', {
    data: { access: { email: client.email, password: FRESH_PASSWORD } },
  });
  const request = await api.post('/api/client/advert/update', {
    data: { advert: { status_id: 1, description_update: markup } },
  });
  expect(request.ok()).toBe(true);
  await api.dispose();

  await loginAsAdmin(page);
  const row = page.getByRole('row').filter({ hasText: token });
  await expect(row.getByRole('cell', { name: markup, exact: true })).toBeVisible();
  await expect(page.locator(`#negrita-${token}`)).toHaveCount(0);
  await expect(page.locator('img[src="x"]')).toHaveCount(0);

  await row.getByRole('button', { name: 'Aprobar' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Aceptar' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Anuncio aprobado' })).toBeVisible();

  await page.goto('/personas');
  const card = page.getByRole('list', { name: 'Anuncios' }).getByRole('listitem').filter({ hasText: token });
  await expect(card.getByText(markup, { exact: true })).toBeVisible();
  await expect(page.locator(`#negrita-${token}`)).toHaveCount(0);
  await expect(page.locator('img[src="x"]')).toHaveCount(0);
  await expect(page).not.toHaveTitle('hackeado');
});
