import { expect, test } from '@playwright/test';
import { newPerson, signUpForEvent, uniqueWord } from '../data';
import { apiContext, createEvent, FRESH_PASSWORD } from '../events-quiz/helpers';
import { E2E_ADMIN, loginAsAdmin, loginAsClient } from '../fixtures';

test.use({ viewport: { width: 360, height: 740 } });

test('the organizer reads 3 of 5 as five stars, two of them empty, named «3 de 5 estrellas»', async ({
  page,
  browser,
  baseURL,
}) => {
  const url = baseURL as string;
  const eventId = await createEvent(url, {
    name: `Noche de tres estrellas ${uniqueWord()}`,
    status_id: 1,
    price_m: 0,
    price_w: 0,
  });
  const person = await newPerson(url);
  await signUpForEvent(url, person, eventId, true);
  const api = await apiContext(url);
  const login = await api.post('/api/admin/login', { data: { access: E2E_ADMIN } });
  const { admin_id: adminId } = (await login.json()) as { admin_id: number };
  const details = await api.post('/api/event/details', { data: { admin_id: adminId, event_id: eventId } });
  const { assistance } = (await details.json()) as { assistance: { ticket: string }[] };
  const arrived = await api.post('/api/event/update', {
    data: { checkin: { event_id: eventId, code: assistance[0]?.ticket } },
  });
  expect(arrived.ok()).toBe(true);
  await api.dispose();

  await loginAsClient(page, person.email, FRESH_PASSWORD);
  await page.goto(`/valorar/${eventId}`);
  await page.getByLabel('3 estrellas').check({ force: true });
  await page.getByLabel('Comentario (opcional)').fill('Bien, sin más.');
  await page.getByRole('button', { name: 'Enviar calificación' }).click();
  await expect(page.getByText('¡Gracias! Tu calificación solo la ven los organizadores')).toBeVisible();

  const admin = await browser.newPage({ viewport: { width: 360, height: 740 } });
  await loginAsAdmin(admin);
  await admin.goto(`/admin/event/${eventId}`);
  const ratings = admin.getByRole('region', { name: 'Calificaciones' });
  const stars = ratings.getByRole('img', { name: '3 de 5 estrellas' });
  await expect(stars).toBeVisible();
  await expect(stars).toHaveText('★★★☆☆');
  // The empty stars are drawn in another colour than the filled ones, not only another glyph.
  const colours = await stars.evaluate((element) =>
    Array.from(element.children, (star) => getComputedStyle(star).color),
  );
  expect(colours).toHaveLength(5);
  expect(new Set(colours.slice(0, 3)).size).toBe(1);
  expect(new Set(colours.slice(3)).size).toBe(1);
  expect(colours[3]).not.toBe(colours[0]);
});
