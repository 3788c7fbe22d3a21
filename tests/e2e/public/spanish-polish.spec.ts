import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { adminApi, apiContext, createEvent, FRESH_PASSWORD } from '../events-quiz/helpers';

/** Issue 16: the public site's Spanish polish, on a 360 px phone. */
test.use({ viewport: { width: 360, height: 740 } });

const tag = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;

/** A new client through client/add; the returned context holds her session. */
async function newClient(
  baseURL: string,
  values: { first_name: string; last_name?: string; gender?: number } = { first_name: 'Paola' },
): Promise<{ id: number; email: string; api: APIRequestContext }> {
  const api = await apiContext(baseURL);
  const email = `polish.${tag()}@e2e.mx`;
  const response = await api.post('/api/client/add', {
    data: {
      client: {
        last_name: 'Prueba',
        gender: 1,
        ...values,
        email,
        phone: '5512345678',
        birthday: '1990-08-08',
        occupation: 'Pruebas',
        password: FRESH_PASSWORD,
        privacy_consent: true,
      },
    },
  });
  if (!response.ok()) throw new Error(`sign-up failed: ${await response.text()}`);
  const { client_id } = (await response.json()) as { client_id: number };
  return { id: client_id, email, api };
}

async function fillLogin(page: Page, email: string): Promise<void> {
  await page.getByLabel('Correo electrónico').fill(email);
  await page.getByLabel('Contraseña').fill(FRESH_PASSWORD);
  await page.getByRole('button', { name: 'Ingresar' }).click();
}

async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => {
    const root = document.scrollingElement as Element;
    return root.scrollWidth - root.clientWidth;
  });
  expect(overflow).toBeLessThanOrEqual(0);
}

test('un evento agotado dice «Agotado», nunca «Sold Out»', async ({ page, baseURL }) => {
  const name = `Cena agotada ${tag()}`;
  const eventId = await createEvent(baseURL as string, { name, status_id: 2, price_m: 400, price_w: 400 });
  await page.goto(`/evento/${eventId}`);
  await expect(page.getByRole('heading', { name })).toBeVisible();
  await expect(page.getByText('Agotado', { exact: true })).toBeVisible();
  await expect(page.getByText(/sold out/i)).toHaveCount(0);
  await page.goto('/');
  await expect(page.getByRole('heading').first()).toBeVisible();
  await expect(page.getByText(/sold out/i)).toHaveCount(0);
});

test('«Restablecer contraseña» se escribe bien; la dirección /reestablecer sigue igual', async ({ page }) => {
  await page.goto('/ingresar');
  await page.getByRole('link', { name: '¿Olvidaste tu contraseña?' }).click();
  await expect(page).toHaveURL(/\/reestablecer$/);
  await expect(page.getByRole('heading', { name: 'Restablecer contraseña' })).toBeVisible();
  await expect(page).toHaveTitle(/Restablecer contraseña/);
  await expect(page.getByText(/Reestablecer/)).toHaveCount(0);
});

test('los textos llevan sus acentos: «interés», «nuestros», «Cuéntanos»', async ({ page, baseURL }) => {
  const { email } = await newClient(baseURL as string);
  await page.goto('/ingresar');
  await fillLogin(page, email);
  await expect(page).toHaveURL(/\/intereses$/);
  await expect(
    page.getByText('No hay personas de tu interés, busca personas que te puedan interesar.'),
  ).toBeVisible();
  await page.goto('/asistencias');
  await expect(page.getByText(/No has asistido a eventos, consulta/)).toBeVisible();
  await expect(page.getByRole('link', { name: 'nuestros servicios' })).toBeVisible();
  await page.goto('/perfil');
  await page.getByRole('button', { name: 'Actualizar' }).click();
  const sheet = page.getByRole('dialog', { name: 'Actualizar anuncio' });
  await expect(sheet.getByText('Cuéntanos brevemente sobre ti')).toBeVisible();
  // On a phone the modal is a full-height sheet.
  expect(await sheet.boundingBox()).toMatchObject({ x: 0, y: 0, width: 360, height: 740 });
});

test('el aviso de error del registro desaparece al corregir el formulario', async ({ page, baseURL }) => {
  const taken = await newClient(baseURL as string);
  await page.goto('/registrarse');
  await page.getByLabel('Nombre').fill('Renata');
  await page.getByLabel('Apellido').fill('Prueba');
  await page.getByLabel('Correo electrónico').fill(taken.email);
  await page.getByLabel('Fecha de nacimiento').fill('1994-05-05');
  await page.getByLabel('Contraseña').fill(FRESH_PASSWORD);
  await page.getByRole('checkbox', { name: /aviso de privacidad/ }).check();
  await page.getByRole('button', { name: 'Crear cuenta' }).click();
  const banner = page
    .getByRole('alert')
    .filter({ hasText: 'Ya existe una cuenta con este correo electrónico' });
  await expect(banner).toBeVisible();
  await page.getByLabel('Correo electrónico').fill(`renata.${tag()}@e2e.mx`);
  await expect(banner).toHaveCount(0);
});

