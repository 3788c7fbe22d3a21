import { expect, type Page, test } from '@playwright/test';
import { lastMailTo } from '../../support/outbox';
import { e2eDataDir } from '../account/helpers';
import { newPerson, signUpForEvent, uniqueWord } from '../data';
import { apiContext, createEvent, FRESH_PASSWORD } from '../events-quiz/helpers';
import { E2E_ADMIN, loginAsAdmin, loginAsClient } from '../fixtures';

/** Design.md §25 on a phone: news and messages, the night's rating, the night's numbers. */
test.use({ viewport: { width: 360, height: 740 } });

async function fitsThePhone(page: Page): Promise<void> {
  const { scrollWidth, clientWidth } = await page.evaluate(() => {
    const root = document.scrollingElement as Element;
    return { scrollWidth: root.scrollWidth, clientWidth: root.clientWidth };
  });
  expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
}

test('news: she asks for it, the admin previews, counts and sends, she leaves with one click', async ({
  page,
  browser,
  baseURL,
}) => {
  const person = await newPerson(baseURL as string);
  await loginAsClient(page, person.email, FRESH_PASSWORD);
  await page.goto('/configuracion');
  const news = page.getByRole('switch', { name: 'Quiero recibir novedades de eventos' });
  await expect(news).not.toBeChecked();
  await news.click();
  await expect(page.getByText('Listo: te escribiremos cuando haya eventos nuevos')).toBeVisible();
  await expect(news).toBeChecked();
  await fitsThePhone(page);

  const admin = await browser.newPage({ viewport: { width: 360, height: 740 } });
  await loginAsAdmin(admin);
  const form = admin.getByRole('region', { name: 'Novedades a quienes las pidieron' });
  const title = `Noches nuevas ${uniqueWord()}`;
  await form.getByLabel('Asunto').fill(title);
  await form.getByLabel('Mensaje').fill('Esta semana abrimos dos noches en la Roma.');
  await form.getByRole('button', { name: 'Vista previa y conteo' }).click();
  await expect(form.getByRole('status')).toContainText(/Llegará a \d+ personas/);
  // The preview is the e-mail, news' unsubscribe line included.
  await expect(form.locator('pre')).toContainText('Esta semana abrimos dos noches en la Roma.');
  await expect(form.locator('pre')).toContainText(
    'Date de baja aquí: (su enlace personal para darse de baja)',
  );
  await form.getByRole('button', { name: /^Enviar a \d+ personas$/ }).click();
  await admin.getByRole('button', { name: 'Enviar', exact: true }).click();
  await expect(form.getByRole('status')).toContainText(/Mensaje enviado a \d+ personas/);
  await fitsThePhone(admin);

  const mail = await lastMailTo(
    e2eDataDir(),
    person.email,
    (candidate) => candidate.subject === title,
    15_000,
  );
  const link = /https?:\/\/[^/\s]+(\/novedades\/baja\?c=\d+&t=[0-9a-f]{64})/.exec(mail.text ?? '');
  expect(link).not.toBeNull();
  // A visitor's browser: the link works without logging in.
  const visitor = await browser.newPage({ viewport: { width: 360, height: 740 } });
  await visitor.goto(link?.[1] ?? '/');
  await visitor.getByRole('button', { name: 'Dejar de recibir novedades' }).click();
  await expect(visitor.getByText('Listo: ya no recibirás novedades de eventos')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('switch', { name: 'Quiero recibir novedades de eventos' })).not.toBeChecked();
});

test('after the night: she rates it, the organizer sees the rating, the numbers and writes to who came', async ({
  page,
  browser,
  baseURL,
}) => {
  const url = baseURL as string;
  const name = `Noche calificada ${uniqueWord()}`;
  const eventId = await createEvent(url, { name, status_id: 1, price_m: 0, price_w: 0 });
  const person = await newPerson(url);
  await signUpForEvent(url, person, eventId, true);
  const api = await apiContext(url);
  const login = await api.post('/api/admin/login', { data: { access: E2E_ADMIN } });
  const { admin_id: adminId } = (await login.json()) as { admin_id: number };
  // The admin's id in the body asks for the back office's answer, with the tickets.
  const details = await api.post('/api/event/details', { data: { admin_id: adminId, event_id: eventId } });
  const { assistance } = (await details.json()) as { assistance: { ticket: string }[] };
  const arrived = await api.post('/api/event/update', {
    data: { checkin: { event_id: eventId, code: assistance[0]?.ticket } },
  });
  expect(arrived.ok()).toBe(true);

  await loginAsClient(page, person.email, FRESH_PASSWORD);
  await page.goto(`/valorar/${eventId}`);
  await expect(page.getByRole('heading', { name: '¿Cómo estuvo la noche?' })).toBeVisible();
  await page.getByLabel('4 estrellas').check({ force: true });
  await page.getByLabel('Comentario (opcional)').fill('Buena música, volvería.');
  await page.getByRole('button', { name: 'Enviar calificación' }).click();
  await expect(page.getByText('¡Gracias! Tu calificación solo la ven los organizadores')).toBeVisible();
  await fitsThePhone(page);

  const admin = await browser.newPage({ viewport: { width: 360, height: 740 } });
  await loginAsAdmin(admin);
  await admin.goto(`/admin/event/${eventId}`);
  const ratings = admin.getByRole('region', { name: 'Calificaciones' });
  await expect(ratings).toContainText('Promedio 4.0 de 5');
  await expect(ratings).toContainText('1 calificación');
  await expect(ratings).toContainText('Buena música, volvería.');
  const report = admin.getByRole('region', { name: 'Números del evento' });
  await expect(report).toContainText('Confirmados1 (mujeres 1 · hombres 0 · LGBTQ+ 0)');
  await expect(report).toContainText('Descuentos por código');
  await expect(report.getByRole('link', { name: 'Números en CSV' })).toHaveAttribute(
    'href',
    `/api/event/report.csv?event_id=${eventId}`,
  );

  const message = admin.getByRole('region', { name: 'Mensaje a los asistentes' });
  await message.getByLabel('Para').selectOption({ label: 'Llegaron' });
  await message.getByLabel('Asunto').fill('Gracias por venir');
  await message.getByLabel('Mensaje').fill('Nos vemos en la próxima.');
  await message.getByRole('button', { name: 'Vista previa y conteo' }).click();
  await expect(message.getByRole('status')).toHaveText('Llegará a 1 persona');
  await message.getByRole('button', { name: 'Enviar a 1 persona' }).click();
  await admin.getByRole('button', { name: 'Enviar', exact: true }).click();
  await expect(message.getByRole('status')).toHaveText('Mensaje enviado a 1 persona');
  await fitsThePhone(admin);
  const mail = await lastMailTo(
    e2eDataDir(),
    person.email,
    (candidate) => candidate.subject === 'Gracias por venir',
    15_000,
  );
  expect(mail.text).toContain('Nos vemos en la próxima.');
});

test('the dashboard shows the ratings trend by venue', async ({ page }) => {
  await loginAsAdmin(page);
  const trend = page.getByRole('region', { name: 'Calificaciones por lugar' });
  await expect(trend).toContainText('Café Tacubaya: última noche 4.2 de 5');
  await expect(trend.getByRole('img', { name: /Promedio de calificación por noche/ })).toBeVisible();
  await fitsThePhone(page);
});
