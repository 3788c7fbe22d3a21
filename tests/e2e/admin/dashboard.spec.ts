import { expect, type Page, test } from '@playwright/test';
import { loginAsAdmin } from '../fixtures';

const VALERIA_TEXT = 'Amante del yoga y de las novelas largas.';
const JAVIER_TEXT = 'Papá de una niña increíble. Me gusta el fútbol y las carnes asadas.';

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

test('an admin approves one pending advert and rejects another, and /personas follows', async ({ page }) => {
  let adverts = await allPublicAdverts(page);
  await expect(adverts.filter({ hasText: 'Valeria G.' })).toHaveCount(0);
  await expect(adverts.filter({ hasText: 'Javier F.' })).toHaveCount(0);

  await loginAsAdmin(page);
  await expect(page.getByRole('heading', { name: 'Anuncios pendientes de aprobación' })).toBeVisible();

  const valeria = page.getByRole('row', { name: /Valeria Gómez/ });
  await valeria.getByRole('button', { name: 'Aprobar' }).click();
  const approve = page.getByRole('alertdialog');
  await expect(approve).toContainText(
    '¿Deseas aprobar el anuncio de Valeria Gómez? El anuncio se mostrará en la página para todos los usuarios.',
  );
  await approve.getByRole('button', { name: 'Aceptar' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Anuncio aprobado' })).toBeVisible();
  await expect(page.getByRole('row', { name: /Valeria Gómez/ })).toHaveCount(0);

  await page
    .getByRole('row', { name: /Javier Flores/ })
    .getByRole('button', { name: 'Rechazar' })
    .click();
  const reject = page.getByRole('alertdialog');
  await expect(reject).toContainText(
    '¿Deseas rechazar el anuncio de Javier Flores? El anuncio no se mostrará en la página.',
  );
  await reject.getByRole('button', { name: 'Aceptar' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Anuncio rechazado' })).toBeVisible();
  await expect(page.getByRole('row', { name: /Javier Flores/ })).toHaveCount(0);

  adverts = await allPublicAdverts(page);
  await expect(adverts.filter({ hasText: 'Valeria G.' })).toContainText(VALERIA_TEXT);
  await expect(adverts.filter({ hasText: 'Javier F.' })).toHaveCount(0);
  await expect(page.getByText(JAVIER_TEXT)).toHaveCount(0);
});

test('admin pages send a visitor without an admin session to /admin', async ({ page }) => {
  await page.goto('/admin/events');
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { name: 'Administración' })).toBeVisible();
});
