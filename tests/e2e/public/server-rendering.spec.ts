import { expect, type Page, test } from '@playwright/test';
import { publicRoutes } from '../../support/public-routes';
import { loginAsClient, openUserMenu, scriptsRequested } from '../fixtures';

const PUBLIC_PAGES = [...publicRoutes(), '/eventos?ciudad=cdmx', '/eventos/speed-dating?ciudad=guadalajara'];

/** boot.ts marks #root once the page's script (its islands, or the app) has taken over. */
async function waitUntilLive(page: Page) {
  await page.locator('#root[data-live]').waitFor({ state: 'attached' });
}

/**
 * A visitor's page whose islands wait for her first use (decision 0055) gets one, a Tab, once it
 * waits; any other page goes live by itself.
 */
async function touchAndWaitUntilLive(page: Page) {
  await page.locator('#root[data-live], #root[data-awaiting-use]').waitFor({ state: 'attached' });
  if ((await page.locator('#root[data-awaiting-use]').count()) > 0) await page.keyboard.press('Tab');
  await waitUntilLive(page);
}

/** Holds the islands script until the test lets it through, so presses land before it runs. */
async function holdIslands(page: Page): Promise<() => void> {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/islands\/assets\/start-islands-[^/]+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

test('las páginas públicas cobran vida por islas, sin errores, sin React y sin volver a pedir sus datos', async ({
  page,
}) => {
  const errors = collectErrors(page);
  const apiCalls: string[] = [];
  const scripts: string[] = [];
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (path.startsWith('/api/')) apiCalls.push(path);
    if (request.resourceType() === 'script') scripts.push(path);
  });
  const eventId = await page.request
    .post('/api/event/get', { data: {} })
    .then(async (response) => ((await response.json()) as { events: { id: number }[] }).events[0]!.id);
  for (const url of [...PUBLIC_PAGES, `/evento/${eventId}`]) {
    apiCalls.length = 0;
    scripts.length = 0;
    await page.goto(url);
    await touchAndWaitUntilLive(page);
    await page.waitForLoadState('networkidle');
    expect(errors, url).toEqual([]);
    expect(await page.locator('[data-island]').count(), url).toBeGreaterThan(0);
    // The islands script and its pieces: never the app's own bundle.
    expect(
      scripts.some((path) => path.startsWith('/islands/')),
      url,
    ).toBe(true);
    expect(
      scripts.filter((path) => /\/assets\/main-/.test(path)),
      url,
    ).toEqual([]);
    const dataCalls = apiCalls.filter((path) =>
      ['/api/event/get', '/api/event/details', '/api/adverts/get', '/api/stats/get'].includes(path),
    );
    expect(dataCalls, url).toEqual([]);
  }
});

test('sin JavaScript se leen los eventos y se llega a su página por los enlaces', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/eventos');
  await expect(page.getByRole('heading', { level: 1, name: 'Próximos eventos' })).toBeVisible();
  const roma = page.getByRole('article').filter({ hasText: 'Speed Dating en la Roma' });
  await expect(roma).toContainText('$350.00 MXN');
  await roma.getByRole('link').first().click();
  await expect(page).toHaveURL(/\/evento\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Speed Dating en la Roma' })).toBeVisible();

  await page.goto('/');
  await expect(page.getByText('personas registradas')).toBeVisible();
  await page.goto('/personas');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.goto('/nosotros');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await context.close();
});

test('el código de las islas se pide después de la primera pintura', async ({ page }) => {
  await page.goto('/nosotros');
  await touchAndWaitUntilLive(page);
  const timings = await page.evaluate(() => {
    const firstPaint = performance.getEntriesByName('first-contentful-paint')[0]?.startTime;
    const scripts = performance
      .getEntriesByType('resource')
      .filter((entry) => entry.name.endsWith('.js'))
      .map((entry) => ({ name: new URL(entry.name).pathname, start: entry.startTime }));
    const entry = document.querySelector<HTMLScriptElement>('script[type="module"][src]')?.src;
    return { firstPaint, scripts, entry: entry ? new URL(entry).pathname : undefined };
  });
  expect(timings.firstPaint).toBeDefined();
  const app = timings.scripts.filter((script) => script.name !== timings.entry);
  expect(app.length).toBeGreaterThan(0);
  for (const script of app) expect(script.start, script.name).toBeGreaterThan(timings.firstPaint!);
});

/**
 * A visitor at 360 px reads `url` to its network's end: the page waits for her use, and no script
 * matching `island` has been requested (the islands script may be fetched ahead, but nothing it
 * imports: it has not run). Returns the scripts requested so far and from now on.
 */
