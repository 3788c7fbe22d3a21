import { expect, type Page, test } from '@playwright/test';
import { publicRoutes } from '../../support/public-routes';

const PUBLIC_PAGES = [...publicRoutes(), '/eventos?ciudad=cdmx', '/eventos/speed-dating?ciudad=guadalajara'];

/** React marks the nodes it has hydrated; the page is interactive from then on. */
async function waitForHydration(page: Page) {
  await page.waitForFunction(() => {
    const node = document.querySelector('#root > div');
    return node !== null && Object.keys(node).some((key) => key.startsWith('__reactFiber'));
  });
}

function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

test('las páginas públicas se hidratan sin diferencias ni errores y sin volver a pedir sus datos', async ({
  page,
}) => {
  const errors = collectErrors(page);
  const apiCalls: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/')) apiCalls.push(new URL(request.url()).pathname);
  });
  const eventId = await page.request
    .post('/api/event/get', { data: {} })
    .then(async (response) => ((await response.json()) as { events: { id: number }[] }).events[0]!.id);
  for (const url of [...PUBLIC_PAGES, `/evento/${eventId}`]) {
    apiCalls.length = 0;
    await page.goto(url);
    await waitForHydration(page);
    await page.waitForLoadState('networkidle');
    expect(errors, url).toEqual([]);
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

test('el código de la hidratación se pide después de la primera pintura', async ({ page }) => {
  await page.goto('/nosotros');
  await waitForHydration(page);
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

test('un botón pulsado antes de la hidratación actúa en cuanto la página se hidrata', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  // The app's code waits until the test lets it through, so the press lands before hydration.
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/main-[^/]+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  await page.goto('/');
  const menuButton = page.getByRole('button', { name: 'Abrir menú' });
  await menuButton.click();
  await expect(menuButton).toHaveAttribute('aria-expanded', 'false');
  release();
  await expect(page.getByRole('button', { name: 'Cerrar menú' })).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByRole('link', { name: 'Nosotros' })).toBeVisible();
});

test('la hidratación no devuelve arriba a quien ya se desplazó por la página', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/main-[^/]+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  await page.goto('/aviso-privacidad');
  await page.evaluate(() => window.scrollTo(0, 600));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(600);
  // The held press is replayed after the first render's effects: the page is fully hydrated then.
  await page.getByRole('button', { name: 'Abrir menú' }).click();
  release();
  await expect(page.getByRole('button', { name: 'Cerrar menú' })).toHaveAttribute('aria-expanded', 'true');
  expect(await page.evaluate(() => window.scrollY)).toBe(600);
  await page.getByRole('link', { name: 'Nosotros' }).click();
  await expect(page).toHaveURL(/\/nosotros$/);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});
