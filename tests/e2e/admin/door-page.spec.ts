import { expect, test } from '@playwright/test';
import { call, newPerson, personApi, signUpForEvent, uniqueWord } from '../data';
import { createEvent, laterToday } from '../events-quiz/helpers';
import { loginAsAdmin } from '../fixtures';

/** The short code printed on her ticket, as her own /asistencias reads it ('K7QM-4D2X'). */
async function doorCodeOf(baseURL: string, person: Awaited<ReturnType<typeof newPerson>>, eventId: number) {
  const api = await personApi(baseURL, person);
  const { events } = await call<{ events: { event_id: number; door_code: string | null }[] }>(
    api,
    '/api/client/events/get',
    {},
  );
  await api.dispose();
  return events.find((event) => event.event_id === eventId)!.door_code!;
}

test.use({ viewport: { width: 360, height: 740 } });

test('en la entrada el código tecleado con espacio registra, la caja queda lista para la siguiente y la repetición dice quién y cuándo', async ({
  page,
  baseURL,
}) => {
  const eventId = await createEvent(baseURL!, {
    name: `Entrada de hoy ${uniqueWord()}`,
    status_id: 1,
    price_m: 1,
    price_w: 1,
    ...laterToday(),
    venue: 'Terraza Luna',
  });
  const guest = await newPerson(baseURL!, { gender: 2 });
  const second = await newPerson(baseURL!, { gender: 1 });
  await signUpForEvent(baseURL!, guest, eventId, true);
  await signUpForEvent(baseURL!, second, eventId, true);
  const code = await doorCodeOf(baseURL!, guest, eventId);

  await loginAsAdmin(page);
  await page.goto(`/admin/event/${eventId}/entrada`);
  await expect(page.getByRole('heading', { name: 'Entrada' })).toBeVisible();
  // The night it is for, and no warning on its own day.
  await expect(page.getByText(/· Terraza Luna$/)).toBeVisible();
  await expect(page.getByText(/hoy todavía no es el día|Este evento fue el/)).toHaveCount(0);

  const box = page.getByLabel('Código del boleto');
  // Typed in its two groups, as read aloud: «mjyy kpcd».
  await box.fill(code.replace('-', ' ').toLowerCase());
  await page.getByRole('button', { name: 'Registrar', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: guest.fullName })).toContainText(
    'Llegada registrada',
  );
  // Ready for the next guest: empty and still where the staff type.
  await expect(box).toHaveValue('');
  await expect(box).toBeFocused();

  await box.fill(code);
  await page.getByRole('button', { name: 'Registrar', exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText(
    new RegExp(`^${guest.fullName} ya registró su llegada a las? \\d{1,2}:\\d{2} [ap]\\.m\\.$`),
  );
  // A refused code stays, selected, to be corrected or typed over.
  await expect(box).toHaveValue(code);
  await expect(box).toBeFocused();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
});

test('la entrada de un evento de otro día lo dice antes de registrar a nadie', async ({ page, baseURL }) => {
  const eventId = await createEvent(baseURL!, {
    name: `Entrada futura ${uniqueWord()}`,
    status_id: 1,
    price_m: 1,
    price_w: 1,
    day: '2031-05-20',
  });
  await loginAsAdmin(page);
  await page.goto(`/admin/event/${eventId}/entrada`);
  await expect(page.getByText('martes 20 de mayo de 2031, 7:30 p.m.')).toBeVisible();
  await expect(
    page.getByText(
      'Este evento es el martes 20 de mayo de 2031: hoy todavía no es el día. Revisa que sea el evento correcto antes de registrar llegadas.',
    ),
  ).toBeVisible();
});
