import { expect, test } from '@playwright/test';
import { createEvent } from '../events-quiz/helpers';
import { loginAsClient } from '../fixtures';
import { FRESH_PASSWORD, registerFreshClient } from './helpers';

test('una persona se registra en /registrarse y llega a /intereses con la sesión iniciada', async ({
  page,
}) => {
  await page.goto('/ingresar');
  await page.getByRole('link', { name: 'Crear una cuenta' }).click();
  await expect(page).toHaveURL(/\/registrarse$/);

  const submit = page.getByRole('button', { name: 'Crear cuenta' });
  await expect(submit).toBeDisabled();
  for (const label of [
    'Nombre',
    'Apellido',
    'Correo electrónico',
    'Teléfono',
    'Fecha de nacimiento',
    'Género',
  ]) {
    await expect(page.locator('label', { hasText: label }).first()).toContainText('*');
  }
  await expect(page.locator('label', { hasText: 'Ocupación' })).not.toContainText('*');

  await page.getByLabel('Nombre').fill('Regina');
  await page.getByLabel('Apellido').fill('Torres');
  await page.getByLabel('Correo electrónico').fill(`regina.${Date.now()}@e2e.mx`);
  await page.getByLabel('Teléfono').fill('5544332211');
  await page.getByLabel('Fecha de nacimiento').fill('1993-08-21');
  await page.getByLabel('Género').selectOption('Mujer');
  await page.getByLabel('Ocupación').fill('Diseñadora');
  await expect(submit).toBeDisabled();
  await page.getByLabel('Contraseña').fill('regina-clave-123');
  await expect(submit).toBeEnabled();
  await page.getByRole('checkbox', { name: /aviso de privacidad/ }).check();
  await submit.click();

  await expect(page).toHaveURL(/\/intereses$/);
  await expect(page.getByRole('link', { name: 'Iniciar sesión' })).toHaveCount(0);
  await expect(page.getByText('Mi cuenta', { exact: true })).toBeVisible();
  await page.goto('/perfil');
  await expect(page.getByText('Regina Torres')).toBeVisible();
});

test('el registro muestra el mensaje del servidor cuando el correo ya existe', async ({ page, baseURL }) => {
  const existing = await registerFreshClient(baseURL!, 'Repetida');
  await page.goto('/registrarse');
  await page.getByLabel('Nombre').fill('Otra');
  await page.getByLabel('Apellido').fill('Persona');
  await page.getByLabel('Correo electrónico').fill(existing.email);
  await page.getByLabel('Fecha de nacimiento').fill('1990-02-03');
  await page.getByLabel('Contraseña').fill('otra-clave-123');
  await page.getByRole('checkbox', { name: /aviso de privacidad/ }).check();
  await page.getByRole('button', { name: 'Crear cuenta' }).click();
  await expect(page.getByRole('alert')).toHaveText('Ya existe una cuenta con este correo electrónico');
  await expect(page).toHaveURL(/\/registrarse$/);
});

test('/ingresar y /registrarse llevan a /intereses a quien ya inició sesión', async ({ page, baseURL }) => {
  const client = await registerFreshClient(baseURL!, 'Sesion');
  await loginAsClient(page, client.email, FRESH_PASSWORD);
  await page.goto('/registrarse');
  await expect(page).toHaveURL(/\/intereses$/);
  await page.goto('/ingresar');
  await expect(page).toHaveURL(/\/intereses$/);
});

test('/ingresar enlaza a /registrarse, /reestablecer y /admin', async ({ page }) => {
  await page.goto('/ingresar');
  await expect(page.getByRole('link', { name: 'Crear una cuenta' })).toHaveAttribute('href', '/registrarse');
  await expect(page.getByRole('link', { name: '¿Olvidaste tu contraseña?' })).toHaveAttribute(
    'href',
    '/reestablecer',
  );
  await expect(page.getByRole('link', { name: 'Acceso para administradores' })).toHaveAttribute(
    'href',
    '/admin',
  );
});

test('/registrarse y /reestablecer caben en un teléfono de 360 px', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  for (const path of ['/registrarse', '/reestablecer', '/reestablecer?token=abc']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  }
});

test('quien crea su cuenta desde la invitación de un evento vuelve al evento', async ({ page, baseURL }) => {
  const name = `Evento para recién llegadas ${Date.now()}`;
  const eventId = await createEvent(baseURL!, { name, status_id: 1, price_m: 100, price_w: 100 });
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto(`/evento/${eventId}`);
  await page.getByRole('button', { name: 'Participar' }).click();
  await expect(page).toHaveURL(/\/ingresar\?/);
  await page.getByRole('link', { name: 'Crear una cuenta' }).click();
  await expect(page).toHaveURL(/\/registrarse\?/);

  await page.getByLabel('Nombre').fill('Lucía');
  await page.getByLabel('Apellido').fill('Ramos');
  await page.getByLabel('Correo electrónico').fill(`lucia.${Date.now()}@e2e.mx`);
  await page.getByLabel('Teléfono').fill('5544332299');
  await page.getByLabel('Fecha de nacimiento').fill('1994-03-11');
  await page.getByLabel('Contraseña').fill('lucia-clave-123');
  await page.getByRole('checkbox', { name: /aviso de privacidad/ }).check();
  await page.getByRole('button', { name: 'Crear cuenta' }).click();

  await expect(page).toHaveURL(new RegExp(`/evento/${eventId}$`));
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Participar' })).toBeVisible();
  await page.getByRole('button', { name: 'Participar' }).click();
  await expect(page).toHaveURL(/\/asistencias$/);
});

test('«Inicia sesión» desde /registrarse conserva el camino de vuelta', async ({ page }) => {
  await page.goto('/registrarse?motivo=evento&volver=%2Fevento%2F7');
  await expect(page.getByRole('link', { name: 'Inicia sesión' })).toHaveAttribute(
    'href',
    '/ingresar?motivo=evento&volver=%2Fevento%2F7',
  );
});
