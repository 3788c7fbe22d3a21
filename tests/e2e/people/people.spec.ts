import { expect, type Page, test } from '@playwright/test';
import { lastMailTo } from '../../support/outbox';
import { anyPhoneForm, newPerson, publishAdvert } from '../data';
import { FRESH_PASSWORD, registerFreshClient } from '../events-quiz/helpers';
import { loginAsClient } from '../fixtures';

/** A demo client (src/server/seed/demo-content.ts) with a visible advert, only read here. */
const DEMO_DIEGO = { card: 'Diego M.', phone: '5512345604' };

function adverts(page: Page) {
  return page.getByRole('list', { name: 'Anuncios' }).getByRole('listitem');
}

/** Opens the panel of the advert card `name`, paging with 'Ver más' until it is listed (other
 * tests publish adverts too, so a demo advert is not always on the first page). */
async function openProfile(page: Page, name: string) {
  const card = adverts(page).filter({ hasText: name });
  const more = page.getByRole('button', { name: 'Ver más' });
  await expect(adverts(page).first()).toBeVisible();
  while ((await card.count()) === 0) {
    const shown = await adverts(page).count();
    await more.click();
    await expect(adverts(page)).not.toHaveCount(shown);
  }
  await card.getByRole('button', { name: 'Ver perfil' }).click();
  const panel = page.getByRole('dialog', { name });
  await expect(panel).toBeVisible();
  return panel;
}

test('un visitante pagina /personas, filtra por género y abre el perfil completo en el panel lateral', async ({
  page,
}) => {
  await page.goto('/personas');
  await expect(page.getByRole('heading', { level: 1, name: 'Personas' })).toBeVisible();
  await expect(page).toHaveTitle(/Personas/);
  const filters = page.getByRole('group', { name: 'Qué personas ver' });
  await expect(filters.getByRole('button', { name: 'Todos' })).toHaveAttribute('aria-pressed', 'true');

  // Six a page, newest first: the first demo advert (Mariana's) is past the first page; other
  // tests publish adverts of their own, so how many pages there are is not fixed.
  await expect(adverts(page)).toHaveCount(6);
  const shownOf = await page.getByText(/^Mostrando 6 de \d+$/).textContent();
  const total = Number(/de (\d+)$/.exec(shownOf ?? '')?.[1]);
  expect(total).toBeGreaterThan(6);
  await expect(adverts(page).filter({ hasText: 'Mariana L.' })).toHaveCount(0);
  const more = page.getByRole('button', { name: 'Ver más' });
  while (await more.isVisible()) {
    const shown = await adverts(page).count();
    await more.click();
    await expect(adverts(page)).not.toHaveCount(shown);
  }
  await expect(adverts(page)).toHaveCount(total);
  await expect(adverts(page).filter({ hasText: 'Mariana L.' })).toBeVisible();

  await filters.getByRole('button', { name: 'Hombre' }).click();
  await expect(page).toHaveURL(/\/personas\?genero=2$/);
  await expect(filters.getByRole('button', { name: 'Hombre' })).toHaveAttribute('aria-pressed', 'true');
  await expect(adverts(page).filter({ hasText: 'Carlos H.' })).toBeVisible();
  await expect(adverts(page).filter({ hasText: 'Mariana L.' })).toHaveCount(0);
  for (const card of await adverts(page).all()) await expect(card).toContainText('Hombre');

  await filters.getByRole('button', { name: 'LGBTQ+' }).click();
  await expect(adverts(page)).toHaveCount(2);
  await expect(adverts(page).filter({ hasText: 'Alex T.' })).toBeVisible();
  await expect(adverts(page).filter({ hasText: 'Sam N.' })).toBeVisible();

  await filters.getByRole('button', { name: 'Hombre' }).click();
  // The men's list has replaced the LGBTQ+ one before looking for Diego's card in it.
  await expect(adverts(page).filter({ hasText: 'Alex T.' })).toHaveCount(0);
  await expect(adverts(page).filter({ hasText: 'Carlos H.' })).toBeVisible();
  const panel = await openProfile(page, DEMO_DIEGO.card);
  await expect(panel).toContainText('Chef');
  await expect(panel).toContainText('Hombre');
  await expect(panel).toContainText(/\d+ años/);
  await expect(panel).toContainText('Cocino para vivir y vivo para cocinar. Te invito a probar mi mole.');
  await expect(panel.getByRole('button', { name: 'Me interesa' })).toBeVisible();
  // Public page: no contact data, not even in the panel.
  await expect(page.locator('body')).not.toContainText(anyPhoneForm(DEMO_DIEGO.phone));
  await expect(page.locator('body')).not.toContainText('chef.diego');
  await panel.getByRole('button', { name: 'Cerrar' }).click();
  await expect(panel).toBeHidden();
});

