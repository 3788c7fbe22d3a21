import { expect, type Page, test } from '@playwright/test';
import { cancelSignUp, newPerson, signUpForEvent, uniqueWord } from '../data';
import { loginAsClient } from '../fixtures';
import { createEvent, FRESH_PASSWORD } from './helpers';

async function fitsIn360(page: Page, what: string): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth), what).toBeLessThanOrEqual(360);
}

test('en un teléfono, a quien esperaba el sitio le dice que se liberó un lugar, hasta cuándo es suyo y que pague', async ({
  page,
  baseURL,
}) => {
  const name = `Noche con espera ${uniqueWord()}`;
  const eventId = await createEvent(baseURL!, { name, status_id: 1, price_m: 300, price_w: 260, limit_w: 1 });
  const holder = await newPerson(baseURL!, { gender: 1 });
  const waiting = await newPerson(baseURL!, { gender: 1 });
  await signUpForEvent(baseURL!, holder, eventId);
  await signUpForEvent(baseURL!, waiting, eventId);
  await cancelSignUp(baseURL!, holder, eventId);

  await page.setViewportSize({ width: 360, height: 740 });
  await loginAsClient(page, waiting.email, FRESH_PASSWORD);
  const notice = /^Se liberó un lugar, es tuyo: te lo apartamos hasta el .+/;
  await page.goto(`/evento/${eventId}`);
  await expect(page.getByText(notice)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Pagar $260.00 MXN' })).toBeVisible();
  await fitsIn360(page, 'la página del evento con el lugar liberado');

  await page.goto('/asistencias');
  const card = page.getByRole('article', { name });
  await expect(card.getByText(notice)).toBeVisible();
  await expect(card.getByRole('button', { name: 'Pagar $260.00 MXN' })).toBeVisible();
  await fitsIn360(page, '/asistencias con el lugar liberado');
});
