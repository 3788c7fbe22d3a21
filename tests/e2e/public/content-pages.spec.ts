import { expect, test } from '@playwright/test';
import { formatCalendarDate } from '../../../src/shared/domain/mexico-dates';
import { PRIVACY_NOTICE_VERSION } from '../../../src/shared/domain/privacy';

test('de /servicios a Blind Date y de ahí a sus eventos con «Participar»', async ({ page }) => {
  await page.goto('/servicios');
  await expect(page.getByRole('heading', { level: 1, name: 'Servicios' })).toBeVisible();
  await expect(page.getByRole('main').getByRole('link')).toHaveCount(7);
  await page.getByRole('link', { name: /Blind Date/ }).click();
  await expect(page).toHaveURL(/\/servicio\/blind-date$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Blind Date' })).toBeVisible();
  await expect(page.getByText(/Blind Date es una cita a ciegas organizada por Cita/)).toBeVisible();
  await page.getByRole('link', { name: 'Participar' }).click();
  await expect(page).toHaveURL(/\/eventos\/blind-date$/);
  await expect(page.getByRole('heading', { name: 'Blind Date: cena a ciegas en Polanco' })).toBeVisible();
});

test('un servicio desconocido no muestra nada', async ({ page }) => {
  await page.goto('/servicio/karaoke');
  await expect(page.getByRole('region', { name: 'Servicio' })).toBeAttached();
  await expect(page.getByRole('region', { name: 'Servicio' })).toBeEmpty();
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Participar' })).toHaveCount(0);
});

test('/contacto ofrece WhatsApp, correo y teléfono', async ({ page }) => {
  await page.goto('/contacto');
  await expect(page.getByRole('heading', { level: 1, name: 'Contacto' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Escríbenos por WhatsApp' })).toHaveAttribute(
    'href',
    /^https:\/\/wa\.me\/52\d{10}\?text=/,
  );
  await expect(page.getByRole('link', { name: 'Envíanos un correo' })).toHaveAttribute(
    'href',
    /^mailto:.+@.+/,
  );
  await expect(page.getByRole('link', { name: 'Llámanos' })).toHaveAttribute('href', /^tel:\+52\d{10}$/);
});

test('/aviso-privacidad muestra su fecha y los derechos ARCO', async ({ page }) => {
  await page.goto('/aviso-privacidad');
  await expect(
    page.getByText(`Última actualización: ${formatCalendarDate(PRIVACY_NOTICE_VERSION)}`),
  ).toBeVisible();
  await expect(page.getByRole('heading', { name: '6. Derechos ARCO' })).toBeVisible();
  await expect(page.getByRole('heading', { name: '3. Datos personales sensibles' })).toBeVisible();
  await expect(
    page.getByRole('heading', { name: '10. Uso de cookies y tecnologías similares' }),
  ).toBeVisible();
});

test('/nosotros cuenta quiénes somos, cómo funciona y la seguridad', async ({ page }) => {
  await page.goto('/nosotros');
  await expect(page.getByRole('heading', { level: 1, name: 'Somos Cita' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Cómo funciona' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Tu seguridad es primero' })).toBeVisible();
});

test('las páginas públicas caben en un teléfono de 360 px sin desplazamiento horizontal', async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  for (const path of [
    '/eventos',
    '/eventos/speed-dating',
    '/eventos/karaoke',
    '/servicios',
    '/servicio/elite-experience',
    '/nosotros',
    '/contacto',
    '/aviso-privacidad',
  ]) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(360);
  }
});