test('un visitante que pulsa «Me interesa» va a /ingresar', async ({ page }) => {
  await page.goto('/personas?genero=1');
  const panel = await openProfile(page, 'Sofía R.');
  await panel.getByRole('button', { name: 'Me interesa' }).click();
  await expect(page).toHaveURL(/\/ingresar\?motivo=interes&volver=%2Fpersonas%3Fgenero%3D1%26anuncio%3D\d+$/);
});

test('en su propio anuncio no hay botón de interés; en un interés existente se dice', async ({ page }) => {
  await loginAsClient(page);
  await page.goto('/personas?genero=1');
  const own = await openProfile(page, 'Mariana L.');
  await expect(own).toContainText('Este es tu anuncio.');
  await expect(own.getByRole('button', { name: 'Me interesa' })).toHaveCount(0);
  await own.getByRole('button', { name: 'Cerrar' }).click();

  // The demo client and Carlos are a mutual pair in the demo content.
  await page.getByRole('group', { name: 'Qué personas ver' }).getByRole('button', { name: 'Hombre' }).click();
  // The men's list has replaced the women's before paging through it for Carlos's card.
  await expect(adverts(page).filter({ hasText: 'Mujer' })).toHaveCount(0);
  const carlos = await openProfile(page, 'Carlos H.');
  await expect(carlos).toContainText('Ya te interesa Carlos H.');
  await expect(carlos.getByRole('button', { name: 'Me interesa' })).toHaveCount(0);
});

