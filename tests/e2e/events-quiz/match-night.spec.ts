import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import { mexicoDayAndHour } from '../../../src/shared/domain/mexico-time';
import { mailsTo } from '../../support/outbox';
import { newPerson, type Person, personApi, signUpForEvent } from '../data';
import { loginAsAdmin, loginAsClient } from '../fixtures';
import { adminApi, createEvent, FRESH_PASSWORD } from './helpers';

const PHONE = { width: 360, height: 740 };

async function call<T>(api: APIRequestContext, url: string, data: unknown): Promise<T> {
  const response = await api.post(url, { data });
  if (!response.ok()) throw new Error(`${url} failed: ${await response.text()}`);
  return (await response.json()) as T;
}

/** The person's ticket code for the event, as /asistencias holds it once confirmed. */
async function ticketOf(baseURL: string, person: Person, eventId: number): Promise<string> {
  const api = await personApi(baseURL, person);
  const { events } = await call<{ events: { event_id: number; ticket: string | null }[] }>(
    api,
    '/api/client/events/get',
    {},
  );
  await api.dispose();
  const ticket = events.find((event) => event.event_id === eventId)?.ticket;
  if (!ticket) throw new Error(`no ticket for ${person.email}`);
  return ticket;
}

async function phoneOf(browser: Browser, person: Person): Promise<Page> {
  const context = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  await loginAsClient(page, person.email, FRESH_PASSWORD);
  return page;
}

/** Taps Sí or No for one person on the match cards and waits until the server has it. */
async function choose(page: Page, person: Person, answer: 'Sí' | 'No') {
  const saved = page.waitForResponse((response) => response.url().endsWith('/api/client/picks/update'));
  const button = page
    .getByRole('group', { name: `¿Quieres volver a ver a ${person.card}?` })
    .getByRole('button', {
      name: answer,
    });
  await button.click();
  expect((await saved).ok()).toBe(true);
  await expect(button).toHaveAttribute('aria-pressed', 'true');
}

async function pickMails(email: string) {
  return (await mailsTo(process.env.E2E_DATA_DIR!, email)).filter((mail) =>
    mail.subject?.includes('volver a verte'),
  );
}

