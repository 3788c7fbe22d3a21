import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import jsQR from 'jsqr';
import sharp from 'sharp';
import { newPerson, type Person, signUpForEvent, uniqueWord } from '../data';
import { createEvent, FRESH_PASSWORD } from '../events-quiz/helpers';
import { loginAsClient } from '../fixtures';

/** docs/design/21-pocket.md: Cita installable, and the ticket readable at the door with no network. */
test.use({ viewport: { width: 360, height: 740 } });

/** Waits until a service worker controls the page; answers its script's address. */
async function controlledBy(page: Page): Promise<string> {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
    timeout: 15_000,
  });
  return page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? '');
}

type KeptCode = { code: string; door_code: string };

/** Waits until the worker keeps a copy of her tickets; answers the codes in it (QR's and door's). */
async function keptCodes(page: Page): Promise<KeptCode[]> {
  const handle = await page.waitForFunction(
    async () => {
      const response = await caches.match('/api/client/tickets', { cacheName: 'cita-tickets' });
      if (!response) return null;
      const answer = (await response.json()) as { tickets: KeptCode[] };
      return answer.tickets.map(({ code, door_code }) => ({ code, door_code }));
    },
    undefined,
    { timeout: 15_000 },
  );
  return (await handle.jsonValue()) as KeptCode[];
}

/** The short code printed under the QR, on one line inside the 360 px screen. */
async function expectDoorCodeOnOneLine(page: Page, doorCode: string): Promise<void> {
  const printed = page.getByText(doorCode, { exact: true });
  await expect(printed).toBeVisible();
  expect(await printed.evaluate((element) => element.getClientRects().length)).toBe(1);
  const box = (await printed.boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(360);
}

async function decodeQr(png: Buffer): Promise<string | undefined> {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return jsQR(new Uint8ClampedArray(data), info.width, info.height)?.data;
}

/** A member with a confirmed place at an event of her own; answers her and the event's name. */
async function memberWithTicket(baseURL: string): Promise<{ her: Person; eventName: string }> {
  const eventName = `Noche sin señal ${uniqueWord()}`;
  const eventId = await createEvent(baseURL, {
    name: eventName,
    status_id: 1,
    price_m: 350,
    price_w: 450,
    venue: 'Bar La Ópera',
    address: 'Av. 5 de Mayo 10, Centro',
    city: 'cdmx',
  });
  const her = await newPerson(baseURL);
  await signUpForEvent(baseURL, her, eventId, true);
  return { her, eventName };
}

/** The member's menu at 360 px: her pages show as soon as «Abrir menú» opens it. */
async function openUserMenu(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Abrir menú' }).click();
}

async function logout(page: Page): Promise<void> {
  await openUserMenu(page);
  await page
    .getByRole('list', { name: 'Menú de usuario' })
    .getByRole('button', { name: 'Cerrar sesión' })
    .click();
  await expect(page).toHaveURL(/\/$/);
}

const WORKER_FILE = path.resolve(process.env.WEB_DIST_DIR ?? 'dist/web', 'sw.js');
let deployedWorker: Buffer | null = null;

/**
 * What a deploy does to the worker: a new sw.js on the server (and its compressed copies, which
 * the server prefers). This one also answers which version it is; the first never does.
 */
async function deployChangedWorker(): Promise<void> {
  deployedWorker = fs.readFileSync(WORKER_FILE);
  const tellVersion = `self.addEventListener('message', (e) => e.data === 'versión' && e.source.postMessage('2'));`;
  writeWorker(Buffer.concat([deployedWorker, Buffer.from(`\n${tellVersion}\n`)]));
}

function writeWorker(content: Buffer): void {
  fs.writeFileSync(WORKER_FILE, content);
  fs.writeFileSync(`${WORKER_FILE}.br`, zlib.brotliCompressSync(content));
  fs.writeFileSync(`${WORKER_FILE}.gz`, zlib.gzipSync(content));
}

test.afterEach(() => {
  if (deployedWorker) writeWorker(deployedWorker);
  deployedWorker = null;
});

async function cutNetwork(context: BrowserContext, page: Page): Promise<void> {
  await context.setOffline(true);
  await page.waitForFunction(() => !navigator.onLine);
}

test('el manifiesto hace instalable a Cita: nombre, íconos 192, 512 y maskable, colores y enlace en cada página', async ({
  page,
  request,
}) => {
  const answer = await request.get('/manifest.webmanifest');
  expect(answer.ok()).toBe(true);
  expect(answer.headers()['content-type']).toMatch(/^application\/manifest\+json/);
  const manifest = await answer.json();
  expect(manifest).toMatchObject({
    name: 'Cita',
    short_name: 'Cita',
    lang: 'es-MX',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    theme_color: '#b4233c',
  });
  expect(manifest.description).toContain('México');
  const icons = manifest.icons as { src: string; sizes: string; type: string; purpose: string }[];
  expect(icons.map((icon) => `${icon.sizes} ${icon.purpose}`).sort()).toEqual([
    '192x192 any',
    '512x512 any',
    '512x512 maskable',
  ]);
  for (const icon of icons) {
    const image = await request.get(icon.src);
    expect(image.ok()).toBe(true);
    expect(image.headers()['content-type']).toBe('image/png');
    const { width, height, format } = await sharp(await image.body()).metadata();
    expect(`${width}x${height}`).toBe(icon.sizes);
    expect(format).toBe('png');
  }

  // Server-rendered public pages and the pages the app renders carry the same head.
  for (const path of ['/', '/eventos', '/asistencias', '/admin']) {
    const html = await (await request.get(path)).text();
    expect(html, path).toContain('<link rel="manifest" href="/manifest.webmanifest">');
    expect(html, path).toContain('<meta name="theme-color" content="#b4233c" />');
  }

  // Chromium's own verdict once the worker is in place: nothing keeps it from installing.
  await page.goto('/');
  await controlledBy(page);
  const cdp = await page.context().newCDPSession(page);
  const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
  // The tests' browser is an incognito one, which Chromium never offers to install from.
  expect(installabilityErrors.filter((error) => error.errorId !== 'in-incognito')).toEqual([]);
});

test('el service worker toma el control y solo guarda lo que necesita la página sin conexión', async ({
  page,
}) => {
  await page.goto('/');
  // After the first paint, once idle: the visitor's first page is already under its control.
  expect(await controlledBy(page)).toMatch(/\/sw\.js$/);
  await page.reload();
  expect(await controlledBy(page)).toMatch(/\/sw\.js$/);

  const precached = await page.evaluate(async () => {
    const names = await caches.keys();
    const urls: string[] = [];
    for (const name of names.filter((cache) => cache.startsWith('workbox-precache'))) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) urls.push(new URL(request.url).pathname);
    }
    return urls;
  });
  // The stylesheet, the Latin font, the icon and the manifest: no script of the app or the back office.
  expect(precached.some((url) => /^\/assets\/index-[^/]+\.css$/.test(url))).toBe(true);
  expect(precached.some((url) => /^\/assets\/inter-latin-wght-normal-[^/]+\.woff2$/.test(url))).toBe(true);
  expect(precached.filter((url) => url.endsWith('.js'))).toEqual([]);
  expect(precached).toHaveLength(4);
});

