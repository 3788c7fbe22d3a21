import { expect, type Page, test } from '@playwright/test';

const PUBLIC_PAGES = [
  '/',
  '/eventos',
  '/eventos/speed-dating',
  '/eventos?ciudad=cdmx',
  '/eventos/speed-dating?ciudad=guadalajara',
  '/servicios',
  '/servicio/speed-dating',
  '/personas',
  '/nosotros',
  '/contacto',
  '/aviso-privacidad',
];

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
