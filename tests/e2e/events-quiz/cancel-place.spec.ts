import { expect, type Page, test } from '@playwright/test';
import { newPerson, signUpForEvent, uniqueWord } from '../data';
import { loginAsClient } from '../fixtures';
import { createEvent, FRESH_PASSWORD } from './helpers';

/** Every uncaught error and console error of the page, so a test can say there were none. */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  return errors;
}

/** Opens "Cancelar mi lugar", checks that both answers say what they do, and gives the place up. */
async function cancelThroughDialog(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Cancelar mi lugar' }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog.getByRole('button', { name: 'No, conservarlo' })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Cancelar', exact: true })).toHaveCount(0);
  const box = (await dialog.boundingBox())!;
  for (const name of ['No, conservarlo', 'Sí, cancelar mi lugar']) {
    const button = (await dialog.getByRole('button', { name }).boundingBox())!;
    expect(button.x + button.width, `${name} cabe en el diálogo`).toBeLessThanOrEqual(box.x + box.width);
  }
  await dialog.getByRole('button', { name: 'Sí, cancelar mi lugar' }).click();
  await expect(dialog).toHaveCount(0);
}

test('cancelar en la página del evento confirma en español, muestra el nuevo estado y no da errores', async ({
  page,
  baseURL,
}) => {
  const name = `Cancelación clara ${uniqueWord()}`;
  const eventId = await createEvent(baseURL!, { name, status_id: 1, price_m: 1, price_w: 1 });
  const person = await newPerson(baseURL!);
  await signUpForEvent(baseURL!, person, eventId);
  await page.setViewportSize({ width: 360, height: 740 });
  await loginAsClient(page, person.email, FRESH_PASSWORD);
  const errors = collectErrors(page);

  await page.goto(`/evento/${eventId}`);
  await expect(page.getByText('Lugar apartado: paga para confirmarlo')).toBeVisible();
  await page.getByRole('button', { name: 'Cancelar mi lugar' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'No, conservarlo' }).click();
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
  await expect(page.getByText('Lugar apartado: paga para confirmarlo')).toBeVisible();

  await cancelThroughDialog(page);
  await expect(page.getByRole('status')).toContainText(`Cancelaste tu lugar en «${name}»`);
  await expect(page.getByRole('button', { name: 'Participar' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cancelar mi lugar' })).toHaveCount(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  expect(errors).toEqual([]);
});

test('cancelar en /asistencias confirma en español y la tarjeta dice que se canceló', async ({
  page,
  baseURL,
}) => {
  const name = `Cancelación en mis eventos ${uniqueWord()}`;
  const eventId = await createEvent(baseURL!, { name, status_id: 1, price_m: 1, price_w: 1 });
  const person = await newPerson(baseURL!);
  await signUpForEvent(baseURL!, person, eventId);
  await page.setViewportSize({ width: 360, height: 740 });
  await loginAsClient(page, person.email, FRESH_PASSWORD);
  const errors = collectErrors(page);

  await page.goto('/asistencias');
  const card = page.getByRole('article', { name });
  await expect(card).toContainText('Lugar apartado: paga para confirmarlo');
  await cancelThroughDialog(page);
  await expect(page.getByRole('status')).toContainText(`Cancelaste tu lugar en «${name}»`);
  await expect(card).toContainText('Cancelaste tu lugar en este evento');
  await expect(card.getByRole('button', { name: 'Cancelar mi lugar' })).toHaveCount(0);
  expect(errors).toEqual([]);
});