test('interés de ida y vuelta: las dos personas lo ven como mutuo, y quitarlo pide confirmación', async ({
  page,
  browser,
  baseURL,
}) => {
  // Two people of this test's own, each with a published advert and no interest yet.
  const DANIELA = await newPerson(baseURL!, { gender: 1 });
  const DIEGO = await newPerson(baseURL!, { gender: 2 });
  await publishAdvert(baseURL!, DANIELA, 'Me gusta correr por Chapultepec los sábados.');
  await publishAdvert(baseURL!, DIEGO, 'Cocino para vivir y vivo para cocinar.');

  // Daniela marks interest in Diego: one-way.
  await loginAsClient(page, DANIELA.email, FRESH_PASSWORD);
  await page.goto('/personas?genero=2');
  await (await openProfile(page, DIEGO.card)).getByRole('button', { name: 'Me interesa' }).click();
  await expect(page).toHaveURL(/\/intereses$/);
  const danielaOneWay = page.getByRole('list', { name: 'Me interesan' });
  await expect(danielaOneWay.getByRole('listitem').filter({ hasText: DIEGO.card })).toBeVisible();

  // Diego marks interest back, in his own browser: mutual, her contact still hers to share.
  const diegoContext = await browser.newContext({ baseURL });
  const diego = await diegoContext.newPage();
  await loginAsClient(diego, DIEGO.email, FRESH_PASSWORD);
  await diego.goto('/personas?genero=1');
  await (await openProfile(diego, DANIELA.card)).getByRole('button', { name: 'Me interesa' }).click();
  await expect(diego).toHaveURL(/\/intereses$/);
  const diegoMutual = diego.getByRole('list', { name: 'Es mutuo' }).getByRole('listitem');
  await expect(diegoMutual.filter({ hasText: DANIELA.fullName })).toBeVisible();
  await expect(diegoMutual.filter({ hasText: DANIELA.fullName })).not.toContainText(
    anyPhoneForm(DANIELA.phone),
  );

  // The mail is sent by the queue after the answer: wait for that one, not whichever came last.
  const mutualSubject = `${DIEGO.fullName} y tú tienen un interés mutuo`;
  const mail = await lastMailTo(process.env.E2E_DATA_DIR!, DANIELA.email, (candidate) =>
    (candidate.subject ?? '').includes('interés mutuo'),
  );
  expect(mail.subject).toBe(mutualSubject);

  // Daniela sees it as mutual too.
  await page.reload();
  const danielaMutual = page.getByRole('list', { name: 'Es mutuo' }).getByRole('listitem');
  const pair = danielaMutual.filter({ hasText: DIEGO.fullName });
  await expect(pair).toContainText('Es mutuo');
  await expect(pair).not.toContainText(anyPhoneForm(DIEGO.phone));
  await expect(pair.getByRole('link', { name: 'Mensaje' })).toBeVisible();
  await expect(danielaOneWay.getByRole('listitem').filter({ hasText: DIEGO.card })).toHaveCount(0);

  // Cancelling keeps it; confirming withdraws Daniela's side.
  await pair.getByRole('button', { name: 'Quitar interés' }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText(`¿Deseas eliminar el interés en ${DIEGO.fullName}?`);
  await confirm.getByRole('button', { name: 'Cancelar' }).click();
  await expect(pair).toBeVisible();
  await pair.getByRole('button', { name: 'Quitar interés' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Eliminar' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: `Quitaste tu interés en ${DIEGO.card}` }),
  ).toBeVisible();
  await expect(page.getByText(DIEGO.fullName)).toHaveCount(0);

  // Diego's interest stays, now one-way; he removes it from that list.
  await diego.reload();
  const diegoOneWay = diego.getByRole('list', { name: 'Me interesan' }).getByRole('listitem');
  const left = diegoOneWay.filter({ hasText: DANIELA.card });
  await expect(left).toBeVisible();
  await expect(left).not.toContainText(anyPhoneForm(DANIELA.phone));
  await left.getByRole('button', { name: 'Quitar interés' }).click();
  await expect(diego.getByRole('alertdialog')).toContainText(
    `¿Deseas eliminar el interés en ${DANIELA.card}?`,
  );
  await diego.getByRole('alertdialog').getByRole('button', { name: 'Eliminar' }).click();
  await expect(diegoOneWay.filter({ hasText: DANIELA.card })).toHaveCount(0);
  await diegoContext.close();
});

test('sin intereses, /intereses muestra el mensaje vacío y lleva a /personas', async ({ page, baseURL }) => {
  const client = await registerFreshClient(baseURL!, 'Solitaria');
  await loginAsClient(page, client.email, FRESH_PASSWORD);
  await expect(page.getByRole('heading', { level: 1, name: 'Mis intereses' })).toBeVisible();
  await expect(
    page.getByText('No hay personas de tu interés, busca personas que te puedan interesar.'),
  ).toBeVisible();
  await page.getByRole('link', { name: 'busca personas que te puedan interesar' }).click();
  await expect(page).toHaveURL(/\/personas$/);
});

test('/intereses pide iniciar sesión a un visitante', async ({ page }) => {
  await page.goto('/intereses');
  await expect(page).toHaveURL(/\/ingresar$/);
});

test('/personas, su panel y /intereses caben en un teléfono de 360 px', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await loginAsClient(page);
  await expect(page.getByRole('list', { name: 'Es mutuo' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth), '/intereses').toBeLessThanOrEqual(
    360,
  );
  await page.goto('/personas?vista=todos');
  await expect(adverts(page).first()).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth), '/personas').toBeLessThanOrEqual(
    360,
  );
  const panel = await openProfile(page, 'Sam N.');
  const box = await panel.boundingBox();
  expect(box?.width).toBeLessThanOrEqual(360);
  await expect(panel.getByRole('button', { name: 'Me interesa' })).toBeInViewport();
});
