import { expect, test } from '@playwright/test';
import { newPerson, signUpForEvent, uniqueWord } from '../data';
import { createEvent, FRESH_PASSWORD } from '../events-quiz/helpers';
import { loginAsAdmin, loginAsClient } from '../fixtures';

/** Issue 55, items 4, 6, 7 and 8: what an organizer and a member meet on a phone. */
test.use({ viewport: { width: 360, height: 740 } });

function uniqueCode(): string {
  return `E2E${uniqueWord()
    .replace(/[^A-Za-z0-9]/g, '')
    .slice(0, 12)}`.toUpperCase();
}

test('«Actualizar evento» answers beside its button, in view and focused, naming a field in Spanish', async ({
  page,
  baseURL,
}) => {
  const eventId = await createEvent(baseURL!, {
    name: `Noche al fondo ${uniqueWord()}`,
    status_id: 1,
    price_m: 300,
    price_w: 250,
  });
  await loginAsAdmin(page);
  await page.goto(`/admin/event/${eventId}`);
  const form = page.locator('form').filter({ has: page.getByRole('heading', { name: 'Actualizar evento' }) });
  const button = form.getByRole('button', { name: 'Actualizar evento' });

  await form.getByLabel('Duración (minutos)').fill('10');
  await button.click();
  const warning = form.getByRole('alert');
  await expect(warning).toHaveText('Revisa el campo «duración»: La duración mínima es de 15 minutos');
  await expect(warning).toBeInViewport();
  await expect(button).toBeInViewport();
  // The next edit clears what was said about the last press.
  await form.getByLabel('Duración (minutos)').fill('120');
  await expect(warning).toHaveCount(0);

  await button.click();
  const done = form.getByRole('status').filter({ hasText: 'Evento actualizado' });
  await expect(done).toBeInViewport();
  await expect(done.locator('xpath=..')).toBeFocused();
  await expect(page.getByRole('status').filter({ hasText: 'Evento actualizado' })).toHaveCount(1);
});

test('/admin/codigos: one feedback beside the pressed button; a kind switch clears the figure; codes switch off and name their events', async ({
  page,
  baseURL,
}) => {
  const name = `Noche con nombre ${uniqueWord()}`;
  const pastName = `Noche pasada ${uniqueWord()}`;
  await createEvent(baseURL!, { name, status_id: 1, price_m: 300, price_w: 250 });
  await createEvent(baseURL!, {
    name: pastName,
    status_id: 1,
    price_m: 300,
    price_w: 250,
    day: '2020-02-01',
  });
  const code = uniqueCode();

  await loginAsAdmin(page);
  await page.goto('/admin/codigos');
  const reward = page.getByRole('region', { name: 'Recompensa por invitación' });
  await reward.getByRole('button', { name: 'Guardar recompensa' }).click();
  const saved = reward.getByRole('status').filter({ hasText: 'Recompensa guardada' });
  await expect(saved).toBeInViewport();
  await reward.getByLabel('Días de vigencia').fill('31');
  await expect(saved).toHaveCount(0);
  await reward.getByRole('button', { name: 'Guardar recompensa' }).click();
  await expect(saved).toBeVisible();

  await page.getByRole('button', { name: 'Nuevo código' }).click();
  // Opening another form leaves no old word on the page.
  await expect(page.getByText('Recompensa guardada')).toHaveCount(0);
  const dialog = page.getByRole('dialog', { name: 'Nuevo código' });
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  const problem = dialog.getByRole('alert');
  await expect(problem).toBeVisible();
  await expect(problem).toBeInViewport();
  await dialog.getByLabel('Código (4 a 20 letras o números)').fill(code);
  await expect(problem).toHaveCount(0);

  await dialog.getByLabel('Porcentaje (1 a 100)').fill('50');
  await dialog.getByRole('radio', { name: 'Pesos' }).check();
  await expect(dialog.getByLabel('Pesos de descuento')).toHaveValue('');
  await expect(dialog.getByText('Cambiaste a pesos: borramos el porcentaje')).toBeVisible();
  await dialog.getByLabel('Pesos de descuento').fill('40');
  await expect(dialog.getByText('Cambiaste a pesos')).toHaveCount(0);

  await dialog.getByLabel('Buscar evento por nombre').fill(pastName);
  await expect(dialog.getByText('No hay eventos')).toHaveCount(0);
  await expect(dialog.getByRole('checkbox', { name: new RegExp(pastName) })).toHaveCount(0);
  await dialog.getByLabel('Buscar evento por nombre').fill(name);
  await dialog.getByRole('checkbox', { name: new RegExp(name) }).check();
  await expect(dialog.getByText(`Elegidos: ${name}`)).toBeVisible();
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText(`Código creado: ${code}`)).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: code });
  await expect(row.getByRole('cell', { name: new RegExp(`Para ${name}`) })).toBeVisible();
  await expect(row).not.toContainText('evento(s)');

  await row.getByRole('button', { name: `Editar ${code}` }).click();
  const edit = page.getByRole('dialog', { name: `Editar ${code}` });
  await edit.getByRole('checkbox', { name: /Código activo/ }).uncheck();
  await edit.getByRole('button', { name: 'Guardar' }).click();
  await expect(row.getByText('Desactivado')).toBeVisible();
  await row.getByRole('button', { name: `Editar ${code}` }).click();
  await edit.getByRole('checkbox', { name: /Código activo/ }).check();
  await edit.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText(`Código guardado: ${code}`)).toBeVisible();
  await expect(row.getByText('Desactivado')).toHaveCount(0);
});

