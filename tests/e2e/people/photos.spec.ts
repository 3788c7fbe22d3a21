import { type Browser, expect, type Page, test } from '@playwright/test';
import sharp from 'sharp';
import {
  addPhoto,
  markInterest,
  moderatePhoto,
  newPerson,
  type Person,
  publishAdvert,
  testJpeg,
} from '../data';
import { FRESH_PASSWORD } from '../events-quiz/helpers';
import { loginAsAdmin, loginAsClient } from '../fixtures';

/** Photos are mostly added and seen on a phone. */
const PHONE = { width: 360, height: 780 };
test.use({ viewport: PHONE });

async function phonePage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: PHONE });
  return context.newPage();
}

function photosCard(page: Page) {
  return page.getByRole('article', { name: 'Mis fotos' });
}

function ownPhotos(page: Page) {
  return photosCard(page).getByRole('list', { name: 'Mis fotos' }).getByRole('listitem');
}

/** The /personas card of `person`, paging with 'Ver más' until it is listed. */
async function advertCard(page: Page, person: Person) {
  const cards = page.getByRole('list', { name: 'Anuncios' }).getByRole('listitem');
  const card = cards.filter({ hasText: person.card });
  await expect(cards.first()).toBeVisible();
  while ((await card.count()) === 0) {
    const shown = await cards.count();
    await page.getByRole('button', { name: 'Ver más' }).click();
    await expect(cards).not.toHaveCount(shown);
  }
  return card;
}

