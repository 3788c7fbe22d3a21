import { expect, test } from '@playwright/test';
import { newPerson, signUpForEvent, uniqueWord } from '../data';
import { createEvent } from '../events-quiz/helpers';
import { loginAsAdmin } from '../fixtures';

/** docs/design/22-places-and-money.md: confirming a paid place by hand asks how and how much, and can be undone. */
test.use({ viewport: { width: 360, height: 740 } });

test('en un teléfono confirma a mano un lugar pagado (forma de pago y monto) y lo deshace', async ({
  page,
  baseURL,
}) => {
  const name = `Noche a mano ${uniqueWord()}`;
  const eventId = await createEvent(baseURL!, { name, status_id: 1, price_m: 300, price_w: 350 });
  const person = await newPerson(baseURL!, { gender: 1 });
  await signUpForEvent(baseURL!, person, eventId);
  await loginAsAdmin(page);
  await page.goto(`/admin/event/${eventId}`);
  await page.getByRole('button', { name: 'Confirmar', exact: true }).click();

  const dialog = page.getByRole('dialog', { name: /^Confirmar el lugar de / });
  await expect(dialog.getByText('Su lugar cuesta $350.00 MXN')).toBeVisible();
  await expect(dialog.getByLabel('Monto recibido (MXN)')).toHaveValue('350.00');
  await expect(dialog.getByRole('radio', { name: 'Efectivo' })).toBeChecked();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await dialog.getByRole('radio', { name: 'Transferencia' }).check();
  await dialog.getByLabel('Monto recibido (MXN)').fill('300');
  await dialog.getByRole('button', { name: 'Confirmar lugar' }).click();

  await expect(page.getByRole('status').getByText('Asistencia confirmada')).toBeVisible();
  await expect(page.getByText('Pagado a mano · Transferencia · $300.00 MXN')).toBeVisible();

  await page.getByRole('button', { name: 'Confirmado', exact: true }).click();
  const undo = page.getByRole('alertdialog', { name: 'Deshacer la confirmación' });
  await expect(undo.getByText(/El pago registrado a mano \(\$300\.00 MXN\) se anulará/)).toBeVisible();
  await undo.getByRole('button', { name: 'Sí, deshacer' }).click();
  await expect(page.getByRole('status').getByText('Confirmación retirada')).toBeVisible();
  await expect(page.getByText('Anulado · Transferencia · $300.00 MXN')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Confirmar', exact: true })).toBeVisible();
});
