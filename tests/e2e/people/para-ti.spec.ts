import { expect, test } from '@playwright/test';
import { apiContext, FRESH_PASSWORD, registerFreshClient } from '../events-quiz/helpers';
import { loginAsClient } from '../fixtures';

/** Demo data (src/server/seed): Mariana and Diego fit each other both ways and share a lot. */
const DIEGO = 'Diego M.';

test.use({ viewport: { width: 360, height: 740 } });

test('Mariana abre /personas en "Para ti": el porcentaje en cada tarjeta y en el panel, con lo que tienen en común', async ({
  page,
}) => {
  await loginAsClient(page);
  await page.goto('/personas');
  const views = page.getByRole('group', { name: 'Qué personas ver' });
  await expect(views.getByRole('button', { name: 'Para ti' })).toHaveAttribute('aria-pressed', 'true');
  const cards = page.getByRole('list', { name: 'Anuncios' }).getByRole('listitem');
  const diego = cards.filter({ hasText: DIEGO });
  await expect(diego.getByText('85 % afín')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

  await diego.getByRole('button', { name: 'Ver perfil' }).click();
  const panel = page.getByRole('dialog', { name: DIEGO });
  await expect(panel.getByText('85 % afín')).toBeVisible();
  const reasons = panel.getByRole('list', { name: 'Lo que tienen en común' }).getByRole('listitem');
  await expect(reasons).toHaveCount(3);
  await expect(reasons.first()).toHaveText('A los dos les gusta hacer casi todo juntos');
  await panel.getByRole('button', { name: 'Cerrar' }).click();

  // Everyone, as before, without percents.
  await views.getByRole('button', { name: 'Todos' }).click();
  await expect(page).toHaveURL(/\/personas\?vista=todos$/);
  await expect(views.getByRole('button', { name: 'Todos' })).toHaveAttribute('aria-pressed', 'true');
  await expect(cards.first()).toBeVisible();
  await expect(page.getByText(/% afín/)).toHaveCount(0);
});

test('sin cuestionario, "Para ti" invita a responderlo y lleva al cuestionario', async ({
  page,
  baseURL,
}) => {
  const fresh = await registerFreshClient(baseURL!, 'Nora');
  await loginAsClient(page, fresh.email, FRESH_PASSWORD);
  await page.goto('/personas');
  await expect(page.getByText(/Responde el cuestionario de compatibilidad \(20 preguntas/)).toBeVisible();
  await page.getByRole('link', { name: 'Responder el cuestionario' }).click();
  await expect(page).toHaveURL(/\/quiz$/);
  await page.goBack();
  await page.getByRole('button', { name: 'Ver a todos' }).click();
  await expect(page).toHaveURL(/\/personas\?vista=todos$/);
  await expect(page.getByRole('list', { name: 'Anuncios' }).getByRole('listitem').first()).toBeVisible();
});

test('la página de un evento le dice a Mariana cuántas personas muy afines ya se registraron, nunca quiénes', async ({
  page,
  baseURL,
}) => {
  const api = await apiContext(baseURL!);
  const events = (await (await api.post('/api/event/get', { data: {} })).json()) as {
    events: { id: number; name: string }[];
  };
  await api.dispose();
  const roma = events.events.find((event) => event.name === 'Speed Dating en la Roma')!;
  const line = page.getByText(
    /^(1 persona muy afín a ti ya se registró|\d+ personas muy afines a ti ya se registraron)$/,
  );

  await page.goto(`/evento/${roma.id}`);
  await expect(page.getByRole('heading', { level: 1, name: roma.name })).toBeVisible();
  await expect(line).toHaveCount(0);

  await loginAsClient(page);
  await page.goto(`/evento/${roma.id}`);
  await expect(line).toBeVisible();
  await expect(line).not.toContainText(DIEGO);
});
