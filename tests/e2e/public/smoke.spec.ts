import { expect, test } from '@playwright/test';
import { loginAsAdmin, loginAsClient, openUserMenu } from '../fixtures';

test('la página de inicio se muestra en español', async ({ page }) => {
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'es-MX');
  await expect(page.getByRole('link', { name: 'Iniciar sesión' })).toBeVisible();
  await expect(page.getByText('Speed Dating en la Roma').first()).toBeVisible();
});

test('una recarga en una ruta profunda sirve la aplicación', async ({ page }) => {
  const response = await page.goto('/evento/1');
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('link', { name: 'Cita' })).toBeVisible();
});

test('el cliente demo inicia sesión y llega a sus intereses', async ({ page }) => {
  await loginAsClient(page);
  await expect(page.getByRole('heading', { name: 'Mis intereses' })).toBeVisible();
});

test('el menú de usuario lleva a cada página del área de cliente y cierra la sesión', async ({ page }) => {
  await loginAsClient(page);
  const menu = page.getByRole('list', { name: 'Menú de usuario' });
  const pages = [
    ['Mis eventos', /\/asistencias$/],
    ['Mi perfil', /\/perfil$/],
    ['Trae a alguien', /\/invitar$/],
    ['Configuración', /\/configuracion$/],
    ['Mis intereses', /\/intereses$/],
  ] as const;
  for (const [label, url] of pages) {
    await openUserMenu(page);
    await menu.getByRole('link', { name: label }).click();
    await expect(page).toHaveURL(url);
    await expect(menu).toBeHidden();
  }
  await openUserMenu(page);
  await menu.getByRole('button', { name: 'Cerrar sesión' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: 'Iniciar sesión' })).toBeVisible();
  await page.goto('/perfil');
  await expect(page).toHaveURL(/\/ingresar$/);
});

test('el administrador demo inicia sesión y llega al panel', async ({ page }) => {
  await loginAsAdmin(page);
  await expect(page.getByRole('heading', { name: 'Panel', exact: true })).toBeVisible();
});
