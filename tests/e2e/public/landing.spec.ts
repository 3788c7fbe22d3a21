import { expect, type Page, test } from '@playwright/test';
import { scriptsRequested } from '../fixtures';

function carousel(page: Page) {
  return page.getByRole('region', { name: 'Próximos eventos' });
}

function slideButtons(page: Page) {
  return carousel(page).getByRole('button', { name: /^Ir al evento/ });
}

/** The 0-based index of the slide on show, read from the dot marked as current. */
async function currentSlide(page: Page): Promise<number> {
  const states = await slideButtons(page).evaluateAll((buttons) =>
    buttons.map((button) => button.getAttribute('aria-current')),
  );
  return states.indexOf('true');
}

function counter(page: Page, label: string) {
  return page.getByRole('listitem').filter({ hasText: label });
}

async function counterFigure(page: Page, label: string): Promise<number> {
  const text = (await counter(page, label).textContent()) ?? '';
  return Number(text.replace(label, '').replace(/\D/g, ''));
}

test('el carrusel muestra los eventos y las flechas dan la vuelta', async ({ page }) => {
  await page.goto('/');
  await expect(carousel(page)).toBeVisible();
  const total = await slideButtons(page).count();
  expect(total).toBeGreaterThanOrEqual(6);

  // Pointing at the carousel holds it still, so only the arrows move it.
  await slideButtons(page).first().click();
  await expect(slideButtons(page).first()).toHaveAttribute('aria-current', 'true');
  await carousel(page).getByRole('button', { name: 'Evento anterior' }).click();
  await expect(slideButtons(page).last()).toHaveAttribute('aria-current', 'true');
  const lastName = (await slideButtons(page).last().getAttribute('aria-label'))?.replace(
    /^Ir al evento \d+: /,
    '',
  );
  await expect(carousel(page).getByRole('link', { name: new RegExp(lastName ?? '-') })).toBeVisible();

  await carousel(page).getByRole('button', { name: 'Evento siguiente' }).click();
  await expect(slideButtons(page).first()).toHaveAttribute('aria-current', 'true');
});

test('el carrusel se maneja con el teclado y cada diapositiva lleva a su evento', async ({ page }) => {
  await page.goto('/');
  await slideButtons(page).first().focus();
  // Her focus starts the page's islands; keys pressed before they are live do nothing yet.
  await page.locator('#root[data-live]').waitFor({ state: 'attached' });
  await page.keyboard.press('Enter');
  await expect(slideButtons(page).first()).toHaveAttribute('aria-current', 'true');
  await page.keyboard.press('ArrowRight');
  await expect(slideButtons(page).nth(1)).toHaveAttribute('aria-current', 'true');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  await expect(slideButtons(page).last()).toHaveAttribute('aria-current', 'true');

  await slideButtons(page).first().click();
  // A slide's link takes a tap once the carousel has come to it: until then the slide is inert.
  await expect(slideButtons(page).first()).toHaveAttribute('aria-current', 'true');
  const firstSlide = carousel(page).getByRole('group', { name: /^1 de / });
  await firstSlide.getByRole('link').click();
  await expect(page).toHaveURL(/\/evento\/\d+$/);
});

test('el carrusel avanza solo cada 4 s arriba de la página y se detiene con la página desplazada', async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  const scripts = scriptsRequested(page);
  await page.clock.install();
  await page.goto('/');
  await expect(slideButtons(page).first()).toHaveAttribute('aria-current', 'true');
  // A visitor who only reads: nothing runs until the carousel's first move is near (decision 0055).
  await page.locator('#root[data-awaiting-use]').waitFor({ state: 'attached' });
  expect(scripts.filter((path) => /\/islands\/assets\/event-carousel-/.test(path))).toEqual([]);
  const total = await slideButtons(page).count();

  // Still, the first move comes 4 s after the page arrived.
  await page.clock.runFor(4_100);
  await expect.poll(() => currentSlide(page)).toBe(1);
  await expect(page.locator('#root[data-live]')).toHaveCount(1);

  await page.evaluate(() => window.scrollTo(0, 400));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(100);
  const whileScrolled = await currentSlide(page);
  await page.clock.runFor(13_000);
  expect(await currentSlide(page)).toBe(whileScrolled);

  await page.evaluate(() => window.scrollTo(0, 0));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  await page.clock.runFor(4_100);
  await expect.poll(() => currentSlide(page)).toBe((whileScrolled + 1) % total);
});

test('el evento agotado lleva la marca de agotado en el carrusel', async ({ page }) => {
  await page.goto('/');
  await carousel(page)
    .getByRole('button', { name: /^Ir al evento \d+: Singles Party: noche de salsa$/ })
    .click();
  const slide = carousel(page).getByRole('group', { name: /Singles Party: noche de salsa/ });
  await expect(slide.getByText('Agotado', { exact: true })).toBeVisible();
  await expect(
    slide.getByRole('img', { name: 'Imagen del evento Singles Party: noche de salsa' }),
  ).toBeVisible();

  await carousel(page)
    .getByRole('button', { name: /^Ir al evento \d+: Speed Dating en la Roma$/ })
    .click();
  const open = carousel(page).getByRole('group', { name: /Speed Dating en la Roma/ });
  await expect(open.getByText('Agotado')).toHaveCount(0);
});

test('los contadores esperan a verse, suben de uno en uno y se detienen en sus topes', async ({ page }) => {
  // A phone held sideways or a short window: the counters are well below the first screen.
  await page.setViewportSize({ width: 360, height: 400 });
  await page.clock.install();
  await page.goto('/');
  await page.locator('#root[data-awaiting-use]').waitFor({ state: 'attached' });
  await page.keyboard.press('Tab');
  await page.locator('#root[data-live]').waitFor({ state: 'attached' });
  // Below the first screen they wait (decision 0054), showing the server's final figures.
  expect(await counterFigure(page, 'personas registradas')).toBe(5_000);
  await counter(page, 'personas registradas').scrollIntoViewIfNeeded();
  // The climb starts once they come near the screen.
  await expect.poll(() => counterFigure(page, 'personas registradas')).toBeLessThan(1000);
  const first = await counterFigure(page, 'personas registradas');
  expect(first).toBeGreaterThanOrEqual(100);
  expect(first).toBeLessThan(1000);

  await page.clock.runFor(2_500);
  await expect.poll(() => counterFigure(page, 'personas registradas')).toBeGreaterThanOrEqual(first + 10);

  await page.clock.fastForward('02:00:00');
  await expect(counter(page, 'personas registradas')).toContainText('5,000');
  await expect(counter(page, 'citas y eventos realizados')).toContainText('200');
  await expect(counter(page, 'interacciones')).toContainText('20,000');
  await expect(counter(page, 'match ups')).toContainText('3,000');

  await page.clock.fastForward('01:00:00');
  expect(await counterFigure(page, 'interacciones')).toBe(20_000);
  expect(await counterFigure(page, 'personas registradas')).toBe(5_000);
});

test('la página de inicio muestra los servicios y cabe en un teléfono de 360 px', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/');
  await expect(carousel(page)).toBeVisible();
  await expect(page.getByRole('link', { name: /Blind Date.*Una cena con alguien compatible/ })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
});

test('/demo muestra la misma página de inicio', async ({ page }) => {
  await page.goto('/demo');
  await expect(page.getByRole('heading', { level: 1, name: 'Conoce a alguien de verdad' })).toBeVisible();
  await expect(carousel(page)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Nuestros servicios' })).toBeVisible();
});
