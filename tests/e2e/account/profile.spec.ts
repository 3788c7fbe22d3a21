import { expect, test } from '@playwright/test';
import { QUIZ_QUESTIONS } from '../../../src/shared/domain/quiz-questions';
import { loginAsClient } from '../fixtures';
import { FRESH_PASSWORD, registerFreshClient } from './helpers';

test.beforeEach(async ({ page, baseURL }) => {
  const client = await registerFreshClient(baseURL!, 'Perfil');
  await loginAsClient(page, client.email, FRESH_PASSWORD);
});

test('edita los datos personales y siguen guardados al recargar', async ({ page }) => {
  await page.goto('/perfil');
  const data = page.getByRole('article', { name: 'Datos personales' });
  await expect(data.getByText('Perfil Prueba')).toBeVisible();
  await expect(data.getByText('No es público')).toHaveCount(3);

  await data.getByRole('button', { name: 'Editar' }).click();
  const modal = page.getByRole('dialog', { name: 'Editar datos personales' });
  await modal.getByLabel('Nombre').fill('Renata');
  await modal.getByLabel('Género').selectOption('LGBTQ+');
  await modal.getByLabel('Fecha de nacimiento').fill('1988-12-24');
  await modal.getByLabel('Instagram').fill('@renata.e2e');
  await modal.getByLabel('Ocupación').fill('Fotógrafa');
  await modal.getByRole('button', { name: 'Guardar' }).click();
  await expect(modal).toBeHidden();

  await page.reload();
  await expect(data.getByText('Renata Prueba')).toBeVisible();
  await expect(data.getByText('LGBTQ+')).toBeVisible();
  await expect(data.getByText('@renata.e2e')).toBeVisible();
  await expect(data.getByText('Fotógrafa')).toBeVisible();
  await expect(data.getByText('24 de diciembre de 1988')).toBeVisible();
});

test('el modal de edición muestra el mensaje del servidor para una persona menor de edad', async ({
  page,
}) => {
  await page.goto('/perfil');
  await page.getByRole('button', { name: 'Editar' }).click();
  const modal = page.getByRole('dialog', { name: 'Editar datos personales' });
  const lastYear = new Date().getFullYear() - 1;
  await modal.getByLabel('Fecha de nacimiento').fill(`${lastYear}-01-01`);
  await modal.getByRole('button', { name: 'Guardar' }).click();
  await expect(modal.getByText('Debes ser mayor de edad (18 años o más)')).toBeVisible();
});

test('solicita un cambio de anuncio y lo ve pendiente de aprobación', async ({ page }) => {
  await page.goto('/perfil');
  const advert = page.getByRole('article', { name: 'Mi anuncio' });
  await expect(advert.getByText('No has escrito un anuncio')).toBeVisible();
  await expect(
    advert.getByText('Todos los cambios deben ser aprobados antes de ser publicados'),
  ).toBeVisible();

  await advert.getByRole('button', { name: 'Actualizar' }).click();
  const modal = page.getByRole('dialog', { name: 'Actualizar anuncio' });
  const visibility = modal.getByLabel('Visibilidad');
  await expect(visibility).toHaveValue('1');
  await expect(visibility.getByRole('option', { name: 'Activo', exact: true })).toBeDisabled();
  await expect(visibility.getByRole('option', { name: 'Inactivo', exact: true })).toBeEnabled();
  await modal.getByLabel('Cuéntanos brevemente sobre ti').fill('Me gusta caminar por Coyoacán los domingos.');
  await modal.getByRole('button', { name: 'Solicitar aprobación' }).click();
  await expect(modal).toBeHidden();

  await expect(advert.getByText('Cambio pendiente de aprobación')).toBeVisible();
  await expect(advert.getByText('Me gusta caminar por Coyoacán los domingos.')).toBeVisible();
  await expect(advert.getByText('No se muestra')).toBeVisible();
  await expect(
    advert.getByText('Todos los cambios deben ser aprobados antes de ser publicados'),
  ).toBeVisible();
  await page.reload();
  await expect(advert.getByText('Me gusta caminar por Coyoacán los domingos.')).toBeVisible();
});

test('contesta el quiz y ve sus respuestas en /perfil', async ({ page }) => {
  await page.goto('/perfil');
  const quiz = page.getByRole('article', { name: 'Quiz de compatibilidad' });
  await expect(quiz.getByText('No has respondido el quiz')).toBeVisible();
  await quiz.getByRole('link', { name: 'Contestar' }).click();
  await expect(page).toHaveURL(/\/quiz$/);
  await page.getByRole('button', { name: 'Comenzar' }).click();
  for (const [index, question] of QUIZ_QUESTIONS.entries()) {
    await expect(page.getByText(`Pregunta ${index + 1} de 20`)).toBeVisible();
    await page.getByRole('button', { name: question.options[0]!.text, exact: true }).click();
  }
  await page.getByRole('button', { name: 'Finalizar' }).click();
  await expect(page).toHaveURL(/\/perfil$/);

  await expect(quiz.getByRole('link', { name: 'Contestar de nuevo' })).toBeVisible();
  for (const question of [QUIZ_QUESTIONS[0], QUIZ_QUESTIONS[9], QUIZ_QUESTIONS[19]]) {
    const item = quiz.getByRole('listitem').filter({ hasText: question.text });
    await expect(item).toContainText(question.options[0]!.text);
  }
  await expect(quiz.getByRole('listitem')).toHaveCount(20);
});

test('/perfil y /configuracion caben en un teléfono de 360 px', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  for (const path of ['/perfil', '/configuracion']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  }
  await page.goto('/perfil');
  await page.getByRole('button', { name: 'Actualizar' }).click();
  await expect(page.getByRole('button', { name: 'Solicitar aprobación' })).toBeInViewport();
});