test('una noche de speed dating: rondas, elecciones en el teléfono, cierre y solo las coincidencias mutuas', async ({
  browser,
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const base = baseURL!;
  const [ana, bea, carlos, diego] = await Promise.all([
    newPerson(base, { gender: 1 }),
    newPerson(base, { gender: 1 }),
    newPerson(base, { gender: 2 }),
    newPerson(base, { gender: 2 }),
  ]);
  const name = `Speed dating de la prueba ${Date.now()}`;
  const eventId = await createEvent(base, { name, status_id: 1, price_m: 300, price_w: 300 });
  const admin = await adminApi(base);
  for (const person of [ana!, bea!, carlos!, diego!]) {
    await signUpForEvent(base, person, eventId, true);
    const code = await ticketOf(base, person, eventId);
    await call(admin, '/api/event/update', { checkin: { event_id: eventId, code } });
  }
  // Doors opened: the night started half an hour ago.
  await call(admin, '/api/event/update', {
    event: { id: eventId, name, ...mexicoDayAndHour(new Date(Date.now() - 30 * 60_000)) },
  });

  // The host's screen: the plan, then the projector view with its countdown.
  await loginAsAdmin(page);
  await page.goto(`/admin/event/${eventId}/rondas`);
  await expect(page.getByRole('heading', { name: `Rondas · ${name}` })).toBeVisible();
  await expect(page.getByText('2 rondas de 5 minutos · 4 personas que registraron su llegada')).toBeVisible();
  await expect(
    page
      .getByText(`${ana!.card} y ${carlos!.card}`)
      .or(page.getByText(`${ana!.card} y ${diego!.card}`))
      .first(),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Pantalla grande' }).click();
  await expect(page.getByText('Ronda 1 de 2')).toBeVisible();
  const timer = page.getByRole('timer', { name: 'Tiempo restante' });
  await expect(timer).toHaveText('5:00');
  await page.getByRole('button', { name: 'Iniciar' }).click();
  await expect(timer).toHaveText(/^4:5\d$/);
  await page.getByRole('button', { name: 'Pausar' }).click();
  await page.getByRole('button', { name: 'Siguiente ronda' }).click();
  await expect(page.getByText('Ronda 2 de 2')).toBeVisible();
  await expect(timer).toHaveText('5:00');
  await expect(page.getByRole('button', { name: 'Siguiente ronda' })).toBeDisabled();
  await page.getByRole('button', { name: 'Salir' }).click();
  // The same screens on the organizer's phone: nothing wider than the screen.
  await page.setViewportSize(PHONE);
  await expect(page.getByRole('heading', { name: `Rondas · ${name}` })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await page.getByRole('button', { name: 'Pantalla grande' }).click();
  await expect(timer).toBeVisible();
  await expect(page.getByRole('button', { name: 'Iniciar' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await page.getByRole('button', { name: 'Salir' }).click();
  await page.setViewportSize({ width: 1280, height: 800 });

  // Each one chooses on a phone: Ana and Carlos say Sí to each other; Bea's Sí to Diego is one-way.
  const choices: [Person, [Person, 'Sí' | 'No'][]][] = [
    [
      ana!,
      [
        [carlos!, 'Sí'],
        [diego!, 'No'],
      ],
    ],
    [
      carlos!,
      [
        [ana!, 'Sí'],
        [bea!, 'No'],
      ],
    ],
    [
      bea!,
      [
        [diego!, 'Sí'],
        [carlos!, 'No'],
      ],
    ],
    [
      diego!,
      [
        [bea!, 'No'],
        [ana!, 'No'],
      ],
    ],
  ];
  const phones = new Map<Person, Page>();
  for (const [person, answers] of choices) {
    const phone = await phoneOf(browser, person);
    phones.set(person, phone);
    // Checked in, her sign-up on /asistencias leads to the match cards.
    await phone.goto('/asistencias');
    await phone.getByRole('link', { name: 'Elegir a quién volver a ver' }).click();
    await expect(phone).toHaveURL(new RegExp(`/evento/${eventId}/elecciones$`));
    await expect(phone.getByRole('heading', { name: 'Tus elecciones' })).toBeVisible();
    for (const [other, answer] of answers) await choose(phone, other, answer);
    const width = await phone.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(PHONE.width);
  }
  // An answer survives a reload and can still change while the window is open.
  const anaPhone = phones.get(ana!)!;
  await anaPhone.reload();
  const anaForCarlos = anaPhone.getByRole('group', { name: `¿Quieres volver a ver a ${carlos!.card}?` });
  await expect(anaForCarlos.getByRole('button', { name: 'Sí' })).toHaveAttribute('aria-pressed', 'true');

  // The organizer's totals, then closing now.
  await page.goto(`/admin/event/${eventId}`);
  const night = page.getByRole('region', { name: 'La noche: rondas y elecciones' });
  await expect(night.getByText('Coincidencias mutuas').locator('..')).toContainText('1');
  await expect(night.getByText('«Sí» dados').locator('..')).toContainText('3');
  await expect(night.getByText('Tasa de coincidencia').locator('..')).toContainText('67 %');
  await night.getByRole('button', { name: 'Cerrar elecciones' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Cerrar elecciones' }).click();
  await expect(page.getByText('Elecciones cerradas: 1 coincidencia mutua')).toBeVisible();
  await expect(night.getByRole('button', { name: 'Cerrar elecciones' })).toHaveCount(0);

  // Ana and Carlos see each other in /intereses and each got an e-mail.
  for (const [person, other] of [
    [ana!, carlos!],
    [carlos!, ana!],
  ] as const) {
    const phone = phones.get(person)!;
    await phone.goto('/intereses');
    await expect(phone.getByText(other.fullName)).toBeVisible();
    await expect
      .poll(async () => (await pickMails(person.email)).map((mail) => mail.subject))
      .toEqual([`¡${other.firstName} también quiere volver a verte!`]);
  }
  // Bea's one-way Sí: nothing in either /intereses, no e-mail, nothing in the back office.
  for (const [person, other] of [
    [bea!, diego!],
    [diego!, bea!],
  ] as const) {
    const phone = phones.get(person)!;
    await phone.goto('/intereses');
    await expect(phone.getByRole('heading', { name: 'Mis intereses' })).toBeVisible();
    await expect(phone.getByText(other.fullName)).toHaveCount(0);
    await expect(phone.getByText(other.card)).toHaveCount(0);
    expect(await pickMails(person.email)).toEqual([]);
  }
  const matches = await call<{ matches: { client_a_id: number; client_b_id: number }[] }>(
    admin,
    '/api/admin/matches',
    {
      tab: 'interests',
      search: bea!.email,
    },
  );
  expect(matches.matches).toEqual([]);

  // The cards are closed now.
  await anaPhone.goto(`/evento/${eventId}/elecciones`);
  await expect(anaPhone.getByText('Las elecciones cerraron')).toBeVisible();
  await expect(anaForCarlos.getByRole('button', { name: 'No' })).toBeDisabled();
  await admin.dispose();
});
