import { expect, test } from '@playwright/test';

test('/eventos lista los eventos próximos con fecha, precios y la marca de agotado', async ({ page }) => {
  await page.goto('/eventos');
  await expect(page.getByRole('heading', { level: 1, name: 'Próximos eventos' })).toBeVisible();
  await expect(page).toHaveTitle(/Próximos eventos/);
  const roma = page.getByRole('article').filter({ hasText: 'Speed Dating en la Roma' });
  await expect(roma).toContainText('$350.00 MXN');
  await expect(roma).toContainText('$450.00 MXN');
  await expect(roma).toContainText(/8:00 (p\. ?m\.|pm)/i);
  await expect(roma.getByText('Agotado')).toHaveCount(0);
  const salsa = page.getByRole('article').filter({ hasText: 'Singles Party: noche de salsa' });
  await expect(salsa.getByText('Agotado')).toBeVisible();
  await expect(page.getByText('Speed Dating 35+ en Coyoacán')).toHaveCount(0);
  await expect(page.getByText('Speed Dating de otoño')).toHaveCount(0);
});

test('/eventos/speed-dating muestra solo los eventos de esa categoría', async ({ page }) => {
  await page.goto('/eventos');
  await page
    .getByRole('navigation', { name: 'Categorías de eventos' })
    .getByRole('link', { name: 'Speed Dating' })
    .click();
  await expect(page).toHaveURL(/\/eventos\/speed-dating$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Eventos de Speed Dating' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Speed Dating en la Roma' })).toBeVisible();
  // The demo's speed-dating night under way today is listed for the rest of its day.
  await expect(page.getByRole('heading', { name: 'Speed Dating esta noche en la Juárez' })).toBeVisible();
  await expect(page.getByRole('article')).toHaveCount(2);
  await expect(page.getByText('Blind Date: cena a ciegas en Polanco')).toHaveCount(0);
});

test('una categoría sin eventos lo dice y ofrece los demás eventos', async ({ page }) => {
  await page.goto('/eventos/karaoke');
  await expect(page.getByText('No hay eventos próximos de esta categoría')).toBeVisible();
  await expect(
    page.getByRole('heading', { name: 'Conoce otros eventos que te pueden interesar' }),
  ).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Speed Dating en la Roma' })).toBeVisible();
});

test('las etiquetas de categoría de una tarjeta llevan a esa categoría', async ({ page }) => {
  await page.goto('/eventos');
  const blindDate = page.getByRole('article').filter({ hasText: 'Blind Date: cena a ciegas en Polanco' });
  await blindDate
    .getByRole('list', { name: 'Categorías' })
    .getByRole('link', { name: 'Match Making' })
    .click();
  await expect(page).toHaveURL(/\/eventos\/match-making$/);
  await expect(page.getByRole('heading', { name: 'Blind Date: cena a ciegas en Polanco' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Speed Dating en la Roma' })).toHaveCount(0);
});
