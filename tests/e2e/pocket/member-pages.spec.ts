import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import SQLite from 'better-sqlite3';
import { e2eDataDir } from '../account/helpers';
import { personApi } from '../data';
import { FRESH_PASSWORD } from '../events-quiz/helpers';
import { loginAsClient } from '../fixtures';
import { conversationId, mutualPair, PHONE, sendThroughApi, storedTexts } from '../messages/helpers';

/**
 * A member's /asistencias, /mensajes, /perfil and /personas come rendered for her and start the
 * app at her first use of the page, or when news for her arrives (decision 0044). A file chosen
 * before it is live is replayed: tests/e2e/people/photos.spec.ts chooses one first thing.
 */
test.use({ viewport: PHONE });

/** The scripts the page asked for besides its entry (boot.ts). */
function appScripts(page: Page): string[] {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script' && !/\/assets\/index-[^/]+\.js$/.test(request.url()))
      scripts.push(new URL(request.url()).pathname);
  });
  return scripts;
}

/** The page has painted and gone idle: its service worker, registered then, is ready. */
async function settled(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
}

/** Her page's news channel is open on the server (the live route recorded her presence). */
async function listening(clientId: number): Promise<void> {
  const db = new SQLite(path.join(e2eDataDir(), 'cita.sqlite'), { readonly: true, fileMustExist: true });
  try {
    await expect
      .poll(() => db.prepare('select count(*) as n from live_presence where client_id = ?').get(clientId))
      .toEqual({ n: 1 });
  } finally {
    db.close();
  }
}

test('su página llega con su contenido, sin el código de la aplicación, y cobra vida al primer toque', async ({
  page,
  baseURL,
}) => {
  const { her, other } = await mutualPair(baseURL!);
  await loginAsClient(page, her.email, FRESH_PASSWORD);
  const scripts = appScripts(page);
  await page.goto('/mensajes');
  // Her conversation is in the page the server sent.
  await expect(page.getByRole('link', { name: new RegExp(other.card) })).toBeVisible();
  await settled(page);
  expect(scripts).toEqual([]);
  await expect(page.locator('#root[data-live]')).toHaveCount(0);

  // Her first touch starts the app, and the press itself is not lost.
  await page.getByRole('button', { name: 'Abrir menú' }).click();
  await expect(page.getByRole('button', { name: 'Cerrar menú' })).toHaveAttribute('aria-expanded', 'true');
  await expect(page.locator('#root[data-live]')).toHaveCount(1);
  expect(scripts.length).toBeGreaterThan(0);
});

test('mientras ella lee, el teléfono ya trae la aplicación: su primer toque funciona aun sin red', async ({
  page,
  context,
  baseURL,
}) => {
  const { her } = await mutualPair(baseURL!);
  await loginAsClient(page, her.email, FRESH_PASSWORD);
  await page.goto('/perfil');
  await expect(page.getByRole('heading', { name: 'Mi perfil' })).toBeVisible();
  // Her service worker has fetched the app's chunks the page lists, and none of them has run.
  await expect(page.locator('#root[data-app-fetched]')).toHaveCount(1, { timeout: 15_000 });
  await expect(page.locator('#root[data-live]')).toHaveCount(0);

  // With the network gone, the app starts from what was fetched and her press is answered.
  await context.setOffline(true);
  await page.getByRole('button', { name: 'Abrir menú' }).click();
  await expect(page.getByRole('button', { name: 'Cerrar menú' })).toHaveAttribute('aria-expanded', 'true');
  await expect(page.locator('#root[data-live]')).toHaveCount(1);
  await context.setOffline(false);
});

test('un mensaje que llega mientras ella solo mira /mensajes aparece sin que toque nada', async ({
  page,
  baseURL,
}) => {
  const { her, other } = await mutualPair(baseURL!);
  const conversation = await conversationId(baseURL!, other, her);
  await loginAsClient(page, her.email, FRESH_PASSWORD);
  await page.goto('/mensajes');
  await expect(page.getByRole('link', { name: 'Mensajes', exact: true })).toBeVisible();
  await listening(her.id);
  await expect(page.locator('#root[data-live]')).toHaveCount(0);

  await sendThroughApi(baseURL!, other, conversation, '¿Vamos al cine el viernes?');
  const row = page.getByRole('list', { name: 'Conversaciones' }).getByRole('link', { name: other.card });
  await expect(row).toContainText('¿Vamos al cine el viernes?');
  await expect(row).toHaveAccessibleName(/1 sin leer$/);
  await expect(page.getByRole('link', { name: 'Mensajes, 1 sin leer' })).toBeVisible();
});

