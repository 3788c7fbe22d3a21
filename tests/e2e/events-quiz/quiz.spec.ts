import { expect, test } from '@playwright/test';
import { QUIZ_QUESTIONS } from '../../../src/shared/domain/quiz-questions';
import { loginAsClient } from '../fixtures';
import { adminApi, FRESH_PASSWORD, registerFreshClient } from './helpers';

test('una persona contesta las 20 preguntas, ve el agradecimiento y Finalizar lleva a /perfil', async ({
  page,
  baseURL,
}) => {
  const client = await registerFreshClient(baseURL!, 'Quiz');
  await loginAsClient(page, client.email, FRESH_PASSWORD);
  await page.goto('/quiz');
  await expect(page.getByRole('heading', { name: 'Quiz de análisis' })).toBeVisible();
  await page.getByRole('button', { name: 'Comenzar' }).click();

  // The first question is answered twice: going back with 'Anterior' lets the person change it.
  const expected: Record<string, string> = {};
  await expect(page.getByText('Pregunta 1 de 20')).toBeVisible();
  await page.getByRole('button', { name: QUIZ_QUESTIONS[0].options[1].text, exact: true }).click();
  await expect(page.getByText('Pregunta 2 de 20')).toBeVisible();
  await page.getByRole('button', { name: 'Anterior' }).click();
  await expect(page.getByText('Pregunta 1 de 20')).toBeVisible();

  for (const [index, question] of QUIZ_QUESTIONS.entries()) {
    await expect(page.getByText(`Pregunta ${index + 1} de 20`)).toBeVisible();
    await expect(page.getByRole('heading', { name: question.text })).toBeVisible();
    const option = question.options[index % question.options.length]!;
    expected[question.key] = option.text;
    await page.getByRole('button', { name: option.text, exact: true }).click();
  }

  await expect(
    page.getByText('Nuestros algoritmos se encargarán de buscar una pareja con intereses similares'),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Finalizar' }).click();
  await expect(page).toHaveURL(/\/perfil$/);

  const admin = await adminApi(baseURL!);
  const response = await admin.post('/api/admin/matches', { data: {} });
  const { quiz } = (await response.json()) as { quiz: Record<string, unknown>[] };
  const stored = quiz.find((row) => row.client_id === client.id);
  expect(stored).toMatchObject(expected);
  await admin.dispose();
});

test('/quiz pide iniciar sesión a un visitante', async ({ page }) => {
  await page.goto('/quiz');
  await expect(page).toHaveURL(/\/ingresar$/);
});
