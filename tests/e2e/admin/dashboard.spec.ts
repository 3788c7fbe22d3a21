import { expect, test } from '@playwright/test';
import { loginAsAdmin } from '../fixtures';

test('an admin approves one pending advert and rejects another', async ({ page }) => {
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
});

test('admin pages send a visitor without an admin session to /admin', async ({ page }) => {
  await page.goto('/admin/events');
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { name: 'Administración' })).toBeVisible();
});