async function readWithoutIslands(page: Page, url: string, island: RegExp): Promise<string[]> {
  await page.setViewportSize({ width: 360, height: 740 });
  const scripts = scriptsRequested(page);
  await page.goto(url);
  await page.locator('#root[data-awaiting-use]').waitFor({ state: 'attached' });
  await page.waitForLoadState('networkidle');
  expect(scripts.filter((path) => island.test(path))).toEqual([]);
  return scripts;
}

test('una visitante que solo lee una página sin nada que animar no corre sus islas hasta usarla', async ({
  page,
}) => {
  const scripts = await readWithoutIslands(page, '/aviso-privacidad', /\/islands\/assets\/site-header-/);
  await expect(page.locator('#root[data-live]')).toHaveCount(0);

  // Her first press on the menu starts them, and the press is not lost.
  await page.getByRole('button', { name: 'Abrir menú' }).click();
  await expect(page.getByRole('button', { name: 'Cerrar menú' })).toHaveAttribute('aria-expanded', 'true');
  await expect(page.locator('#root[data-live]')).toHaveCount(1);
  expect(scripts.some((path) => /\/islands\/assets\/site-header-/.test(path))).toBe(true);
});

test('en /personas una visitante lee sin que corran las islas y su primer toque abre el perfil', async ({
  page,
}) => {
  const scripts = await readWithoutIslands(page, '/personas', /\/islands\/assets\/people-island-/);

  // Her tap on a profile is held while the islands start, then opens it.
  const card = page.getByRole('list', { name: 'Anuncios' }).getByRole('listitem').first();
  const name = (await card.getByRole('heading').first().textContent())?.trim() ?? '';
  await card.getByRole('button', { name: 'Ver perfil' }).click();
  await expect(page.getByRole('dialog', { name })).toBeVisible();
  expect(scripts.some((path) => /\/islands\/assets\/people-island-/.test(path))).toBe(true);
});

test('un botón pulsado antes de que lleguen las islas actúa en cuanto llegan', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  const release = await holdIslands(page);
  await page.goto('/');
  const menuButton = page.getByRole('button', { name: 'Abrir menú' });
  await menuButton.click();
  await expect(menuButton).toHaveAttribute('aria-expanded', 'false');
  release();
  await expect(page.getByRole('button', { name: 'Cerrar menú' })).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByRole('link', { name: 'Nosotros' })).toBeVisible();
});

test('las islas no devuelven arriba a quien ya se desplazó por la página', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  const release = await holdIslands(page);
  await page.goto('/aviso-privacidad');
  await page.evaluate(() => window.scrollTo(0, 600));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(600);
  // The held press is replayed once the islands are live.
  await page.getByRole('button', { name: 'Abrir menú' }).click();
  release();
  await expect(page.getByRole('button', { name: 'Cerrar menú' })).toHaveAttribute('aria-expanded', 'true');
  expect(await page.evaluate(() => window.scrollY)).toBe(600);
  await page.getByRole('link', { name: 'Nosotros' }).click();
  await expect(page).toHaveURL(/\/nosotros$/);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});

test('de una página pública al área de cliente se ve el marco del sitio mientras carga la aplicación', async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  const warnings: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'warning' || message.type() === 'error') warnings.push(message.text());
  });
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/main-[^/]+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  await page.goto('/eventos');
  await touchAndWaitUntilLive(page);
  await page.getByRole('button', { name: 'Abrir menú' }).click();
  await page.getByRole('link', { name: 'Iniciar sesión' }).click();
  await expect(page).toHaveURL(/\/ingresar$/);
  // The app is held back: the header, the footer and a spinner, not a blank page.
  await expect(page.getByRole('link', { name: 'Cita' })).toBeVisible();
  await expect(page.getByRole('status')).toHaveText('Cargando…');
  await expect(page.getByRole('link', { name: 'Aviso de privacidad' })).toBeVisible();
  release();
  await expect(page.getByRole('heading', { name: 'Iniciar sesión' })).toBeVisible();
  await expect(page.getByRole('status')).toHaveCount(0);
  // The app starts on its screen at once: no empty fallback in between.
  expect(warnings).toEqual([]);
});

test('una persona con sesión ve su menú en las páginas de islas y sale del área de cliente', async ({
  page,
}) => {
  await loginAsClient(page);
  await page.goto('/eventos');
  await waitUntilLive(page);
  await openUserMenu(page);
  await expect(page.getByRole('list', { name: 'Menú de usuario' })).toContainText('Mis eventos');
  await page.getByRole('button', { name: 'Cerrar sesión' }).click();
  await expect(page).toHaveURL(/\/$/);
  await waitUntilLive(page);
  await expect(page.getByRole('link', { name: 'Iniciar sesión' })).toBeVisible();
  await page.goto('/asistencias');
  await expect(page).toHaveURL(/\/ingresar$/);
});
