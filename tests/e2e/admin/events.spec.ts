import { expect, type Page, test } from '@playwright/test';
import sharp from 'sharp';
import { newPerson, signUpForEvent, uniqueWord } from '../data';
import { createEvent } from '../events-quiz/helpers';
import { loginAsAdmin } from '../fixtures';

async function adminId(page: Page): Promise<number> {
  return Number(await page.evaluate(() => localStorage.getItem('admin_id')));
}

test('an admin creates an event with an image and sees it in the list', async ({ page }) => {
  const name = `Noche de salsa ${uniqueWord()}`;
  await loginAsAdmin(page);
  await page.getByRole('link', { name: 'Eventos' }).click();
  await page.getByRole('button', { name: 'Nuevo evento' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nuevo evento' });
  const save = dialog.getByRole('button', { name: 'Guardar' });
  await expect(save).toBeDisabled();
  await dialog.getByLabel('Nombre').fill(name);
  await dialog.getByLabel('Día').fill('2031-03-14');
  await dialog.getByLabel('Hora').fill('21:30');
  await dialog.getByLabel('Lugar').fill('Salón Azul');
  await dialog.getByLabel('Ciudad').selectOption({ label: 'Monterrey' });
  const png = await sharp({ create: { width: 64, height: 32, channels: 3, background: '#be123c' } })
    .png()
    .toBuffer();
  await dialog.getByLabel('Imagen (PNG, JPEG o WebP)').setInputFiles({
    name: 'salsa.png',
    mimeType: 'image/png',
    buffer: png,
  });
  await save.click();
  await expect(page.getByRole('status').filter({ hasText: 'Evento creado' })).toBeVisible();
  const card = page.getByRole('link', { name: new RegExp(name) });
  await expect(card).toBeVisible();
  await expect(card).toContainText('Salón Azul · Monterrey');
  await expect(card.locator('img')).toHaveAttribute('src', /^\/images\/\d+\/[0-9a-f]{16}\/64\.webp$/);
  await expect(card.locator('img')).toHaveAttribute('srcset', /^\/images\/\d+\/[0-9a-f]{16}\/64\.webp 64w$/);
  // With srcset, naturalWidth is scaled to the slot (sizes): the decoded file is what counts.
  const loaded = await card
    .locator('img')
    .evaluate((img: HTMLImageElement) => img.decode().then(() => img.currentSrc));
  expect(loaded).toMatch(/\/64\.webp$/);
  const served = await page.request.get(loaded);
  expect(served.headers()['content-type']).toBe('image/webp');
});

test('confirming attendees until the women are full removes Confirmar', async ({ page, baseURL }) => {
  const eventId = await createEvent(baseURL!, {
    name: `Speed Dating ${uniqueWord()}`,
    status_id: 1,
    price_m: 350,
    price_w: 450,
  });
  const first = await newPerson(baseURL!);
  const second = await newPerson(baseURL!);
  await signUpForEvent(baseURL!, first, eventId, true);
  await signUpForEvent(baseURL!, second, eventId);
  await loginAsAdmin(page);
  const details = await page.request.post('/api/event/details', {
    data: { admin_id: await adminId(page), event_id: eventId },
  });
  const { event } = (await details.json()) as { event: Record<string, unknown> };
  const { confirmed_m, confirmed_w, left_m, left_w, image, image_srcset, ...fields } = event;
  const update = await page.request.post('/api/event/update', { data: { event: { ...fields, limit_w: 1 } } });
  expect(update.status()).toBe(200);

  await page.goto(`/admin/event/${eventId}`);
  const firstRow = page.getByRole('row', { name: new RegExp(first.fullName) });
  const secondRow = page.getByRole('row', { name: new RegExp(second.fullName) });
  // Her place was confirmed by hand with a cash payment: undoing it asks first (docs/design/22-places-and-money.md).
  await firstRow.getByRole('button', { name: 'Confirmado' }).click();
  await page
    .getByRole('alertdialog', { name: 'Deshacer la confirmación' })
    .getByRole('button', { name: 'Sí, deshacer' })
    .click();
  await expect(firstRow.getByRole('button', { name: 'Confirmar' })).toBeVisible();
  await expect(secondRow.getByRole('button', { name: 'Confirmar' })).toBeVisible();

  await secondRow.getByRole('button', { name: 'Confirmar' }).click();
  await page
    .getByRole('dialog', { name: /^Confirmar el lugar de / })
    .getByRole('button', { name: 'Confirmar lugar' })
    .click();
  await expect(secondRow.getByRole('button', { name: 'Confirmado' })).toBeVisible();
  await expect(firstRow.getByRole('button', { name: 'Confirmar' })).toHaveCount(0);
  await expect(firstRow).toContainText('Sin lugares');
  await expect(page.getByText('Mujeres: Sin lugares disponibles')).toBeVisible();
});

test('an admin sets the address, duration and age band of an event', async ({ page, baseURL }) => {
  const name = `Cena por edades ${uniqueWord()}`;
  const eventId = await createEvent(baseURL!, { name, status_id: 1, price_m: 1, price_w: 1 });
  await loginAsAdmin(page);
  await page.goto(`/admin/event/${eventId}`);
  const form = page.locator('form').filter({ hasText: 'Actualizar evento' });
  await form.getByLabel('Lugar', { exact: true }).fill('Casa Jardín');
  await form.getByLabel('Dirección').fill('Calle Madero 5, Centro');
  await form.getByLabel('Ciudad', { exact: true }).selectOption({ label: 'Querétaro' });
  await form.getByLabel('Duración (minutos)').fill('90');
  await form.getByLabel('Edad mínima (opcional)').fill('40');
  await form.getByLabel('Edad máxima (opcional)').fill('30');
  await form.getByRole('button', { name: 'Actualizar evento' }).click();
  await expect(form.getByRole('alert')).toContainText('La edad mínima no puede ser mayor que la máxima');
  await form.getByLabel('Edad máxima (opcional)').fill('55');
  await form.getByRole('button', { name: 'Actualizar evento' }).click();
  await expect(page.getByText('Casa Jardín, Calle Madero 5, Centro, Querétaro')).toBeVisible();
  await expect(page.getByText('1 hora y 30 minutos · De 40 a 55 años')).toBeVisible();

  await page.goto(`/evento/${eventId}`);
  await expect(page.getByText('De 40 a 55 años')).toBeVisible();
  await expect(page.getByText('1 hora y 30 minutos')).toBeVisible();
});