test('sin conexión, /asistencias dice «Sin conexión» y muestra su boleto con el QR y el código corto en una línea; las demás páginas lo dicen y llevan a sus boletos', async ({
  page,
  context,
  baseURL,
}) => {
  const { her, eventName } = await memberWithTicket(baseURL!);
  await loginAsClient(page, her.email, FRESH_PASSWORD);
  await page.goto('/asistencias');
  const online = page.getByRole('article', { name: eventName });
  await expect(online.getByText('Código del boleto')).toBeVisible();
  const doorCode = (await online.getByText(/^[0-9A-Z]{4}-[0-9A-Z]{4}$/).textContent()) ?? '';
  await expectDoorCodeOnOneLine(page, doorCode);
  await controlledBy(page);
  const kept = await keptCodes(page);
  expect(kept).toEqual([{ code: expect.stringMatching(/^[\w-]{32}$/), door_code: doorCode }]);
  const code = kept[0]!.code;

  await cutNetwork(context, page);
  await page.goto('/asistencias');
  await expect(page.getByRole('status')).toHaveText('Sin conexión');
  await expect(page.getByRole('heading', { level: 1, name: 'Mis eventos' })).toBeVisible();
  const ticket = page.getByRole('article', { name: eventName });
  await expect(ticket.getByRole('heading', { name: eventName })).toBeVisible();
  await expect(ticket.getByText('Bar La Ópera, Av. 5 de Mayo 10, Centro, Ciudad de México')).toBeVisible();
  // The date and time as the site writes them, in Mexico City time (the event is on 2031-05-20 at 19:30).
  await expect(ticket.getByText('martes 20 de mayo de 2031, 7:30 p.m.')).toBeVisible();
  await expect(ticket.getByText(doorCode, { exact: true })).toBeVisible();
  await expectDoorCodeOnOneLine(page, doorCode);
  const qr = ticket.getByRole('img', { name: `Código QR de tu boleto para ${eventName}` });
  await expect(qr).toBeVisible();
  expect(await decodeQr(await qr.screenshot())).toBe(code);

  // Any other page: a clear Spanish page instead of the browser's error, pointing to the tickets.
  await page.goto('/perfil');
  await expect(page.getByRole('status')).toHaveText('Sin conexión');
  await expect(page.getByRole('heading', { level: 1, name: 'No hay conexión a internet' })).toBeVisible();
  await page.getByRole('link', { name: 'Ver mis boletos' }).click();
  await expect(page).toHaveURL(/\/asistencias$/);
  await expect(page.getByText(doorCode, { exact: true })).toBeVisible();
});