test('el aviso de error del cambio de contraseña desaparece al escribir de nuevo', async ({
  page,
  baseURL,
}) => {
  const { email } = await newClient(baseURL as string);
  await page.goto('/ingresar');
  await fillLogin(page, email);
  await expect(page).toHaveURL(/\/intereses$/);
  await page.goto('/configuracion');
  await page.getByLabel('Contraseña actual').first().fill('no-es-la-clave-123');
  await page.getByLabel('Nueva contraseña').fill('otra-clave-segura-456');
  await page.getByRole('button', { name: 'Cambiar contraseña' }).click();
  const banner = page.getByRole('alert').filter({ hasText: 'La contraseña actual no es correcta' });
  await expect(banner).toBeVisible();
  await page.getByLabel('Contraseña actual').first().fill(FRESH_PASSWORD);
  await expect(banner).toHaveCount(0);
});

test('/asistencias en 360 px muestra completos dos nombres largos que empiezan igual', async ({
  page,
  baseURL,
}) => {
  const url = baseURL as string;
  const suffix = tag();
  const names = [
    `Speed Dating en la Roma: edición de primavera para profesionistas ${suffix}`,
    `Speed Dating en la Roma: edición de otoño para profesionistas ${suffix}`,
  ];
  const client = await newClient(url);
  for (const name of names) {
    const eventId = await createEvent(url, { name, status_id: 1, price_m: 350, price_w: 350 });
    const signed = await client.api.post('/api/client/events/add', { data: { event_id: eventId } });
    expect(signed.ok()).toBe(true);
  }
  await page.goto('/ingresar');
  await fillLogin(page, client.email);
  await expect(page).toHaveURL(/\/intereses$/);
  await page.goto('/asistencias');
  for (const name of names) {
    const link = page.getByRole('link', { name: new RegExp(name) });
    await expect(link).toBeVisible();
    const text = link.getByText(name, { exact: true });
    await expect(text).toBeVisible();
    // Shown whole: not cut with an ellipsis.
    expect(await text.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
  }
  await expectNoSidewaysScroll(page);
});

test('una visitante que toca «Participar» inicia sesión sabiendo por qué y vuelve al evento', async ({
  page,
  baseURL,
}) => {
  const url = baseURL as string;
  const name = `Brunch de prueba ${tag()}`;
  const eventId = await createEvent(url, { name, status_id: 1, price_m: 250, price_w: 250 });
  const { email } = await newClient(url);
  await page.goto(`/evento/${eventId}`);
  await page.getByRole('button', { name: 'Participar' }).click();
  await expect(page).toHaveURL(/\/ingresar\?/);
  await expect(
    page.getByText('Inicia sesión para participar en el evento. Después volverás a él.'),
  ).toBeVisible();
  await fillLogin(page, email);
  await expect(page).toHaveURL(new RegExp(`/evento/${eventId}$`));
  await page.getByRole('button', { name: 'Participar' }).click();
  await expect(page).toHaveURL(/\/asistencias$/);
  await expect(page.getByRole('link', { name: new RegExp(name) })).toBeVisible();
});

test('una visitante que toca «Me interesa» inicia sesión y vuelve al perfil que leía', async ({
  page,
  baseURL,
}) => {
  const url = baseURL as string;
  const last = `Quiroz${tag()}`;
  const person = await newClient(url, { first_name: 'Ximena', last_name: last, gender: 3 });
  const text = `Me encanta el cine de arte ${last}`;
  const requested = await person.api.post('/api/client/advert/update', {
    data: { advert: { status_id: 1, description_update: text } },
  });
  expect(requested.ok()).toBe(true);
  const { advert } = (await (await person.api.post('/api/client/advert/get', { data: {} })).json()) as {
    advert: { id: number };
  };
  const admin = await adminApi(url);
  const approved = await admin.post('/api/admin/clients/update', {
    data: { advert: { id: advert.id, status_id: 1, description: text } },
  });
  expect(approved.ok()).toBe(true);
  const { email } = await newClient(url, { first_name: 'Olga' });

  await page.goto('/personas?genero=3');
  const card = page.getByRole('article').filter({ hasText: text });
  await card.getByRole('button', { name: 'Ver perfil' }).click();
  const panel = page.getByRole('dialog', { name: `Ximena ${last.charAt(0)}.` });
  await panel.getByRole('button', { name: 'Me interesa' }).click();
  await expect(page).toHaveURL(/\/ingresar\?/);
  await expect(
    page.getByText('Inicia sesión para decir que te interesa esta persona. Después volverás a su anuncio.'),
  ).toBeVisible();
  await fillLogin(page, email);
  await expect(page).toHaveURL(/\/personas\?genero=3$/);
  await expect(panel).toBeVisible();
  await panel.getByRole('button', { name: 'Me interesa' }).click();
  await expect(page).toHaveURL(/\/intereses$/);
});
