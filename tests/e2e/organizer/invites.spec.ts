import { expect, type Page, test } from '@playwright/test';
import { newPerson, type Person, signUpForEvent, uniqueWord } from '../data';
import { createEvent, FRESH_PASSWORD } from '../events-quiz/helpers';
import { loginAsAdmin, loginAsClient } from '../fixtures';

/** Design.md §25 "Bring someone" on a phone: the link, a sign-up through it, her first night, the code. */
const PHONE = { width: 360, height: 740 };
test.use({ viewport: PHONE });

async function fitsThePhone(page: Page, what: string): Promise<void> {
  const { scrollWidth, clientWidth } = await page.evaluate(() => {
    const root = document.scrollingElement as Element;
    return { scrollWidth: root.scrollWidth, clientWidth: root.clientWidth };
  });
  expect(scrollWidth, what).toBeLessThanOrEqual(clientWidth);
}

test('ella comparte su enlace, quien se registra con él llega a su primera noche y ella gana un código', async ({
  browser,
  baseURL,
}) => {
  // The admin sets the reward in the back office's "Códigos".
  const adminPage = await browser.newPage({ viewport: PHONE });
  await loginAsAdmin(adminPage);
  await adminPage.goto('/admin/codigos');
  const reward = adminPage.getByRole('region', { name: 'Recompensa por invitación' });
  await reward.getByLabel('Recompensa activa').check();
  await reward.getByRole('radio', { name: 'Porcentaje' }).check();
  await reward.getByLabel('Porcentaje (1 a 100)').fill('50');
  await reward.getByLabel('Días de vigencia').fill('30');
  await reward.getByRole('button', { name: 'Guardar recompensa' }).click();
  await expect(reward.getByText('Recompensa guardada y activa')).toBeVisible();
  await fitsThePhone(adminPage, '/admin/codigos con la recompensa');

  // She opens "Trae a alguien" from her menu and copies her link.
  const inviter = await newPerson(baseURL!, { gender: 1 });
  const inviterContext = await browser.newContext({
    viewport: PHONE,
    permissions: ['clipboard-read', 'clipboard-write'],
  });
  const page = await inviterContext.newPage();
  await loginAsClient(page, inviter.email, FRESH_PASSWORD);
  // On a phone the menu is folded: opening it shows her pages at once.
  await page.getByRole('button', { name: 'Abrir menú' }).click();
  await page
    .getByRole('list', { name: 'Menú de usuario' })
    .getByRole('link', { name: 'Trae a alguien' })
    .click();
  await expect(page).toHaveURL(/\/invitar$/);
  await expect(page.getByRole('heading', { name: 'Trae a alguien' })).toBeVisible();
  await expect(page.getByText('50 % de descuento')).toBeVisible();
  await page.getByRole('button', { name: 'Copiar enlace' }).click();
  await expect(page.getByText('¡Enlace copiado! Pégalo en un mensaje.')).toBeVisible();
  const link = await page.evaluate(() => navigator.clipboard.readText());
  expect(link).toMatch(/\/registrarse\?invita=[A-Za-z0-9_-]{22}$/);
  await expect(page.getByLabel('Tu enlace para invitar')).toHaveValue(link);
  await expect(page.getByText('Todavía no ganas códigos')).toBeVisible();
  await fitsThePhone(page, '/invitar');

  // A new person opens the link and creates her account.
  const newcomerPage = await browser.newPage({ viewport: PHONE });
  await newcomerPage.goto(link);
  await expect(newcomerPage.getByText('Vienes con una invitación')).toBeVisible();
  const firstName = uniqueWord();
  const lastName = uniqueWord();
  const email = `${firstName}.${lastName}.${Date.now()}@e2e.mx`.toLowerCase();
  await newcomerPage.getByLabel('Nombre').fill(firstName);
  await newcomerPage.getByLabel('Apellido').fill(lastName);
  await newcomerPage.getByLabel('Correo electrónico').fill(email);
  await newcomerPage.getByLabel('Teléfono').fill('5587654321');
  await newcomerPage.getByLabel('Fecha de nacimiento').fill('1994-08-20');
  await newcomerPage.getByLabel('Contraseña').fill(FRESH_PASSWORD);
  await newcomerPage.getByRole('checkbox').check();
  await fitsThePhone(newcomerPage, '/registrarse con invitación');
  await newcomerPage.getByRole('button', { name: 'Crear cuenta' }).click();
  await expect(newcomerPage).toHaveURL(/\/intereses$/);
  await page.reload();
  await expect(page.getByRole('definition').first()).toHaveText('1');

  // She comes to a night: confirmed, then checked in at the door by the admin.
  const night = `Primera noche ${uniqueWord()}`;
  const nightId = await createEvent(baseURL!, { name: night, status_id: 1, price_m: 0, price_w: 0 });
  const newcomer = { email, firstName, lastName, fullName: `${firstName} ${lastName}` } as Person;
  await signUpForEvent(baseURL!, newcomer, nightId, true);
  await adminPage.goto(`/admin/event/${nightId}/entrada`);
  await adminPage.getByLabel('Buscar por nombre').fill(firstName);
  await adminPage
    .getByRole('listitem', { name: newcomer.fullName })
    .getByRole('button', { name: 'Registrar llegada' })
    .click();
  await expect(adminPage.getByRole('status').filter({ hasText: newcomer.fullName })).toContainText(
    'Llegada registrada',
  );

  // The inviter sees the code she earned, and its price on a night she wants to go to.
  await page.reload();
  const earned = page.getByRole('listitem', { name: /^Código INVITA/ });
  await expect(earned).toContainText('Disponible');
  await expect(earned).toContainText(`Por invitar a ${firstName}`);
  await expect(page.getByRole('definition').nth(1)).toHaveText('1');
  await fitsThePhone(page, '/invitar con un código');
  const code = (await earned.getAttribute('aria-label'))!.replace('Código ', '');
  const paidId = await createEvent(baseURL!, {
    name: `Noche con invitación ${uniqueWord()}`,
    status_id: 1,
    price_m: 300,
    price_w: 250,
  });
  await page.goto(`/evento/${paidId}`);
  await page.getByRole('button', { name: '¿Tienes un código?' }).click();
  await page.getByLabel('Código de descuento').fill(code.toLowerCase());
  await page.getByRole('button', { name: 'Aplicar' }).click();
  await expect(page.getByText(/pagas \$125\.00 MXN en lugar de \$250\.00 MXN/)).toBeVisible();
  await fitsThePhone(page, 'la página del evento con el código ganado');

  // Typed by the person she brought, it is refused: it is personal.
  await newcomerPage.goto(`/evento/${paidId}`);
  await newcomerPage.getByRole('button', { name: '¿Tienes un código?' }).click();
  await newcomerPage.getByLabel('Código de descuento').fill(code);
  await newcomerPage.getByRole('button', { name: 'Aplicar' }).click();
  await expect(newcomerPage.getByText('Este código es personal de otra persona')).toBeVisible();
  await inviterContext.close();
  await newcomerPage.close();
  await adminPage.close();
});
