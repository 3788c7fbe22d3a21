import { expect, test } from '@playwright/test';
import { newPerson, signUpForEvent, uniqueWord } from '../data';
import { loginAsClient } from '../fixtures';
import { createEvent, FRESH_PASSWORD } from './helpers';

test('en un teléfono de 360 px ve la CLABE en una línea, la copia y sabe a nombre de quién transfiere', async ({
  browser,
  baseURL,
}) => {
  const name = `Noche por transferencia ${uniqueWord()}`;
  const eventId = await createEvent(baseURL!, { name, status_id: 1, price_m: 300, price_w: 260 });
  const person = await newPerson(baseURL!, { gender: 1 });
  await signUpForEvent(baseURL!, person, eventId);

  const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL! });
  const page = await context.newPage();
  await loginAsClient(page, person.email, FRESH_PASSWORD);
  await page.goto(`/evento/${eventId}`);
  await page.getByRole('button', { name: 'Pagar $260.00 MXN' }).click();
  await page.getByRole('button', { name: 'Pagar por transferencia SPEI' }).click();
  await expect(page.getByText('Haz tu transferencia para confirmar tu lugar')).toBeVisible();

  const details = page.getByRole('region', { name: 'Datos para tu transferencia SPEI' });
  const clabe = details.getByText(/^\d{3} ?\d{3}( ?\d{3}){4}$/);
  await expect(clabe).toBeVisible();
  const lineHeight = await clabe.evaluate((element) =>
    Number.parseFloat(getComputedStyle(element).lineHeight),
  );
  const box = await clabe.boundingBox();
  expect(box!.height, 'la CLABE ocupa una sola línea').toBeLessThan(lineHeight * 1.5);
  expect(box!.x + box!.width, 'la CLABE cabe en la pantalla').toBeLessThanOrEqual(360);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

  await expect(details.getByText('Beneficiario')).toBeVisible();
  await expect(details.getByText('CITA PAGOS DE PRUEBA')).toBeVisible();
  await expect(details.getByText('BANAMEX')).toBeVisible();

  await details.getByRole('button', { name: 'Copiar' }).click();
  await expect(details.getByRole('button', { name: 'Copiada' })).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toBe((await clabe.textContent())!.replaceAll(' ', ''));
  expect(copied).toMatch(/^\d{18}$/);
  await context.close();
});
