import { expect, test } from '@playwright/test';
import { loginAsClient } from '../fixtures';
import { createEvent, FRESH_PASSWORD, registerFreshClient } from './helpers';

test('el detalle de un evento abierto desde /eventos muestra fecha, hora y precios en español', async ({
  page,
  baseURL,
}) => {
  const name = `Networking de prueba ${Date.now()}`;
  // A year before the suite's other events, so that it stands on the category's first page.
  const eventId = await createEvent(baseURL!, {
    name,
    status_id: 1,
    price_m: 310,
    price_w: 275.5,
    day: '2030-05-20',
  });
  await page.goto('/eventos/networking');
  // One date style on the list, the event page and the e-mails.
  await expect(page.getByRole('article').filter({ hasText: name })).toContainText(
    'lunes 20 de mayo de 2030, 7:30 p.m.',
  );
  await page.getByRole('heading', { name }).click();
  await expect(page).toHaveURL(new RegExp(`/evento/${eventId}$`));
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page).toHaveTitle(new RegExp(name));
  await expect(page.getByText('lunes 20 de mayo de 2030', { exact: true })).toBeVisible();
  await expect(page.getByText('7:30 p.m.', { exact: true })).toBeVisible();
  await expect(page.getByText('$275.50 MXN')).toBeVisible();
  await expect(page.getByText('$310.00 MXN')).toBeVisible();
  await expect(page.getByText('Una noche para conocer gente nueva.')).toBeVisible();
  await expect(
    page.getByRole('list', { name: 'Categorías' }).getByRole('link', { name: 'Networking' }),
  ).toBeVisible();
  await expect(page.getByText('2 horas')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Participar' })).toBeVisible();
});

test('un visitante que pulsa Participar va a /ingresar', async ({ page, baseURL }) => {
  const eventId = await createEvent(baseURL!, {
    name: `Evento visitante ${Date.now()}`,
    status_id: 1,
    price_m: 100,
    price_w: 100,
  });
  await page.goto(`/evento/${eventId}`);
  await page.getByRole('button', { name: 'Participar' }).click();
  await expect(page).toHaveURL(new RegExp(`/ingresar\\?motivo=evento&volver=%2Fevento%2F${eventId}$`));
});

test('un evento agotado lo dice y en un teléfono anota a la lista de espera en lugar de Participar', async ({
  page,
  baseURL,
}) => {
  const name = `Evento agotado ${Date.now()}`;
  const eventId = await createEvent(baseURL!, { name, status_id: 2, price_m: 100, price_w: 100 });
  const client = await registerFreshClient(baseURL!, 'Espera');
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto(`/evento/${eventId}`);
  await expect(page.getByText('Agotado', { exact: true })).toBeVisible();
  await expect(page.getByText('Evento agotado', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Participar' })).toHaveCount(0);

  await loginAsClient(page, client.email, FRESH_PASSWORD);
  await page.goto(`/evento/${eventId}`);
  await page.getByRole('button', { name: 'Anotarme en la lista de espera' }).click();
  await expect(page).toHaveURL(/\/asistencias$/);
  await expect(page.getByRole('link', { name: new RegExp(name) })).toBeVisible();
  await expect(page.getByText('Lista de espera: lugar 1')).toBeVisible();
  await page.goto(`/evento/${eventId}`);
  await expect(page.getByText('Lista de espera: lugar 1')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Anotarme en la lista de espera' })).toHaveCount(0);
});

test('un evento suspendido o inexistente muestra un aviso amable', async ({ page, baseURL }) => {
  const hidden = await createEvent(baseURL!, {
    name: `Evento suspendido ${Date.now()}`,
    status_id: 3,
    price_m: 100,
    price_w: 100,
  });
  for (const id of [hidden, 999_999]) {
    await page.goto(`/evento/${id}`);
    await expect(
      page.getByRole('heading', { name: 'Este evento no existe o ya no está disponible' }),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: 'Ver próximos eventos' })).toBeVisible();
  }
});

test('una persona registrada se inscribe y ve el evento en /asistencias', async ({ page, baseURL }) => {
  const name = `Cena de inscripción ${Date.now()}`;
  const eventId = await createEvent(baseURL!, { name, status_id: 1, price_m: 500, price_w: 400 });
  const client = await registerFreshClient(baseURL!, 'Asistente');
  await loginAsClient(page, client.email, FRESH_PASSWORD);

  await page.goto('/asistencias');
  await expect(page.getByText('No has asistido a eventos, consulta nuestros servicios.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'nuestros servicios' })).toHaveAttribute('href', '/servicios');

  await page.goto(`/evento/${eventId}`);
  await page.getByRole('button', { name: 'Participar' }).click();
  await expect(page).toHaveURL(/\/asistencias$/);
  await expect(page).toHaveTitle(/Mis eventos/);
  const card = page.getByRole('article', { name });
  await expect(card).toContainText('martes 20 de mayo de 2031, 7:30 p.m.');
  await expect(card).toContainText('Registrado');
  // A priced event with payments on: the place is held until the member pays.
  await expect(card).toContainText('Lugar apartado: paga para confirmarlo');
  await card.getByRole('link', { name }).click();
  await expect(page).toHaveURL(new RegExp(`/evento/${eventId}$`));
});

test('/asistencias pide iniciar sesión a un visitante', async ({ page }) => {
  await page.goto('/asistencias');
  await expect(page).toHaveURL(/\/ingresar$/);
});

test('el detalle, mis eventos y el quiz caben en un teléfono de 360 px', async ({ page, baseURL }) => {
  const name = `Evento con un nombre bastante largo para un teléfono ${Date.now()}`;
  const eventId = await createEvent(baseURL!, { name, status_id: 1, price_m: 1200, price_w: 1100 });
  const client = await registerFreshClient(baseURL!, 'Movil');
  await page.setViewportSize({ width: 360, height: 740 });
  await loginAsClient(page, client.email, FRESH_PASSWORD);
  await page.goto(`/evento/${eventId}`);
  await page.getByRole('button', { name: 'Participar' }).click();
  await expect(page.getByRole('link', { name: new RegExp(name) })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth), '/asistencias').toBeLessThanOrEqual(
    360,
  );
  for (const path of [`/evento/${eventId}`, '/quiz']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(360);
  }
  await page.getByRole('button', { name: 'Comenzar' }).click();
  await expect(page.getByText('Pregunta 1 de 20')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth), 'pregunta').toBeLessThanOrEqual(
    360,
  );
});