test('una foto sube desde el teléfono, un administrador la aprueba, el visitante la ve borrosa y un miembro nítida', async ({
  page,
  browser,
  baseURL,
}) => {
  // Four browsers and a 12-megapixel photo downsized in one of them.
  test.setTimeout(90_000);
  const ana = await newPerson(baseURL!);
  await publishAdvert(baseURL!, ana, `Fotógrafa de fin de semana (${ana.firstName}).`);

  // A camera-sized photo: the browser sends it downsized to at most 2000 px.
  await loginAsClient(page, ana.email, FRESH_PASSWORD);
  await page.goto('/perfil');
  await expect(photosCard(page)).toContainText('Llevas 0 de 6 fotos.');
  const upload = page.waitForRequest((request) => request.url().endsWith('/api/client/photos/add'));
  await photosCard(page)
    .getByLabel('Agregar foto')
    .setInputFiles({ name: 'camara.jpg', mimeType: 'image/jpeg', buffer: await testJpeg(3000, 4000) });
  const sent = JSON.parse((await upload).postData() ?? '{}') as { image: string };
  expect(sent.image).toMatch(/^data:image\/jpeg;base64,/);
  const sentSize = await sharp(Buffer.from(sent.image.split(',')[1]!, 'base64')).metadata();
  expect(Math.max(sentSize.width, sentSize.height)).toBeLessThanOrEqual(2000);
  await expect(ownPhotos(page)).toHaveCount(1);
  await expect(ownPhotos(page).first()).toContainText('En revisión');
  await expect(ownPhotos(page).first()).toContainText('Principal');
  await expect(photosCard(page)).toContainText('Llevas 1 de 6 fotos.');

  // Pending: nobody else sees it yet.
  const visitor = await phonePage(browser);
  await visitor.goto('/personas');
  let card = await advertCard(visitor, ana);
  await expect(card.getByRole('img', { name: 'Sin foto' })).toBeVisible();

  const admin = await phonePage(browser);
  await loginAsAdmin(admin);
  const pending = admin
    .getByRole('list', { name: 'Fotos pendientes' })
    .getByRole('listitem')
    .filter({ hasText: ana.firstName });
  await expect(pending).toHaveCount(1);
  await pending.getByRole('button', { name: 'Aprobar' }).click();
  await expect(pending).toHaveCount(0);

  await page.reload();
  await expect(ownPhotos(page).first()).toContainText('Aprobada');

  // The visitor gets the blurred variant, in the server-rendered HTML too, and an invitation.
  await visitor.reload();
  card = await advertCard(visitor, ana);
  const blurred = card.getByRole('img', { name: `Foto de ${ana.card}` });
  await expect(blurred).toHaveAttribute('src', /\/blur[^/]*\.\w+$/);
  await blurred.scrollIntoViewIfNeeded();
  await expect.poll(() => blurred.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  const blurredSrc = (await blurred.getAttribute('src'))!;
  const html = await (await visitor.request.get('/personas')).text();
  expect(html).toContain(`src="${blurredSrc}"`);
  const invitation = card.getByRole('link', { name: 'Regístrate para ver sus fotos' });
  await expect(invitation).toHaveAttribute('href', '/registrarse');

  // Another member sees the clear photo, which a visitor cannot fetch.
  const bruno = await newPerson(baseURL!, { gender: 2 });
  const member = await phonePage(browser);
  await loginAsClient(member, bruno.email, FRESH_PASSWORD);
  await member.goto('/personas?vista=todos');
  const clear = (await advertCard(member, ana)).getByRole('img', { name: `Foto de ${ana.card}` });
  await expect(clear).toHaveAttribute('src', /^\/images\/.+\/\d+\.\w+$/);
  await expect(clear).not.toHaveAttribute('src', /blur/);
  await expect((await advertCard(member, ana)).getByText('Regístrate para ver sus fotos')).toHaveCount(0);
  const clearSrc = (await clear.getAttribute('src'))!;
  expect((await member.request.get(clearSrc)).status()).toBe(200);
  expect([401, 403, 404]).toContain((await visitor.request.get(clearSrc)).status());

  // The side panel's gallery shows it too.
  await (await advertCard(member, ana)).getByRole('button', { name: 'Ver perfil' }).click();
  const gallery = member.getByRole('region', { name: `Fotos de ${ana.card}` });
  // The same image as the card's, in a larger clear size.
  const sameImage = clearSrc.slice(0, clearSrc.lastIndexOf('/') + 1).replaceAll('/', '\\/');
  const galleryPhoto = gallery.getByRole('img', { name: `Foto 1 de ${ana.card}` });
  await expect(galleryPhoto).toHaveAttribute('src', new RegExp(`^${sameImage}\\d+\\.\\w+$`));

  for (const other of [visitor, admin, member]) await other.context().close();
});

test('un rechazo pide motivo y el miembro lo lee en /perfil', async ({ page, browser, baseURL }) => {
  const carla = await newPerson(baseURL!);
  await addPhoto(baseURL!, carla);

  await loginAsAdmin(page);
  const pending = page
    .getByRole('list', { name: 'Fotos pendientes' })
    .getByRole('listitem')
    .filter({ hasText: carla.firstName });
  await pending.getByRole('button', { name: 'Rechazar' }).click();
  const dialog = page.getByRole('dialog', { name: 'Rechazar foto' });
  await dialog.getByRole('button', { name: 'Rechazar foto' }).click();
  await expect(dialog).toContainText('Escribe el motivo del rechazo');
  await dialog.getByLabel('Motivo del rechazo').fill('No se ve tu rostro; sube una foto donde aparezcas tú.');
  await dialog.getByRole('button', { name: 'Rechazar foto' }).click();
  await expect(dialog).toBeHidden();
  await expect(pending).toHaveCount(0);

  const member = await phonePage(browser);
  await loginAsClient(member, carla.email, FRESH_PASSWORD);
  await member.goto('/perfil');
  await expect(ownPhotos(member).first()).toContainText(
    'Rechazada: No se ve tu rostro; sube una foto donde aparezcas tú.',
  );
  await member.context().close();
});

test('ordena, elige la principal, borra con confirmación y explica el límite de seis', async ({
  page,
  baseURL,
}) => {
  const dora = await newPerson(baseURL!);
  for (let index = 0; index < 5; index++) await addPhoto(baseURL!, dora);
  await loginAsClient(page, dora.email, FRESH_PASSWORD);
  await page.goto('/perfil');
  await expect(ownPhotos(page)).toHaveCount(5);
  const sources = () =>
    ownPhotos(page)
      .locator('img')
      .evaluateAll((images) => images.map((img) => img.getAttribute('src')));
  const before = await sources();

  await photosCard(page).getByRole('button', { name: 'Hacer principal la foto 3' }).click();
  await expect.poll(sources).toEqual([before[2], before[0], before[1], before[3], before[4]]);
  await expect(ownPhotos(page).first()).toContainText('Principal');
  await photosCard(page).getByRole('button', { name: 'Mover la foto 4 después' }).click();
  await expect.poll(sources).toEqual([before[2], before[0], before[1], before[4], before[3]]);

  // A sixth photo added elsewhere meanwhile: the server refuses a seventh, in Spanish.
  await addPhoto(baseURL!, dora);
  await photosCard(page)
    .getByLabel('Agregar foto')
    .setInputFiles({ name: 'otra.jpg', mimeType: 'image/jpeg', buffer: await testJpeg() });
  await expect(photosCard(page).getByRole('alert')).toContainText(/6 fotos/);
  await page.reload();
  await expect(ownPhotos(page)).toHaveCount(6);
  await expect(photosCard(page)).toContainText(
    'Ya tienes 6 fotos, el máximo. Elimina una para agregar otra.',
  );
  await expect(photosCard(page).getByLabel('Agregar foto')).toHaveCount(0);

  await photosCard(page).getByRole('button', { name: 'Eliminar la foto 1' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Eliminar foto' });
  await expect(confirm).toContainText('¿Deseas eliminar esta foto? No se puede deshacer.');
  await confirm.getByRole('button', { name: 'Eliminar' }).click();
  await expect(ownPhotos(page)).toHaveCount(5);
  expect((await sources())[0]).toBe(before[0]);
  await expect(photosCard(page).getByLabel('Agregar foto')).toHaveCount(1);
});

test('un archivo que no es una foto se explica en español sin llegar al servidor', async ({
  page,
  baseURL,
}) => {
  const elena = await newPerson(baseURL!);
  await loginAsClient(page, elena.email, FRESH_PASSWORD);
  await page.goto('/perfil');
  let sent = false;
  page.on('request', (request) => {
    if (request.url().endsWith('/api/client/photos/add')) sent = true;
  });
  await photosCard(page)
    .getByLabel('Agregar foto')
    .setInputFiles({
      name: 'foto.jpg',
      mimeType: 'image/jpeg',
      buffer: Buffer.from('esto no es una imagen'),
    });
  await expect(photosCard(page).getByRole('alert')).toHaveText(
    'No pudimos leer esa imagen. Prueba con otra foto.',
  );
  expect(sent).toBe(false);
  await expect(ownPhotos(page)).toHaveCount(0);
});

test('/intereses y los clientes del back office muestran la foto principal aprobada', async ({
  page,
  browser,
  baseURL,
}) => {
  const fer = await newPerson(baseURL!);
  const gabo = await newPerson(baseURL!, { gender: 2 });
  const advertId = await publishAdvert(baseURL!, fer, 'Me gustan los mercados de los domingos.');
  await moderatePhoto(baseURL!, await addPhoto(baseURL!, fer), { status_id: 2 });
  await markInterest(baseURL!, gabo, advertId);

  await loginAsClient(page, gabo.email, FRESH_PASSWORD);
  const entry = page
    .getByRole('list', { name: 'Me interesan' })
    .getByRole('listitem')
    .filter({ hasText: fer.card });
  const photo = entry.getByRole('img', { name: `Foto de ${fer.card}` });
  await expect(photo).toHaveAttribute('src', /^\/images\//);
  await expect(photo).not.toHaveAttribute('src', /blur/);

  const admin = await phonePage(browser);
  await loginAsAdmin(admin);
  await admin.goto(`/admin/clients?search=${encodeURIComponent(fer.email)}`);
  await expect(admin.getByRole('img', { name: `Foto de ${fer.fullName}` })).toHaveAttribute(
    'src',
    /^\/images\//,
  );
  await admin.context().close();
});

test('la galería del panel se recorre deslizando, con flechas y con puntos', async ({ page, baseURL }) => {
  const hana = await newPerson(baseURL!);
  await publishAdvert(baseURL!, hana, 'Me gusta el café de especialidad y las librerías de viejo.');
  for (let index = 0; index < 3; index++) {
    await moderatePhoto(baseURL!, await addPhoto(baseURL!, hana), { status_id: 2 });
  }
  const iris = await newPerson(baseURL!);
  await loginAsClient(page, iris.email, FRESH_PASSWORD);
  await page.goto('/personas?vista=todos');
  await (await advertCard(page, hana)).getByRole('button', { name: 'Ver perfil' }).click();
  const gallery = page.getByRole('region', { name: `Fotos de ${hana.card}` });
  const dot = (number: number) => gallery.getByRole('button', { name: `Ver la foto ${number}` });
  await expect(dot(1)).toHaveAttribute('aria-current', 'true');
  await expect(gallery.getByRole('button', { name: 'Foto anterior' })).toBeDisabled();

  // A finger's swipe to the left.
  const box = (await gallery.getByRole('group', { name: 'Foto 1 de 3' }).boundingBox())!;
  const y = box.y + box.height / 2;
  await page.mouse.move(box.x + box.width * 0.8, y);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width * 0.5, y, { steps: 5 });
  await page.mouse.move(box.x + box.width * 0.2, y, { steps: 5 });
  await page.mouse.up();
  await expect(dot(2)).toHaveAttribute('aria-current', 'true');

  await gallery.getByRole('button', { name: 'Foto siguiente' }).click();
  await expect(dot(3)).toHaveAttribute('aria-current', 'true');
  await expect(gallery.getByRole('button', { name: 'Foto siguiente' })).toBeDisabled();
  await dot(1).click();
  await expect(dot(1)).toHaveAttribute('aria-current', 'true');
  await expect(gallery.getByRole('group', { name: 'Foto 1 de 3' })).not.toHaveAttribute('inert');
  await expect(gallery.getByRole('group', { name: 'Foto 3 de 3' })).toHaveAttribute('inert');
});