test('the code box takes the focus, and a valid code changes her price line and the button', async ({
  page,
  browser,
  baseURL,
}) => {
  const name = `Noche con precio ${uniqueWord()}`;
  const eventId = await createEvent(baseURL!, { name, status_id: 1, price_m: 300, price_w: 720 });
  const code = uniqueCode();
  await loginAsAdmin(page);
  await page.goto('/admin/codigos');
  await page.getByRole('button', { name: 'Nuevo código' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nuevo código' });
  await dialog.getByLabel('Código (4 a 20 letras o números)').fill(code);
  await dialog.getByLabel('Porcentaje (1 a 100)').fill('20');
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText(`Código creado: ${code}`)).toBeVisible();

  const member = await browser.newPage({ viewport: { width: 360, height: 740 } });
  const person = await newPerson(baseURL!, { gender: 1 });
  await loginAsClient(member, person.email, FRESH_PASSWORD);
  await member.goto(`/evento/${eventId}`);
  await member.getByRole('button', { name: '¿Tienes un código?' }).click();
  await expect(member.getByLabel('Código de descuento')).toBeFocused();
  await member.keyboard.type(code.toLowerCase());
  await member.keyboard.press('Enter');
  const women = member.getByRole('definition').filter({ hasText: 'con el código' });
  await expect(women.locator('s')).toHaveText('$720.00 MXN');
  await expect(women).toContainText(`$576.00 MXN con el código ${code}`);
  await expect(member.getByRole('button', { name: 'Participar por $576.00 MXN' })).toBeVisible();
  // Only her line changes: the men's price stays as it is.
  await expect(member.getByRole('definition').filter({ hasText: '$300.00 MXN' }).locator('s')).toHaveCount(0);
  await member.getByRole('button', { name: 'Quitar código' }).click();
  await expect(member.getByRole('button', { name: 'Participar', exact: true })).toBeVisible();
  await expect(member.locator('s')).toHaveCount(0);
});

test('a message shows the e-mail as she gets it, and the night keeps what was sent', async ({
  page,
  baseURL,
}) => {
  const eventId = await createEvent(baseURL!, {
    name: `Noche de mensajes ${uniqueWord()}`,
    status_id: 1,
    price_m: 0,
    price_w: 0,
  });
  const person = await newPerson(baseURL!, { firstName: 'Javiera', gender: 1 });
  await signUpForEvent(baseURL!, person, eventId, true);

  await loginAsAdmin(page);
  await page.goto(`/admin/event/${eventId}`);
  const message = page.getByRole('region', { name: 'Mensaje a los asistentes' });
  await message.getByLabel('Asunto').fill('Cambio de mesa');
  await message.getByLabel('Mensaje').fill('Nos vemos en la terraza.');
  await message.getByRole('button', { name: 'Vista previa y conteo' }).click();
  const mail = message.locator('pre');
  await expect(mail).toContainText(/^Hola Javiera:\s+Nos vemos en la terraza\.\s+\S+\/evento\/\d+\s+Cita$/);
  await expect(message.getByText('Así le llega a Javiera por correo:')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

  await message.getByLabel('Mensaje').fill('Hola, nos vemos en la terraza.');
  await message.getByRole('button', { name: 'Vista previa y conteo' }).click();
  await expect(mail).toContainText(/^Hola, nos vemos en la terraza\./);
  await expect(mail).not.toContainText('Hola Javiera:');
  await expect(
    message.getByText('Tu mensaje empieza con un saludo: el correo no agrega «Hola Javiera:».'),
  ).toBeVisible();

  await expect(message.getByText('Todavía no se ha enviado ninguno sobre esta noche.')).toBeVisible();
  await message.getByRole('button', { name: 'Enviar a 1 persona' }).click();
  await page.getByRole('button', { name: 'Enviar', exact: true }).click();
  await expect(message.getByRole('status')).toHaveText('Mensaje enviado a 1 persona');
  const sent = message.getByRole('list', { name: 'Mensajes enviados' }).getByRole('listitem');
  await expect(sent).toHaveCount(1);
  await expect(sent).toContainText(/«Cambio de mesa» · .+ · Confirmados · 1 persona/);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
});
