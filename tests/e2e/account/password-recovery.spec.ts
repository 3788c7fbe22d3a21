import { expect, test } from '@playwright/test';
import { FRESH_PASSWORD, registerFreshClient, resetLinkFor, submitLogin } from './helpers';

test('recupera la contraseña con el enlace del correo y entra con la nueva', async ({ page, baseURL }) => {
  const client = await registerFreshClient(baseURL!, 'Olvido');
  await page.goto('/ingresar');
  await page.getByRole('link', { name: '¿Olvidaste tu contraseña?' }).click();
  await expect(page).toHaveURL(/\/reestablecer$/);
  await page.getByLabel('Correo electrónico').fill(client.email);
  await page.getByRole('button', { name: 'Enviar enlace' }).click();
  await expect(page.getByRole('status')).toContainText('Si el correo pertenece a una cuenta');

  await page.goto(await resetLinkFor(client.email));
  await page.getByLabel('Nueva contraseña').fill('recuperada-e2e-1');
  await page.getByRole('button', { name: 'Guardar contraseña' }).click();
  await expect(page.getByRole('status')).toContainText('Tu contraseña se cambió');
  await page.getByRole('link', { name: 'Iniciar sesión' }).last().click();
  await expect(page).toHaveURL(/\/ingresar$/);

  await submitLogin(page, client.email, FRESH_PASSWORD);
  await expect(page.getByRole('alert')).toBeVisible();
  await submitLogin(page, client.email, 'recuperada-e2e-1');
  await expect(page).toHaveURL(/\/intereses$/);
});

test('un enlace ya usado muestra el aviso en español', async ({ page, baseURL }) => {
  const client = await registerFreshClient(baseURL!, 'Usado');
  await page.goto('/reestablecer');
  await page.getByLabel('Correo electrónico').fill(client.email);
  await page.getByRole('button', { name: 'Enviar enlace' }).click();
  await expect(page.getByRole('status')).toBeVisible();
  const link = await resetLinkFor(client.email);
  await page.goto(link);
  await page.getByLabel('Nueva contraseña').fill('primera-e2e-123');
  await page.getByRole('button', { name: 'Guardar contraseña' }).click();
  await expect(page.getByRole('status')).toContainText('Tu contraseña se cambió');
  await page.goto(link);
  await page.getByLabel('Nueva contraseña').fill('segunda-e2e-123');
  await page.getByRole('button', { name: 'Guardar contraseña' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'Este enlace de recuperación ya fue usado. Solicita uno nuevo.',
  );
});
