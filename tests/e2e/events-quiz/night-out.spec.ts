import { expect, type Page, test } from '@playwright/test';
import { lastMailTo } from '../../support/outbox';
import { e2eDataDir } from '../account/helpers';
import { cancelSignUp, newPerson, signUpForEvent, uniqueWord } from '../data';
import { loginAsAdmin, loginAsClient } from '../fixtures';
import { createEvent, FRESH_PASSWORD } from './helpers';

async function fitsIn360(page: Page, what: string): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth), what).toBeLessThanOrEqual(360);
}

test('lista de espera, lugar liberado, confirmación, QR y llegada registrada en la entrada con el código corto tecleado', async ({
  page,
  browser,
  baseURL,
}) => {
  const name = `Noche de prueba ${uniqueWord()}`;
  const eventId = await createEvent(baseURL!, {
    name,
    status_id: 1,
    price_m: 300,
    price_w: 250,
    limit_w: 1,
    venue: 'Terraza Luna',
    address: 'Av. Álvaro Obregón 120, Roma Norte',
    city: 'cdmx',
    duration_minutes: 120,
    age_min: 25,
    age_max: 45,
  });
  const holder = await newPerson(baseURL!);
  const waiting = await newPerson(baseURL!);
  await signUpForEvent(baseURL!, holder, eventId);

  await page.setViewportSize({ width: 360, height: 740 });
  await loginAsClient(page, waiting.email, FRESH_PASSWORD);
  await page.goto(`/evento/${eventId}`);
  await expect(page.getByText('Terraza Luna')).toBeVisible();
  await expect(page.getByText('Av. Álvaro Obregón 120, Roma Norte, Ciudad de México')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Ver en el mapa' })).toHaveAttribute(
    'href',
    /^https:\/\/www\.google\.com\/maps\/search\/\?api=1&query=Terraza%20Luna/,
  );
  await expect(page.getByText('2 horas')).toBeVisible();
  await expect(page.getByText('De 25 a 45 años')).toBeVisible();
  await expect(page.getByText('Mujeres: sin lugares, hay lista de espera')).toBeVisible();
  await page.getByRole('button', { name: 'Participar' }).click();
  await expect(page).toHaveURL(/\/asistencias$/);
  const card = page.getByRole('article', { name });
  await expect(card.getByText('Lista de espera: lugar 1')).toBeVisible();
  await fitsIn360(page, '/asistencias');

  await cancelSignUp(baseURL!, holder, eventId);
  const freed = await lastMailTo(e2eDataDir(), waiting.email, (mail) =>
    (mail.subject ?? '').includes('Se liberó un lugar'),
  );
  expect(freed.subject).toContain('Se liberó un lugar');
  await page.reload();
  await expect(card.getByText(/^Se liberó un lugar, es tuyo: te lo apartamos hasta el /)).toBeVisible();

  const adminContext = await browser.newContext({ viewport: { width: 360, height: 740 } });
  const admin = await adminContext.newPage();
  await loginAsAdmin(admin);
  await admin.goto(`/admin/event/${eventId}`);
  const row = admin.getByRole('row', { name: new RegExp(waiting.fullName) });
  await row.getByRole('button', { name: 'Confirmar' }).click();
  // A paid place confirmed at the door asks how she paid (docs/design/22-places-and-money.md); cash at the price.
  await admin
    .getByRole('dialog', { name: /^Confirmar el lugar de / })
    .getByRole('button', { name: 'Confirmar lugar' })
    .click();
  await expect(row.getByRole('button', { name: 'Confirmado' })).toBeVisible();
  await fitsIn360(admin, '/admin/event/{id}');

  await page.reload();
  await expect(card.getByText('Confirmado: muestra tu código QR en la entrada')).toBeVisible();
  await expect(card.getByRole('img', { name: `Código QR de tu boleto para ${name}` })).toBeVisible();
  // The short code under the QR, to read aloud or type: one line at 360 px, never broken.
  const printed = card.getByText(/^[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/);
  const code = (await printed.textContent()) ?? '';
  expect(await printed.evaluate((element) => element.getClientRects().length)).toBe(1);
  await fitsIn360(page, '/asistencias con el boleto');

  await admin.getByRole('link', { name: 'Registrar llegadas en la entrada' }).click();
  await expect(admin).toHaveURL(new RegExp(`/admin/event/${eventId}/entrada$`));
  await expect(admin.getByRole('heading', { name: 'Entrada' })).toBeVisible();
  // Typed as a person would from the ticket read aloud: lower case, without the dash.
  await admin.getByLabel('Código del boleto').pressSequentially(code.replace('-', '').toLowerCase());
  await admin.getByRole('button', { name: 'Registrar', exact: true }).click();
  const arrived = admin.getByRole('status').filter({ hasText: waiting.fullName });
  await expect(arrived).toContainText('Mujer');
  await expect(arrived).toContainText('Llegada registrada');
  await expect(admin.getByLabel('Llegadas').getByRole('definition').first()).toHaveText('1');
  // The box emptied itself for the next guest; the same ticket again is told apart.
  await expect(admin.getByLabel('Código del boleto')).toHaveValue('');
  await admin.getByLabel('Código del boleto').fill(code);
  await admin.getByRole('button', { name: 'Registrar', exact: true }).click();
  await expect(admin.getByRole('alert')).toContainText(`${waiting.fullName} ya registró su llegada`);
  await fitsIn360(admin, '/admin/event/{id}/entrada');
  await adminContext.close();
});

test('en la entrada se busca por nombre y se rechaza un código de otro evento', async ({ page, baseURL }) => {
  const eventId = await createEvent(baseURL!, {
    name: `Entrada ${uniqueWord()}`,
    status_id: 1,
    price_m: 1,
    price_w: 1,
  });
  const otherId = await createEvent(baseURL!, {
    name: `Otra ${uniqueWord()}`,
    status_id: 1,
    price_m: 1,
    price_w: 1,
  });
  const guest = await newPerson(baseURL!, { gender: 2 });
  const stranger = await newPerson(baseURL!);
  await signUpForEvent(baseURL!, guest, eventId, true);
  await signUpForEvent(baseURL!, stranger, otherId, true);

  await page.setViewportSize({ width: 360, height: 740 });
  await loginAsAdmin(page);
  await page.goto(`/admin/event/${eventId}/entrada`);
  await expect(page.getByRole('heading', { name: 'Confirmados (1)' })).toBeVisible();
  await page.getByPlaceholder('Buscar por nombre').fill(guest.lastName.toLowerCase());
  await page
    .getByRole('listitem', { name: guest.fullName })
    .getByRole('button', { name: 'Registrar llegada' })
    .click();
  await expect(page.getByRole('status').filter({ hasText: guest.fullName })).toContainText('Hombre');
  await expect(page.getByRole('listitem', { name: guest.fullName })).toContainText('Ya llegó');

  await page.getByLabel('Código del boleto').fill('no-es-de-este-evento-123');
  await page.getByRole('button', { name: 'Registrar', exact: true }).click();
  await expect(page.getByRole('alert')).toBeVisible();
  await expect(page.getByRole('alert')).not.toContainText('ya registró su llegada');
  await fitsIn360(page, 'entrada');
});

test('el organizador cancela el lugar de una persona y sube la primera en espera', async ({
  page,
  baseURL,
}) => {
  const eventId = await createEvent(baseURL!, {
    name: `Cancelación admin ${uniqueWord()}`,
    status_id: 1,
    price_m: 1,
    price_w: 1,
    limit_w: 1,
  });
  const holder = await newPerson(baseURL!);
  const waiting = await newPerson(baseURL!);
  await signUpForEvent(baseURL!, holder, eventId);
  await signUpForEvent(baseURL!, waiting, eventId);

  await loginAsAdmin(page);
  await page.goto(`/admin/event/${eventId}`);
  const holderRow = page.getByRole('row', { name: new RegExp(holder.fullName) });
  const waitingRow = page.getByRole('row', { name: new RegExp(waiting.fullName) });
  await expect(waitingRow).toContainText('Lista de espera · lugar 1');
  await expect(page.getByText('Lista de espera: mujeres 1 · hombres 0')).toBeVisible();
  await holderRow.getByRole('button', { name: 'Cancelar' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Sí, cancelar' }).click();
  await expect(holderRow).toContainText('Cancelado');
  await expect(holderRow.getByRole('button', { name: 'Cancelar' })).toHaveCount(0);
  await expect(waitingRow).toContainText('Registrado');
  await expect(waitingRow.getByRole('button', { name: 'Confirmar' })).toBeVisible();
});

test('/eventos filtra por ciudad sin JavaScript y las tarjetas dicen lugar y ciudad', async ({
  browser,
  baseURL,
}) => {
  const word = uniqueWord();
  // Soon, so that both stand on the first page of /eventos ahead of the suite's far-off events.
  const soon = new Date(Date.now() + 36 * 3_600_000).toISOString().slice(0, 10);
  await createEvent(baseURL!, {
    name: `Cena en Mérida ${word}`,
    day: soon,
    status_id: 1,
    price_m: 1,
    price_w: 1,
    venue: 'Casa Montejo',
    city: 'merida',
  });
  await createEvent(baseURL!, {
    name: `Fiesta en Tijuana ${word}`,
    day: soon,
    status_id: 1,
    price_m: 1,
    price_w: 1,
    city: 'tijuana',
  });

  const noScript = await browser.newContext({ javaScriptEnabled: false });
  const page = await noScript.newPage();
  await page.goto('/eventos');
  await page.getByRole('navigation', { name: 'Ciudades' }).getByRole('link', { name: 'Mérida' }).click();
  await expect(page).toHaveURL(/\/eventos\?ciudad=merida$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Próximos eventos en Mérida' })).toBeVisible();
  const card = page.getByRole('article').filter({ hasText: `Cena en Mérida ${word}` });
  await expect(card).toContainText('Casa Montejo · Mérida');
  await expect(page.getByText(`Fiesta en Tijuana ${word}`)).toHaveCount(0);
  await page
    .getByRole('navigation', { name: 'Ciudades' })
    .getByRole('link', { name: 'Todas las ciudades' })
    .click();
  await expect(page.getByText(`Fiesta en Tijuana ${word}`)).toBeVisible();
  await noScript.close();
});

test('la ciudad elegida se mantiene al navegar con JavaScript', async ({ page, baseURL }) => {
  const word = uniqueWord();
  await createEvent(baseURL!, { name: `Trivia ${word}`, status_id: 1, price_m: 1, price_w: 1, city: 'leon' });
  await page.goto('/eventos');
  await page.getByRole('navigation', { name: 'Ciudades' }).getByRole('link', { name: 'León' }).click();
  await expect(page).toHaveURL(/\/eventos\?ciudad=leon$/);
  await expect(page.getByRole('heading', { name: `Trivia ${word}` })).toBeVisible();
  await page
    .getByRole('navigation', { name: 'Categorías de eventos' })
    .getByRole('link', { name: 'Networking' })
    .click();
  await expect(page).toHaveURL(/\/eventos\/networking\?ciudad=leon$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Eventos de Networking en León' })).toBeVisible();
});

test('un evento pasado lo dice y no ofrece Participar', async ({ page, baseURL }) => {
  const name = `Evento pasado ${uniqueWord()}`;
  const eventId = await createEvent(baseURL!, {
    name,
    status_id: 1,
    price_m: 1,
    price_w: 1,
    day: '2024-02-10',
  });
  await page.goto(`/evento/${eventId}`);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByText('Este evento ya pasó')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Participar' })).toHaveCount(0);
});

test('/eventos/{id} lleva a la página del evento', async ({ page, baseURL }) => {
  const name = `Otra dirección ${uniqueWord()}`;
  const eventId = await createEvent(baseURL!, { name, status_id: 1, price_m: 1, price_w: 1 });
  await page.goto(`/eventos/${eventId}`);
  await expect(page).toHaveURL(new RegExp(`/evento/${eventId}$`));
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
});

test('una persona cancela su lugar desde la página del evento', async ({ page, baseURL }) => {
  const name = `Cancelable ${uniqueWord()}`;
  const eventId = await createEvent(baseURL!, { name, status_id: 1, price_m: 1, price_w: 1 });
  const person = await newPerson(baseURL!);
  await signUpForEvent(baseURL!, person, eventId);
  await page.setViewportSize({ width: 360, height: 740 });
  await loginAsClient(page, person.email, FRESH_PASSWORD);
  await page.goto(`/evento/${eventId}`);
  await expect(page.getByText('Lugar apartado: paga para confirmarlo')).toBeVisible();
  await page.getByRole('button', { name: 'Cancelar mi lugar' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Sí, cancelar mi lugar' }).click();
  await expect(page.getByRole('button', { name: 'Participar' })).toBeVisible();
  await page.goto('/asistencias');
  await expect(
    page.getByRole('article', { name }).getByText('Cancelaste tu lugar en este evento'),
  ).toBeVisible();
});
