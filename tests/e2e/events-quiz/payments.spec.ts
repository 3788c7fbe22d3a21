import { expect, type Page, test } from '@playwright/test';
import { lastMailTo } from '../../support/outbox';
import { e2eDataDir } from '../account/helpers';
import { cancelSignUp, newPerson, signUpForEvent, uniqueWord } from '../data';
import { loginAsClient } from '../fixtures';
import { createEvent, FRESH_PASSWORD } from './helpers';

async function fitsIn360(page: Page, what: string): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth), what).toBeLessThanOrEqual(360);
}

test('en un teléfono paga su lugar con tarjeta en la página de prueba y ve su boleto', async ({
  page,
  baseURL,
}) => {
  const name = `Noche pagada ${uniqueWord()}`;
  const eventId = await createEvent(baseURL!, { name, status_id: 1, price_m: 300, price_w: 250 });
  const person = await newPerson(baseURL!, { gender: 1 });
  await page.setViewportSize({ width: 360, height: 740 });
  await loginAsClient(page, person.email, FRESH_PASSWORD);
  await page.goto(`/evento/${eventId}`);
  await page.getByRole('button', { name: 'Participar' }).click();
  await expect(page).toHaveURL(/\/asistencias$/);
  const card = page.getByRole('article', { name });
  await expect(card.getByText('Lugar apartado: paga para confirmarlo')).toBeVisible();
  await expect(card.getByText(/Paga antes del .* \(quedan (29|30) minutos\)/)).toBeVisible();
  await fitsIn360(page, '/asistencias con el pago pendiente');

  await card.getByRole('button', { name: 'Pagar $250.00 MXN' }).click();
  await expect(page.getByRole('heading', { name: 'Pago de prueba' })).toBeVisible();
  await expect(page.getByText('$250.00 MXN')).toBeVisible();
  await fitsIn360(page, 'la página de pago de prueba');
  await page.getByRole('button', { name: 'Pagar con tarjeta (aprobada)' }).click();

  await expect(page).toHaveURL(new RegExp(`/pago\\?evento=${eventId}$`));
  await expect(page.getByText('¡Pago recibido! Tu lugar está confirmado')).toBeVisible();
  await expect(page.getByText(/Pagado: \$250\.00 MXN con tarjeta/)).toBeVisible();
  await fitsIn360(page, '/pago');
  await page.getByRole('link', { name: 'Ver mi boleto' }).click();
  await expect(card.getByText('Confirmado: muestra tu código QR en la entrada')).toBeVisible();
  await expect(card.getByRole('img', { name: `Código QR de tu boleto para ${name}` })).toBeVisible();
  const receipt = await lastMailTo(e2eDataDir(), person.email, (mail) =>
    (mail.subject ?? '').startsWith('Recibo de pago'),
  );
  expect(receipt.text).toContain('Monto: $250.00 MXN');
});

test('en un teléfono, quien canceló un lugar pagado y se registra de nuevo puede pagar otra vez', async ({
  page,
  baseURL,
}) => {
  const name = `Noche de regreso ${uniqueWord()}`;
  const eventId = await createEvent(baseURL!, { name, status_id: 1, price_m: 300, price_w: 250 });
  const person = await newPerson(baseURL!, { gender: 1 });
  await signUpForEvent(baseURL!, person, eventId);
  await page.setViewportSize({ width: 360, height: 740 });
  await loginAsClient(page, person.email, FRESH_PASSWORD);
  await page.goto(`/evento/${eventId}`);
  await page.getByRole('button', { name: 'Pagar $250.00 MXN' }).click();
  await page.getByRole('button', { name: 'Pagar con tarjeta (aprobada)' }).click();
  await expect(page.getByText('¡Pago recibido! Tu lugar está confirmado')).toBeVisible();
  await cancelSignUp(baseURL!, person, eventId);
  await lastMailTo(e2eDataDir(), person.email, (mail) => (mail.subject ?? '').startsWith('Reembolso'));

  await page.goto(`/evento/${eventId}`);
  await page.getByRole('button', { name: 'Participar' }).click();
  await expect(page).toHaveURL(/\/asistencias$/);
  const card = page.getByRole('article', { name });
  await expect(card.getByText('Lugar apartado: paga para confirmarlo')).toBeVisible();
  await expect(card.getByText('Te contactaremos para confirmar tu lugar y el pago')).toHaveCount(0);
  await fitsIn360(page, '/asistencias tras registrarse de nuevo');
  await card.getByRole('button', { name: 'Pagar $250.00 MXN' }).click();
  await page.getByRole('button', { name: 'Pagar con tarjeta (aprobada)' }).click();
  await expect(page.getByText('¡Pago recibido! Tu lugar está confirmado')).toBeVisible();
});

test('genera una ficha OXXO, la deja vencer y el lugar pasa a quien esperaba', async ({
  page,
  browser,
  baseURL,
}) => {
  const name = `Noche en efectivo ${uniqueWord()}`;
  const eventId = await createEvent(baseURL!, { name, status_id: 1, price_m: 300, price_w: 280, limit_w: 1 });
  const payer = await newPerson(baseURL!, { gender: 1 });
  const waiting = await newPerson(baseURL!, { gender: 1 });
  await signUpForEvent(baseURL!, payer, eventId);
  await signUpForEvent(baseURL!, waiting, eventId);

  await page.setViewportSize({ width: 360, height: 740 });
  await loginAsClient(page, payer.email, FRESH_PASSWORD);
  await page.goto(`/evento/${eventId}`);
  await page.getByRole('button', { name: 'Pagar $280.00 MXN' }).click();
  await expect(page.getByRole('heading', { name: 'Pago de prueba' })).toBeVisible();
  const checkoutUrl = page.url();
  await page.getByRole('button', { name: 'Generar ficha OXXO' }).click();
  await expect(page.getByText('Tu ficha OXXO está lista: págala para confirmar tu lugar')).toBeVisible();
  const voucher = page.getByRole('region', { name: 'Ficha OXXO' });
  await expect(voucher.getByText(/^\d{18}$/)).toBeVisible();
  await expect(voucher.getByText('$280.00 MXN')).toBeVisible();
  await fitsIn360(page, '/pago con la ficha');
  await page.goto(`/asistencias`);
  await expect(
    page.getByRole('article', { name }).getByText('Lugar apartado: paga tu ficha en OXXO para confirmarlo'),
  ).toBeVisible();

  await page.goto(checkoutUrl);
  await page.getByRole('button', { name: 'Dejar vencer la ficha' }).click();
  await expect(page.getByText('La ficha venció sin pago.').first()).toBeVisible();
  await lastMailTo(e2eDataDir(), waiting.email, (mail) =>
    (mail.subject ?? '').startsWith('Se liberó un lugar'),
  );
  await page.goto('/asistencias');
  await expect(
    page
      .getByRole('article', { name })
      .getByText('Se acabó el tiempo para pagar: el lugar pasó a otra persona'),
  ).toBeVisible();

  const other = await browser.newContext({ viewport: { width: 360, height: 740 } });
  const next = await other.newPage();
  await loginAsClient(next, waiting.email, FRESH_PASSWORD);
  await next.goto('/asistencias');
  const card = next.getByRole('article', { name });
  await expect(card.getByText(/^Se liberó un lugar, es tuyo: te lo apartamos hasta el /)).toBeVisible();
  await expect(card.getByRole('button', { name: 'Pagar $280.00 MXN' })).toBeVisible();
  await other.close();
});
