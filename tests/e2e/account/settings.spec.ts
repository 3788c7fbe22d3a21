import { expect, test } from '@playwright/test';
import { loginAsClient } from '../fixtures';
import { FRESH_PASSWORD, logout, registerFreshClient, submitLogin } from './helpers';

test('cambia la contraseña, cierra sesión y entra con la nueva', async ({ page, baseURL }) => {
  const client = await registerFreshClient(baseURL!, 'Clave');
  await loginAsClient(page, client.email, FRESH_PASSWORD);
  await page.goto('/configuracion');
  const section = page.getByRole('region', { name: 'Cambiar contraseña' });
  await section.getByLabel('Contraseña actual').fill('no-es-la-clave');
  await section.getByLabel('Nueva contraseña').fill('nueva-clave-e2e-1');
  await section.getByRole('button', { name: 'Cambiar contraseña' }).click();
  await expect(section.getByRole('alert')).toHaveText('La contraseña actual no es correcta');

  await section.getByLabel('Contraseña actual').fill(FRESH_PASSWORD);
  await section.getByRole('button', { name: 'Cambiar contraseña' }).click();
  await expect(section.getByRole('status')).toContainText('Tu contraseña se cambió');
  // The session continues on this device with a renewed id.
  await page.goto('/perfil');
  await expect(page.getByRole('heading', { name: 'Mi perfil' })).toBeVisible();
  await expect(page.getByText('Clave Prueba')).toBeVisible();

  await logout(page);
  await submitLogin(page, client.email, FRESH_PASSWORD);
  await expect(page.getByRole('alert')).toBeVisible();
  await submitLogin(page, client.email, 'nueva-clave-e2e-1');
  await expect(page).toHaveURL(/\/intereses$/);
});

test('desactiva la cuenta tras confirmar, vuelve al inicio y ya no puede entrar', async ({
  page,
  baseURL,
}) => {
  const client = await registerFreshClient(baseURL!, 'Adios');
  await loginAsClient(page, client.email, FRESH_PASSWORD);
  await page.goto('/configuracion');
  const section = page.getByRole('region', { name: 'Desactivar cuenta' });
  await expect(section).toContainText('no podrás volver a iniciar sesión con este correo');
  await expect(section).toContainText('toda tu información se eliminará de forma permanente');
  const deactivate = section.getByRole('button', { name: 'Desactivar cuenta' });
  await expect(deactivate).toBeDisabled();

  await section.getByLabel('Contraseña actual').fill(FRESH_PASSWORD);
  await deactivate.click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText('¿Deseas desactivar tu cuenta?');
  await dialog.getByRole('button', { name: 'Cancelar' }).click();
  await expect(page).toHaveURL(/\/configuracion$/);

  await deactivate.click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Desactivar cuenta' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: 'Iniciar sesión' })).toBeVisible();

  await submitLogin(page, client.email, FRESH_PASSWORD);
  await expect(page.getByRole('alert')).toHaveText('El correo o la contraseña no son correctos');
  await expect(page).toHaveURL(/\/ingresar$/);
});

test('desactivar con una contraseña equivocada muestra el aviso y no borra nada', async ({
  page,
  baseURL,
}) => {
  const client = await registerFreshClient(baseURL!, 'Queda');
  await loginAsClient(page, client.email, FRESH_PASSWORD);
  await page.goto('/configuracion');
  const section = page.getByRole('region', { name: 'Desactivar cuenta' });
  await section.getByLabel('Contraseña actual').fill('otra-cosa-123');
  await section.getByRole('button', { name: 'Desactivar cuenta' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Desactivar cuenta' }).click();
  await expect(section.getByRole('alert')).toHaveText('La contraseña actual no es correcta');
  await page.goto('/perfil');
  await expect(page.getByText('Queda Prueba')).toBeVisible();
});

test('«Mis datos» dice que la descarga trae también sus mensajes, pagos y dispositivos', async ({
  page,
  baseURL,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  const client = await registerFreshClient(baseURL!, 'Datos');
  await loginAsClient(page, client.email, FRESH_PASSWORD);
  await page.goto('/configuracion');
  const section = page.getByRole('region', { name: 'Mis datos' });
  for (const kind of ['conversaciones y mensajes', 'pagos', 'dispositivos con avisos'])
    await expect(section).toContainText(kind);
});
