import { expect, type Page, test } from '@playwright/test';
import { newPerson, requestAdvert } from '../data';
import { loginAsAdmin } from '../fixtures';

/** Every advert /personas lists, after paging through it with 'Ver más'. */
async function allPublicAdverts(page: Page) {
  await page.goto('/personas');
  const adverts = page.getByRole('list', { name: 'Anuncios' }).getByRole('listitem');
  await expect(adverts.first()).toBeVisible();
  const more = page.getByRole('button', { name: 'Ver más' });
  while (await more.isVisible()) {
    const shown = await adverts.count();
    await more.click();
    await expect(adverts).not.toHaveCount(shown);
  }
  return adverts;
}

test('an admin approves one pending advert and rejects another, and /personas follows', async ({
  page,
  baseURL,
}) => {
  const approved = await newPerson(baseURL!);
  const rejected = await newPerson(baseURL!, { gender: 2 });
  const approvedText = `Amante del yoga y de las novelas largas (${approved.firstName}).`;
  const rejectedText = `Me gusta el fútbol y las carnes asadas (${rejected.firstName}).`;
  await requestAdvert(baseURL!, approved, approvedText);
  await requestAdvert(baseURL!, rejected, rejectedText);

  let adverts = await allPublicAdverts(page);
  await expect(adverts.filter({ hasText: approved.card })).toHaveCount(0);
  await expect(adverts.filter({ hasText: rejected.card })).toHaveCount(0);

  await loginAsAdmin(page);
  await expect(page.getByRole('heading', { name: 'Anuncios pendientes de aprobación' })).toBeVisible();

  const approvedRow = page.getByRole('row', { name: new RegExp(approved.fullName) });
  await approvedRow.getByRole('button', { name: 'Aprobar' }).click();
  const approve = page.getByRole('alertdialog');
  await expect(approve).toContainText(
    `¿Deseas aprobar el anuncio de ${approved.fullName}? El anuncio se mostrará en la página para todos los usuarios.`,
  );
  await approve.getByRole('button', { name: 'Aceptar' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Anuncio aprobado' })).toBeVisible();
  await expect(approvedRow).toHaveCount(0);

  const rejectedRow = page.getByRole('row', { name: new RegExp(rejected.fullName) });
  await rejectedRow.getByRole('button', { name: 'Rechazar' }).click();
  const reject = page.getByRole('alertdialog');
  await expect(reject).toContainText(
    `¿Deseas rechazar el anuncio de ${rejected.fullName}? El anuncio no se mostrará en la página.`,
  );
  await reject.getByRole('button', { name: 'Aceptar' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Anuncio rechazado' })).toBeVisible();
  await expect(rejectedRow).toHaveCount(0);

  adverts = await allPublicAdverts(page);
  await expect(adverts.filter({ hasText: approved.card })).toContainText(approvedText);
  await expect(adverts.filter({ hasText: rejected.card })).toHaveCount(0);
  await expect(page.getByText(rejectedText)).toHaveCount(0);
});

test('admin pages send a visitor without an admin session to /admin', async ({ page }) => {
  await page.goto('/admin/events');
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { name: 'Administración' })).toBeVisible();
});

test.describe('at 360 px', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('the dashboard says at what time in Mexico City its figures were computed', async ({ page }) => {
    // The server's real answer, with its computed_at pinned so the expected wording is known:
    // 03:35 UTC is 9:35 p.m. of the day before in Mexico City (UTC−6).
    await page.route('**/api/admin/stats', async (route) => {
      const response = await route.fetch();
      const answer = await response.json();
      await route.fulfill({ response, json: { ...answer, computed_at: '2026-11-27T03:35:00.000Z' } });
    });
    await loginAsAdmin(page);
    await expect(page.getByText('Cifras de las 9:35 p.m.')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Próximos eventos' })).toBeVisible();
  });
});
