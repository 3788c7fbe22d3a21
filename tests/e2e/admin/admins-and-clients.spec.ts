import { expect, test } from '@playwright/test';
import { newPerson } from '../data';
import { loginAsAdmin } from '../fixtures';

test('a new admin logs in, and deactivating them ends their session', async ({ page, browser, baseURL }) => {
  const email = `nuevo.${Date.now()}@e2e.mx`;
  const password = 'clave-del-nuevo-admin';
  await loginAsAdmin(page);
  await page.getByRole('link', { name: 'Administradores' }).click();
  await page.getByRole('button', { name: 'Agregar nuevo' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Nombre completo').fill('Renata Nueva');
  await dialog.getByLabel('Correo electrónico').fill(email);
  await expect(dialog.getByRole('button', { name: 'Guardar' })).toBeDisabled();
  await dialog.getByLabel('Contraseña').fill(password);
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByRole('row', { name: new RegExp(email) })).toBeVisible();

  const other = await browser.newContext({ baseURL });
  const newcomer = await other.newPage();
  await loginAsAdmin(newcomer, email, password);

  await page.getByRole('row', { name: new RegExp(email) }).click();
  const sheet = page.getByRole('dialog', { name: 'Administrador' });
  await expect(sheet.getByText(email)).toBeVisible();
  await expect(sheet.getByLabel('Nueva contraseña')).toBeVisible();
  await expect(sheet.getByLabel('Contraseña actual')).toHaveCount(0);
  await sheet.getByRole('combobox', { name: 'Estado' }).click();
  await page.getByRole('option', { name: 'Inactivo' }).click();
  await sheet.getByRole('button', { name: 'Guardar cambios' }).click();
  await expect(sheet.getByText('Administrador actualizado')).toBeVisible();

  await newcomer.getByRole('link', { name: 'Clientes' }).click();
  await expect(newcomer).toHaveURL(/\/admin$/);
  await other.close();
});

test('my profile offers the own password change with the current password', async ({ page }) => {
  await loginAsAdmin(page);
  await page.getByRole('link', { name: 'Mi perfil' }).click();
  const sheet = page.getByRole('dialog', { name: 'Administrador' });
  await expect(sheet.getByLabel('Contraseña actual')).toBeVisible();
  await expect(sheet.getByRole('button', { name: 'Cambiar contraseña' })).toBeDisabled();
  await sheet.getByLabel('Contraseña actual').fill('no-es-la-clave');
  await sheet.getByLabel('Nueva contraseña').fill('otra-clave-larga-1');
  await sheet.getByRole('button', { name: 'Cambiar contraseña' }).click();
  await expect(sheet.getByRole('alert')).toHaveText('La contraseña actual no es correcta');
});

test('an admin deletes a client and reactivates them', async ({ page, baseURL }) => {
  const client = await newPerson(baseURL!, { gender: 2 });
  await loginAsAdmin(page);
  await page.getByRole('link', { name: 'Clientes' }).click();
  await page.getByLabel('Buscar cliente por nombre, correo o teléfono').fill(client.firstName.toLowerCase());
  const row = page.getByRole('row', { name: new RegExp(client.fullName) });
  await row.getByRole('button', { name: 'Eliminar' }).click();
  await expect(page.getByRole('alertdialog')).toContainText(
    `¿Deseas eliminar este cliente: ${client.fullName}?`,
  );
  await page.getByRole('alertdialog').getByRole('button', { name: 'Aceptar' }).click();
  await expect(row).toContainText('Eliminado');

  await row.getByRole('button', { name: 'Reactivar' }).click();
  await expect(page.getByRole('alertdialog')).toContainText(
    `¿Deseas reactivar este cliente: ${client.fullName}?`,
  );
  await page.getByRole('alertdialog').getByRole('button', { name: 'Aceptar' }).click();
  await expect(row).toContainText('Activo');
});
