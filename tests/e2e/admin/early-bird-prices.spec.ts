import { expect, type Page, test } from '@playwright/test';
import { newPerson, uniqueWord } from '../data';
import { createEvent, FRESH_PASSWORD } from '../events-quiz/helpers';
import { loginAsAdmin, loginAsClient } from '../fixtures';

/** docs/design/25-organizers.md: early-bird prices by gender, set on a phone and shown on the event page. */
test.use({ viewport: { width: 360, height: 740 } });

async function fitsIn360(page: Page, what: string): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth), what).toBeLessThanOrEqual(360);
}

test('en un teléfono pone una preventa para mujeres y ella paga el precio de preventa', async ({
  page,
  browser,
  baseURL,
}) => {
  const name = `Noche en preventa ${uniqueWord()}`;
  const eventId = await createEvent(baseURL!, { name, status_id: 1, price_m: 500, price_w: 450 });

  await loginAsAdmin(page);
  await page.goto(`/admin/event/${eventId}`);
  const form = page.locator('form').filter({ hasText: 'Actualizar evento' });
  await form.getByRole('button', { name: 'Agregar precio de preventa' }).click();
  await form.getByLabel('Preventa 1: para').selectOption({ label: 'Mujeres' });
  await form.getByLabel('Precio (MXN)').fill('350');
  await form.getByLabel('O los primeros lugares').fill('2');
  await fitsIn360(page, 'el formulario con la preventa');
  await form.getByRole('button', { name: 'Actualizar evento' }).click();
  await expect(page.getByRole('status').getByText(/actualizado/i)).toBeVisible();

  const member = await browser.newPage({ viewport: { width: 360, height: 740 } });
  const person = await newPerson(baseURL!, { gender: 1 });
  await loginAsClient(member, person.email, FRESH_PASSWORD);
  await member.goto(`/evento/${eventId}`);
  await expect(member.getByText('Preventa: quedan 2 lugares a este precio; después $450')).toBeVisible();
  await fitsIn360(member, 'la página del evento en preventa');
  await member.getByRole('button', { name: 'Participar' }).click();
  await expect(member).toHaveURL(/\/asistencias$/);
  await expect(
    member.getByRole('article', { name }).getByRole('button', { name: 'Pagar $350.00 MXN' }),
  ).toBeVisible();
  await member.goto(`/evento/${eventId}`);
  await expect(member.getByText('Preventa: queda 1 lugar a este precio; después $450')).toBeVisible();
});

test('en un teléfono, una preventa sin precio no se guarda como $0, ni con más lugares que el evento; escrita como 0 es gratis', async ({
  page,
  browser,
  baseURL,
}) => {
  const name = `Noche de seis lugares ${uniqueWord()}`;
  const eventId = await createEvent(baseURL!, { name, status_id: 1, price_m: 500, price_w: 450, limit_w: 6 });

  await loginAsAdmin(page);
  await page.goto(`/admin/event/${eventId}`);
  const form = page.locator('form').filter({ hasText: 'Actualizar evento' });
  await form.getByRole('button', { name: 'Agregar precio de preventa' }).click();
  await form.getByLabel('O los primeros lugares').fill('5');
  await form.getByRole('button', { name: 'Actualizar evento' }).click();
  await expect(form.getByText('Escribe el precio de la preventa 1 (0 si es gratis)')).toBeVisible();

  await form.getByLabel('Precio (MXN)').fill('0');
  await form.getByLabel('O los primeros lugares').fill('9');
  await form.getByRole('button', { name: 'Actualizar evento' }).click();
  await expect(
    form.getByText('Las preventas para mujeres suman 9 lugares y el evento tiene 6 para mujeres'),
  ).toBeVisible();

  const visitor = await browser.newPage({ viewport: { width: 360, height: 740 } });
  await visitor.goto(`/evento/${eventId}`);
  await expect(visitor.getByRole('heading', { name })).toBeVisible();
  await expect(visitor.getByText(/Preventa/)).toHaveCount(0);

  await form.getByLabel('O los primeros lugares').fill('5');
  await form.getByRole('button', { name: 'Actualizar evento' }).click();
  await expect(page.getByRole('status').getByText(/actualizado/i)).toBeVisible();

  await visitor.reload();
  await expect(visitor.getByText('Gratis', { exact: true })).toBeVisible();
  await expect(
    visitor.getByText('Preventa: quedan 5 lugares a este precio; después $450.00 MXN'),
  ).toBeVisible();
  await expect(visitor.getByText(/\$0\.00/)).toHaveCount(0);
  await fitsIn360(visitor, 'la página del evento con una preventa gratis');
});
