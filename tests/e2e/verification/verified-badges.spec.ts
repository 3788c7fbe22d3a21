import { expect, type Locator, type Page, test } from '@playwright/test';
import { loginAsAdmin, loginAsClient } from '../fixtures';

/**
 * docs/design/27-verified.md with the demo's marks (src/server/seed/demo-verification.ts): one member
 * seen by the door at a past night («Verificada/o en persona»), Carlos with «Foto verificada», and
 * Sofía's selfies waiting in /admin/verificaciones. The tests run in this order on one server.
 */
const BADGE = /Verificad[ao] en persona|Foto verificada/;
const SOFIA = 'Sofía R.';
const IN_PERSON = /Verificad[ao] en persona · [a-z]{3} \d{4}/;

test.describe.configure({ mode: 'serial' });

async function cardsShown(page: Page): Promise<Locator> {
  const cards = page.getByRole('list', { name: 'Anuncios' }).getByRole('listitem');
  await expect(cards.first()).toBeVisible();
  return cards;
}

/** Turns «Sólo verificadas» on and checks that some cards went and every card left carries a badge. */
async function onlyVerified(page: Page): Promise<Locator> {
  const cards = await cardsShown(page);
  const before = await cards.count();
  const filter = page.getByLabel('Sólo verificadas');
  // The list is server-rendered: a tick before hydration is lost, so tick again until it filters.
  await expect(async () => {
    await filter.setChecked(false);
    await filter.setChecked(true);
    await expect.poll(() => cards.count(), { timeout: 5_000 }).toBeLessThan(before);
  }).toPass({ timeout: 20_000 });
  for (const card of await cards.all()) await expect(card.getByText(BADGE).first()).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  return cards;
}

test.describe('a 360 px', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('Mariana ve la «Foto verificada» de Carlos en /intereses y en Mensajes, en la lista y en la conversación', async ({
    page,
  }) => {
    await loginAsClient(page);
    const pair = page
      .getByRole('list', { name: 'Es mutuo' })
      .getByRole('listitem')
      .filter({ hasText: 'Carlos Hernández' });
    await expect(pair.getByText('Foto verificada')).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    await page.goto('/mensajes');
    const row = page.getByRole('link', { name: /Carlos H\./ });
    await expect(row.getByRole('img', { name: 'Foto verificada' })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await row.click();
    const name = page.getByRole('heading', { name: 'Carlos H.', exact: true });
    const header = page.locator('header').filter({ has: name });
    await expect(header.getByRole('img', { name: 'Foto verificada' })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  });

  test('«Sólo verificadas» en /personas y en Para ti deja sólo a las personas con una marca', async ({
    page,
  }) => {
    await loginAsClient(page);
    await page.goto('/personas?vista=todos');
    // Every card left carries a mark (onlyVerified), so Sofía is gone while her selfies wait.
    const cards = await onlyVerified(page);
    await expect(cards.filter({ hasText: 'Carlos H.' }).getByText('Foto verificada')).toBeVisible();
    await expect(cards.getByText(IN_PERSON)).toHaveCount(1);

    await page.goto('/personas');
    const views = page.getByRole('group', { name: 'Qué personas ver' });
    await expect(views.getByRole('button', { name: 'Para ti' })).toHaveAttribute('aria-pressed', 'true');
    await onlyVerified(page);
  });

  test('la moderadora aprueba las selfies de Sofía marcando su foto, y su «Foto verificada» aparece en /personas', async ({
    page,
  }) => {
    await loginAsAdmin(page);
    await page.goto('/admin/verificaciones');
    const queue = page.getByRole('list', { name: 'Verificaciones por revisar' }).getByRole('listitem');
    const sofia = queue.filter({ has: page.getByRole('heading', { name: /^Sofía/ }) });
    await expect(sofia.getByRole('img', { name: /^Selfie 1 de Sofía/ })).toBeVisible();
    await expect(sofia.getByText(/mira hacia arriba · levanta una mano/)).toBeVisible();
    await sofia.getByRole('checkbox', { name: /Principal/ }).check();
    await sofia.getByRole('button', { name: 'Aprobar' }).click();
    await expect(sofia).toHaveCount(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    // Her advert is past the first page of everyone: among the verified she is on the first.
    await page.goto('/personas?vista=todos');
    const cards = await onlyVerified(page);
    await expect(cards.filter({ hasText: SOFIA }).getByText('Foto verificada')).toBeVisible();
  });
});

test('a 1280 px, la lista de clientes del panel muestra las marcas junto al nombre', async ({ page }) => {
  // Who the door saw is a demo member among many: her first name, read from /personas, finds her row.
  await page.setViewportSize({ width: 360, height: 740 });
  await loginAsClient(page);
  await page.goto('/personas?vista=todos');
  const seen = (await onlyVerified(page)).filter({ hasText: IN_PERSON });
  const firstName = ((await seen.getByRole('heading').first().textContent()) ?? '').trim().split(' ')[0]!;
  await page.context().clearCookies();

  await page.setViewportSize({ width: 1280, height: 800 });
  await loginAsAdmin(page);
  await page.goto('/admin/clients?search=Carlos');
  const carlos = page.getByRole('row').filter({ hasText: 'Carlos Hernández' });
  await expect(carlos.getByText('Foto verificada')).toBeVisible();
  await page.goto(`/admin/clients?search=${encodeURIComponent(firstName)}`);
  await expect(page.getByRole('row').getByText(IN_PERSON).first()).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1280);
});
