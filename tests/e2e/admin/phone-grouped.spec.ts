import { expect, test } from '@playwright/test';
import { formatPhone } from '../../../src/shared/domain/phone-display';
import { newPerson } from '../data';
import { loginAsAdmin } from '../fixtures';

test.use({ viewport: { width: 360, height: 740 } });

test('the clients list shows a phone grouped as Mexicans write it', async ({ page, baseURL }) => {
  const client = await newPerson(baseURL!);
  const grouped = formatPhone(client.phone);
  expect(grouped).toMatch(/^55 \d{4} \d{4}$/);
  await loginAsAdmin(page);
  await page.goto('/admin/clients');
  await page.getByLabel('Buscar cliente por nombre, correo o teléfono').fill(client.firstName.toLowerCase());
  const row = page.getByRole('row', { name: new RegExp(client.fullName) });
  await expect(row.getByRole('cell').filter({ hasText: grouped })).toBeVisible();
});
