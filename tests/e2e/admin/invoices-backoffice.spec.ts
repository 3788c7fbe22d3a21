import { expect, type Page, test } from '@playwright/test';
import { DEMO_CLIENTS, DEMO_EVENTS } from '../../../src/server/seed/demo-content';
import { DEMO_LAST_MONTH_PAYERS, lastMonth } from '../../../src/server/seed/demo-invoices';
import { dayInMexicoCity } from '../../../src/shared/domain/mexico-time';
import { formatCents, priceForGender } from '../../../src/shared/domain/money';
import { loginAsAdmin } from '../fixtures';

/** docs/design/28-facturas.md: the back office «Facturación» on a phone, on the demo's documents. */
test.use({ viewport: { width: 360, height: 740 } });

async function fitsIn360(page: Page, what: string): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth), what).toBeLessThanOrEqual(360);
}

/** What the demo's global invoice of last month holds: the autumn places its payers paid. */
function lastMonthGlobalCents(): number {
  const autumn = DEMO_EVENTS[9]!;
  const prices = { price_w_cents: autumn.price_w * 100, price_m_cents: autumn.price_m * 100 };
  return DEMO_LAST_MONTH_PAYERS.reduce(
    (sum, index) => sum + priceForGender(prices, DEMO_CLIENTS[index]!.gender),
    0,
  );
}

/** One document of the list: a stacked card on a phone. */
const documentRow = (page: Page, kind: string, text = '') =>
  page
    .locator('tbody > tr')
    .filter({ has: page.getByRole('cell', { name: `Documento ${kind}`, exact: true }) })
    .filter({ hasText: text });

test('en un teléfono ve los totales, la factura global del mes pasado y cierra el periodo', async ({
  page,
}) => {
  await loginAsAdmin(page);
  const menu = page.getByRole('navigation', { name: 'Administración' });
  await menu.getByRole('button', { name: 'Menú' }).click();
  await menu.getByRole('link', { name: 'Facturación' }).click();
  await expect(page).toHaveURL(/\/admin\/facturacion$/);
  await expect(page.getByRole('heading', { name: 'Facturación', level: 1 })).toBeVisible();

  // This month: the Roma place its buyer invoiced, with the three totals in pesos.
  for (const total of ['Facturado a clientes', 'En factura global', 'Notas de crédito / cancelado']) {
    await expect(page.locator(`dt:text-is("${total}") + dd`)).toHaveText(/^\$[\d,]+\.\d{2} MXN$/);
  }
  const invoice = documentRow(page, 'Factura', 'Lugar en «Speed Dating en la Roma»');
  await expect(invoice.first()).toContainText('Emitido');
  await fitsIn360(page, 'Facturación de este mes');

  // Last month: its global invoice, holding the autumn night's receipts.
  const period = lastMonth();
  await page.getByLabel('Mes', { exact: true }).fill(period.from.slice(0, 7));
  const global = documentRow(page, 'Factura global', 'Público en general');
  await expect(global).toHaveCount(1);
  await expect(global).toContainText('Emitido');
  await expect(global).toContainText(formatCents(lastMonthGlobalCents()));
  await expect(page.locator('dt:text-is("En factura global") + dd')).toHaveText(
    formatCents(lastMonthGlobalCents()),
  );
  await expect(documentRow(page, 'Recibo', 'Lugar en «Speed Dating de otoño»')).toHaveCount(
    DEMO_LAST_MONTH_PAYERS.length,
  );
  await fitsIn360(page, 'Facturación del mes pasado');

  // Back to this month, and its period closed by hand up to today.
  const today = dayInMexicoCity();
  await page.getByLabel('Mes', { exact: true }).fill(today.slice(0, 7));
  await expect(page.getByLabel('Cerrar hasta el')).toHaveValue(today);
  await page.getByRole('button', { name: 'Cerrar periodo' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Cerrar periodo' });
  await expect(dialog).toContainText('factura global');
  await dialog.getByRole('button', { name: 'Sí, cerrar' }).click();
  const outcome = page
    .getByRole('status')
    .filter({ hasText: /^(Factura global emitida por .+|No había recibos por facturar en el periodo)$/ });
  await expect(outcome).toBeVisible();
  if ((await outcome.textContent())?.startsWith('Factura global emitida')) {
    await expect(documentRow(page, 'Factura global').first()).toBeVisible();
  }
  await fitsIn360(page, 'Facturación tras cerrar el periodo');
});
