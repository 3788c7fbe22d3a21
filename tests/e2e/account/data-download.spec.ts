import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { loginAsClient } from '../fixtures';
import { FRESH_PASSWORD, registerFreshClient } from './helpers';

test.use({ viewport: { width: 360, height: 740 } });

test('«Descargar mis datos» gives a file with Spanish section names and what each code means', async ({
  page,
  baseURL,
}) => {
  const client = await registerFreshClient(baseURL!, 'Descarga');
  await loginAsClient(page, client.email, FRESH_PASSWORD);
  await page.goto('/configuracion');
  const section = page.getByRole('region', { name: 'Mis datos' });
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    section.getByRole('button', { name: 'Descargar mis datos' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^mis-datos-cita-\d{4}-\d{2}-\d{2}\.json$/);
  const file = JSON.parse(fs.readFileSync((await download.path())!, 'utf8'));
  expect(Object.keys(file)).toEqual(
    expect.arrayContaining([
      'fecha de la exportación',
      'perfil',
      'inscripciones a eventos',
      'aviso de privacidad',
    ]),
  );
  expect(file).not.toHaveProperty('profile');
  expect(file.perfil).toMatchObject({ status_id: 1, 'estado de la cuenta': 'Activa' });
  expect(file.perfil.género).toMatch(/^(Mujer|Hombre|LGBTQ\+)$/);
});