test('con la pista de sesión del navegador borrada, su cookie vale: sigue dentro en sus páginas', async ({
  page,
  baseURL,
}) => {
  const { her } = await mutualPair(baseURL!);
  await loginAsClient(page, her.email, FRESH_PASSWORD);
  const forgetHint = () => page.evaluate(() => localStorage.removeItem('client_id'));

  // A page rendered for her: the app starts at her first press and keeps her there.
  await forgetHint();
  await page.goto('/perfil');
  await expect(page.getByRole('heading', { name: 'Mi perfil' })).toBeVisible();
  await page.getByRole('button', { name: 'Abrir menú' }).click();
  await expect(page.getByRole('button', { name: 'Cerrar menú' })).toHaveAttribute('aria-expanded', 'true');
  await expect(page.locator('#root[data-live]')).toHaveCount(1);
  await expect(page).toHaveURL(/\/perfil$/);

  // A page the app draws in the server's frame.
  await forgetHint();
  await page.goto('/configuracion');
  await expect(page.getByRole('heading', { name: 'Configuración' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Mis datos' })).toBeVisible();
  await expect(page).toHaveURL(/\/configuracion$/);
});

test('su conversación llega con sus mensajes, sin el código de la aplicación, y su primer mensaje se envía', async ({
  page,
  baseURL,
}) => {
  const { her, other } = await mutualPair(baseURL!);
  const conversation = await conversationId(baseURL!, her, other);
  // More than a phone's screen of messages, the newest last.
  const api = await personApi(baseURL!, her);
  for (let index = 1; index <= 16; index++) {
    const text = index === 16 ? '¿Te late ir al Museo Tamayo?' : `Mensaje número ${index}`;
    const sent = await api.post('/api/client/messages/send', {
      data: { conversation_id: conversation, text, client_message_id: `e2e${Date.now()}n${index}` },
    });
    expect(sent.ok()).toBe(true);
  }
  await api.dispose();
  await loginAsClient(page, her.email, FRESH_PASSWORD);
  const scripts = appScripts(page);
  await page.goto(`/mensajes/${conversation}`);
  // Her conversation is in the page the server sent, open at its newest message; the app waits.
  await expect(page.getByRole('heading', { level: 1, name: other.card })).toBeAttached();
  await expect(page.getByText('¿Te late ir al Museo Tamayo?')).toBeInViewport();
  await expect(page.getByText('Mensaje número 1', { exact: true })).not.toBeInViewport();
  await settled(page);
  expect(scripts).toEqual([]);
  await expect(page.locator('#root[data-live]')).toHaveCount(0);

  // Her first press (the box) starts the app. She types and presses Enter before it is live
  // (its script held back until then): the message is sent once it is.
  let release = () => {};
  const released = new Promise<void>((done) => {
    release = done;
  });
  await page.route(/\/assets\/main-[^/]+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  const box = page.getByRole('textbox', { name: 'Escribe un mensaje' });
  await box.click();
  await box.fill('Sí, el sábado');
  await box.press('Enter');
  await expect(page.locator('#root[data-live]')).toHaveCount(0);
  release();
  await expect(
    page.getByRole('list', { name: 'Mensajes' }).getByRole('listitem').filter({ hasText: 'Sí, el sábado' }),
  ).toBeVisible();
  await expect.poll(() => storedTexts(baseURL!, her, conversation)).toContain('Sí, el sábado');
  expect(scripts.length).toBeGreaterThan(0);
});

test('si su conversación trae mensajes sin leer, la aplicación arranca sola y los marca leídos', async ({
  page,
  baseURL,
}) => {
  const { her, other } = await mutualPair(baseURL!);
  const conversation = await conversationId(baseURL!, other, her);
  await sendThroughApi(baseURL!, other, conversation, '¿Cenamos el jueves?');
  await loginAsClient(page, her.email, FRESH_PASSWORD);
  await page.goto(`/mensajes/${conversation}`);
  await expect(page.getByRole('list', { name: 'Mensajes' })).toContainText('¿Cenamos el jueves?');
  // Without a touch, the header's badge clears: she read it.
  await expect(page.getByRole('link', { name: 'Mensajes', exact: true })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/mensajes/${conversation}$`));
});
