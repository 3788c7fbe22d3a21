import { expect, test } from '@playwright/test';
import { loginAsClient } from '../fixtures';
import { FRESH_PASSWORD, registerFreshClient } from './helpers';

test.use({ viewport: { width: 360, height: 740 } });

test('a notification switch says «Guardado» beside it, or why it was not saved', async ({
  page,
  baseURL,
}) => {
  const client = await registerFreshClient(baseURL!, 'Guardado');
  await loginAsClient(page, client.email, FRESH_PASSWORD);
  await page.goto('/configuracion');
  const section = page.getByRole('region', { name: 'Notificaciones' });
  const match = section.getByRole('switch', { name: 'Nuevo match' });
  const messages = section.getByRole('switch', { name: 'Mensajes', exact: true });
  await match.click();
  await expect(match).not.toBeChecked();
  // Said in a live region tied to the switch that changed, and only there.
  await expect(match).toHaveAccessibleDescription('Guardado');
  await expect(section.getByRole('status').filter({ hasText: 'Guardado' })).toHaveCount(1);
  await expect(section.getByRole('status').filter({ hasText: 'Guardado' })).toBeVisible();
  await expect(messages).toHaveAccessibleDescription('');

  // The next change fails: its own switch says so, the other one's «Guardado» is gone.
  await page.route('**/api/client/push/preferences/update', (route) => route.abort('internetdisconnected'));
  await messages.click();
  await expect(messages).toHaveAccessibleDescription(
    'No se guardó. No pudimos conectar con el servidor. Revisa tu conexión e intenta de nuevo.',
  );
  await expect(match).toHaveAccessibleDescription('');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
});
