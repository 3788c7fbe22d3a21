import { expect, type Page, test } from '@playwright/test';
import sharp from 'sharp';
import { loginAsAdmin } from '../fixtures';

async function adminId(page: Page): Promise<number> {
  return Number(await page.evaluate(() => localStorage.getItem('admin_id')));
}

async function findEventId(page: Page, name: string): Promise<number> {
  const response = await page.request.post('/api/event/get', { data: { admin_id: await adminId(page) } });
  const { events } = (await response.json()) as { events: { id: number; name: string }[] };
  const event = events.find((item) => item.name === name);
  if (!event) throw new Error(`no event ${name}`);
  return event.id;
}

test('an admin creates an event with an image and sees it in the list', async ({ page }) => {
  await loginAsAdmin(page);
  await page.getByRole('link', { name: 'Eventos' }).click();
  await page.getByRole('button', { name: 'Nuevo evento' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nuevo evento' });
  const save = dialog.getByRole('button', { name: 'Guardar' });
  await expect(save).toBeDisabled();
  await dialog.getByLabel('Nombre').fill('Noche de salsa e2e');
  await dialog.getByLabel('Día').fill('2031-03-14');
  await dialog.getByLabel('Hora').fill('21:30');
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
  const card = page.getByRole('link', { name: /Noche de salsa e2e/ });
  await expect(card).toBeVisible();
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

test('confirming attendees until the women are full removes Confirmar', async ({ page }) => {
  await loginAsAdmin(page);
  const eventId = await findEventId(page, 'Speed Dating en la Roma');
  const details = await page.request.post('/api/event/details', {
    data: { admin_id: await adminId(page), event_id: eventId },
  });
  const { event } = (await details.json()) as { event: Record<string, unknown> };
  const { confirmed_m, confirmed_w, left_m, left_w, image, image_srcset, ...fields } = event;
  const update = await page.request.post('/api/event/update', { data: { event: { ...fields, limit_w: 1 } } });
  expect(update.status()).toBe(200);

  await page.goto(`/admin/event/${eventId}`);
  const mariana = page.getByRole('row', { name: /Mariana López/ });
  const sofia = page.getByRole('row', { name: /Sofía Ramírez/ });
  await mariana.getByRole('button', { name: 'Confirmado' }).click();
  await expect(mariana.getByRole('button', { name: 'Confirmar' })).toBeVisible();
  await expect(sofia.getByRole('button', { name: 'Confirmar' })).toBeVisible();

  await sofia.getByRole('button', { name: 'Confirmar' }).click();
  await expect(sofia.getByRole('button', { name: 'Confirmado' })).toBeVisible();
  await expect(mariana.getByRole('button', { name: 'Confirmar' })).toHaveCount(0);
  await expect(mariana).toContainText('Sin lugares');
  await expect(page.getByText('Mujeres: 0 lugares disponibles')).toBeVisible();
});