test('al cerrar sesión se borran los boletos guardados: sin conexión ya no se ve ninguno, ni lo ve otra persona que entre', async ({
  page,
  context,
  baseURL,
}) => {
  const { her, eventName } = await memberWithTicket(baseURL!);
  await loginAsClient(page, her.email, FRESH_PASSWORD);
  await page.goto('/asistencias');
  await expect(page.getByRole('article', { name: eventName }).getByText('Código del boleto')).toBeVisible();
  await controlledBy(page);
  expect(await keptCodes(page)).toHaveLength(1);

  await logout(page);
  await cutNetwork(context, page);
  await page.goto('/asistencias');
  await expect(page.getByRole('status')).toHaveText('Sin conexión');
  await expect(page.getByText('No hay boletos guardados en este teléfono.', { exact: false })).toBeVisible();
  await expect(page.getByText(eventName)).toHaveCount(0);
  await expect(page.getByText('Código del boleto')).toHaveCount(0);

  // Another member logs in on the same phone: she never sees the first one's ticket either.
  await context.setOffline(false);
  const other = await newPerson(baseURL!);
  await loginAsClient(page, her.email, FRESH_PASSWORD);
  await page.goto('/asistencias');
  await expect(page.getByRole('article', { name: eventName }).getByText('Código del boleto')).toBeVisible();
  expect(await keptCodes(page)).toHaveLength(1);
  await logout(page);
  await loginAsClient(page, other.email, FRESH_PASSWORD);
  expect(await keptCodes(page)).toEqual([]);
  await cutNetwork(context, page);
  await page.goto('/asistencias');
  await expect(page.getByText('No hay boletos guardados en este teléfono.', { exact: false })).toBeVisible();
  await expect(page.getByText(eventName)).toHaveCount(0);
});

test('una nueva versión del service worker espera sin romper la página abierta y toma el control en la siguiente navegación', async ({
  page,
  baseURL,
}) => {
  const her = await newPerson(baseURL!);
  await loginAsClient(page, her.email, FRESH_PASSWORD);
  const first = await controlledBy(page);
  expect(first).toMatch(/\/sw\.js$/);

  // A deploy: the server now has a changed worker, which the browser finds and installs.
  await deployChangedWorker();
  const waiting = await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.getRegistration();
    await registration?.update();
    const worker = registration?.installing ?? registration?.waiting;
    if (worker && worker.state !== 'installed') {
      await new Promise<void>((resolve) =>
        worker.addEventListener('statechange', () => worker.state === 'installed' && resolve()),
      );
    }
    return Boolean(registration?.waiting);
  });
  expect(waiting).toBe(true);

  // The open page keeps its worker and keeps working: the app answers, its calls go through.
  await page.evaluate(() => {
    (window as { stillTheSamePage?: boolean }).stillTheSamePage = true;
  });
  await openUserMenu(page);
  await expect(page.getByRole('list', { name: 'Menú de usuario' })).toBeVisible();
  expect(await page.evaluate(() => fetch('/api/client/tickets').then((response) => response.status))).toBe(
    200,
  );
  expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toBe(first);

  // Her next navigation inside the app loads the page from the server, under the new version.
  await page
    .getByRole('list', { name: 'Menú de usuario' })
    .getByRole('link', { name: 'Mis eventos' })
    .click();
  await expect(page).toHaveURL(/\/asistencias$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Mis eventos' })).toBeVisible();
  // The worker in control is the new one.
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  const version = await page.evaluate(
    () =>
      new Promise<string>((resolve) => {
        navigator.serviceWorker.addEventListener('message', (event) => resolve(String(event.data)));
        navigator.serviceWorker.controller?.postMessage('versión');
        setTimeout(() => resolve('la primera'), 3_000);
      }),
  );
  expect(version).toBe('2');
  expect(
    await page.evaluate(() => (window as { stillTheSamePage?: boolean }).stillTheSamePage),
  ).toBeUndefined();
});
