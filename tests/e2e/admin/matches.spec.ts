import { expect, test } from '@playwright/test';
import { markInterest, newPerson, publishAdvert } from '../data';
import { loginAsAdmin } from '../fixtures';

test('a pair marked contacted stays contacted after a reload', async ({ page, baseURL }) => {
  const wanted = await newPerson(baseURL!);
  const admirer = await newPerson(baseURL!, { gender: 2 });
  await markInterest(baseURL!, admirer, await publishAdvert(baseURL!, wanted, 'Me gusta el cine de arte.'));
  const pair = new RegExp(`${admirer.fullName} le interesa ${wanted.fullName}`);

  await loginAsAdmin(page);
  await page.getByRole('link', { name: 'Coincidencias' }).click();
  await page.getByLabel('Buscar por nombre, correo o teléfono').fill(admirer.firstName);
  const row = page.getByRole('row', { name: pair });
  const checkbox = row.getByRole('checkbox', { name: 'Contactados' });
  await expect(checkbox).not.toBeChecked();
  await checkbox.click();
  await expect(checkbox).toBeChecked();

  await page.reload();
  await page.getByLabel('Buscar por nombre, correo o teléfono').fill(admirer.firstName);
  await expect(
    page.getByRole('row', { name: pair }).getByRole('checkbox', { name: 'Contactados' }),
  ).toBeChecked();
});

test('the quiz tab lists compatibility pairs and opens both answer sheets', async ({ page }) => {
  await loginAsAdmin(page);
  await page.goto('/admin/matches');
  await page.getByRole('tab', { name: 'Cuestionario' }).click();
  const first = page.getByRole('tabpanel').getByRole('row').nth(1);
  await expect(first).toContainText('%');
  await first.getByRole('button', { name: 'Ver respuestas' }).click();
  const dialog = page.getByRole('dialog', { name: 'Respuestas del cuestionario' });
  await expect(dialog.getByText('¿A quién te gustaría conocer?')).toHaveCount(2);
});
