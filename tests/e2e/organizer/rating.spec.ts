import path from 'node:path';
import { expect, test } from '@playwright/test';
import SQLite from 'better-sqlite3';
import { mexicoDayAndHour } from '../../../src/shared/domain/mexico-time';
import { e2eDataDir } from '../account/helpers';
import { newPerson, signUpForEvent, uniqueWord } from '../data';
import { apiContext, createEvent, FRESH_PASSWORD } from '../events-quiz/helpers';
import { E2E_ADMIN, loginAsClient } from '../fixtures';

test.use({ viewport: { width: 360, height: 740 } });

/** A night she came to, already over: signed up, confirmed, checked in, then moved to yesterday. */
async function nightSheCameTo(baseURL: string, name: string) {
  const eventId = await createEvent(baseURL, {
    name,
    status_id: 1,
    price_m: 0,
    price_w: 0,
    venue: 'Casa Lamm',
  });
  const guest = await newPerson(baseURL);
  const absent = await newPerson(baseURL);
  await signUpForEvent(baseURL, guest, eventId, true);
  await signUpForEvent(baseURL, absent, eventId, true);
  const api = await apiContext(baseURL);
  const login = await api.post('/api/admin/login', { data: { access: E2E_ADMIN } });
  const { admin_id: adminId } = (await login.json()) as { admin_id: number };
  const details = await api.post('/api/event/details', { data: { admin_id: adminId, event_id: eventId } });
  const { assistance } = (await details.json()) as { assistance: { client_id: number; ticket: string }[] };
  const ticket = assistance.find((place) => place.client_id === guest.id)!.ticket;
  expect(
    (await api.post('/api/event/update', { data: { checkin: { event_id: eventId, code: ticket } } })).ok(),
  ).toBe(true);
  await api.dispose();
  // The night goes by: the same row the organizer made, a day earlier (no API moves a night back).
  const yesterday = mexicoDayAndHour(new Date(Date.now() - 24 * 3600_000)).day;
  const db = new SQLite(path.join(e2eDataDir(), 'cita.sqlite'), { fileMustExist: true });
  db.prepare('update events set day = ? where id = ?').run(yesterday, eventId);
  db.close();
  return { eventId, guest, absent };
}

test('tras la noche: /asistencias lleva a calificarla, la página la nombra, guarda y muestra la calificación anterior', async ({
  page,
  baseURL,
}) => {
  const name = `Noche para calificar ${uniqueWord()}`;
  const { eventId, guest } = await nightSheCameTo(baseURL!, name);
  await loginAsClient(page, guest.email, FRESH_PASSWORD);
  await page.goto('/asistencias');
  await page.getByRole('article', { name }).getByRole('link', { name: 'Calificar la noche' }).click();
  await expect(page).toHaveURL(new RegExp(`/valorar/${eventId}$`));
  await expect(page.getByText(name)).toBeVisible();
  await expect(page.getByText(/· Casa Lamm$/)).toBeVisible();

  await page.getByLabel('4 estrellas').check({ force: true });
  await page.getByLabel('Comentario (opcional)').fill('Buena música, volvería.');
  const send = page.getByRole('button', { name: 'Enviar calificación' });
  await send.click();
  await expect(page.getByText('¡Gracias! Tu calificación solo la ven los organizadores')).toBeVisible();
  // Sent: nothing to send again until she changes something.
  await expect(page.getByRole('button', { name: 'Cambiar calificación' })).toBeDisabled();

  await page.reload();
  await expect(page.getByText(/^La calificaste el .+; si la cambias, se reemplaza\.$/)).toBeVisible();
  await expect(page.getByLabel('4 estrellas')).toBeChecked();
  await expect(page.getByLabel('Comentario (opcional)')).toHaveValue('Buena música, volvería.');
  await expect(page.getByRole('button', { name: 'Cambiar calificación' })).toBeDisabled();
  await page.getByLabel('5 estrellas').check({ force: true });
  await expect(page.getByRole('button', { name: 'Cambiar calificación' })).toBeEnabled();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
});

test('quien no llegó a la noche lo lee antes de llenar nada', async ({ page, baseURL }) => {
  const name = `Noche sin llegar ${uniqueWord()}`;
  const { eventId, absent } = await nightSheCameTo(baseURL!, name);
  await loginAsClient(page, absent.email, FRESH_PASSWORD);
  await page.goto(`/valorar/${eventId}`);
  await expect(page.getByText(name)).toBeVisible();
  await expect(page.getByRole('alert')).toHaveText('Solo puede calificar la noche quien llegó al evento.');
  await expect(page.getByLabel('4 estrellas')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Enviar calificación' })).toHaveCount(0);
  await page.goto('/asistencias');
  await expect(
    page.getByRole('article', { name }).getByRole('link', { name: 'Calificar la noche' }),
  ).toHaveCount(0);
});
