import { expect, test } from '@playwright/test';
import { dayInMexicoCity } from '../../../src/shared/domain/mexico-time';
import { addPhoto, call, moderatePhoto, newPerson, personApi, signUpForEvent, uniqueWord } from '../data';
import { createEvent, laterToday } from '../events-quiz/helpers';
import { loginAsAdmin } from '../fixtures';

test.use({ viewport: { width: 360, height: 740 } });

test('en la entrada, tras registrar su llegada, su foto principal se ve grande y «Coincide» la verifica en persona', async ({
  page,
  baseURL,
}) => {
  const eventId = await createEvent(baseURL!, {
    name: `Entrada verificada ${uniqueWord()}`,
    status_id: 1,
    price_m: 1,
    price_w: 1,
    ...laterToday(),
    venue: 'Terraza Luna',
  });
  const guest = await newPerson(baseURL!, { gender: 1 });
  await moderatePhoto(baseURL!, await addPhoto(baseURL!, guest), { status_id: 2 });
  await signUpForEvent(baseURL!, guest, eventId, true);
  const api = await personApi(baseURL!, guest);
  const { events } = await call<{ events: { event_id: number; door_code: string | null }[] }>(
    api,
    '/api/client/events/get',
    {},
  );
  const code = events.find((event) => event.event_id === eventId)!.door_code!;

  await loginAsAdmin(page);
  await page.goto(`/admin/event/${eventId}/entrada`);
  await page.getByLabel('Código del boleto').fill(code);
  await page.getByRole('button', { name: 'Registrar', exact: true }).click();
  const photo = page.getByRole('img', { name: `Foto principal de ${guest.fullName}` });
  await expect(photo).toBeVisible();
  expect((await photo.boundingBox())!.width).toBeGreaterThan(280);
  await page.getByRole('button', { name: 'Coincide', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Anotado: coincide con su foto' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

  const { in_person: inPerson } = await call<{ in_person: { month: string; event: string } | null }>(
    api,
    '/api/client/verification/get',
    {},
  );
  await api.dispose();
  expect(inPerson).toEqual({
    month: dayInMexicoCity().slice(0, 7),
    event: expect.stringContaining('Entrada verificada'),
  });
});
