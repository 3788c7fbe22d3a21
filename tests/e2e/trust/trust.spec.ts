import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import { adminApi, apiContext, FRESH_PASSWORD } from '../events-quiz/helpers';
import { loginAsAdmin, loginAsClient } from '../fixtures';

/** Issue 17 / docs/design/13-trust.md: blocking and reporting, from a member's screens to the admin's queue. */
test.describe.configure({ mode: 'serial' });

const tag = Date.now().toString(36);

interface Member {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  advertId: number;
}

/** A member of this spec's own, with a published advert (approved through the admin call). */
async function memberWithAdvert(
  baseURL: string,
  admin: APIRequestContext,
  firstName: string,
  gender: number,
): Promise<Member> {
  const api = await apiContext(baseURL);
  const lastName = `Confianza${tag}`;
  const email = `${firstName.toLowerCase()}.${tag}.${Math.random().toString(36).slice(2, 6)}@e2e.mx`;
  const created = await api.post('/api/client/add', {
    data: {
      client: {
        first_name: firstName,
        last_name: lastName,
        email,
        phone: '5512345678',
        birthday: '1991-03-04',
        gender,
        password: FRESH_PASSWORD,
        privacy_consent: true,
      },
    },
  });
  if (!created.ok()) throw new Error(await created.text());
  const { client_id } = (await created.json()) as { client_id: number };
  const text = `Soy ${firstName} ${tag} y me gusta el cine`;
  await api.post('/api/client/advert/update', {
    data: { advert: { status_id: 1, description_update: text } },
  });
  const { advert } = (await (await api.post('/api/client/advert/get', { data: {} })).json()) as {
    advert: { id: number };
  };
  const approved = await admin.post('/api/admin/clients/update', {
    data: { advert: { id: advert.id, status_id: 1, description: text } },
  });
  if (!approved.ok()) throw new Error(await approved.text());
  await api.dispose();
  return { id: client_id, email, firstName, lastName, advertId: advert.id };
}

const publicName = (member: Member) => `${member.firstName} ${member.lastName.charAt(0)}.`;

function card(page: Page, member: Member) {
  return page
    .getByRole('list', { name: 'Anuncios' })
    .getByRole('listitem')
    .filter({ hasText: publicName(member) });
}

async function memberPage(browser: Browser, member: Member): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await loginAsClient(page, member.email, FRESH_PASSWORD);
  return page;
}

let ana: Member;
let bruno: Member;
let carla: Member;

test.beforeAll(async ({ baseURL }) => {
  const admin = await adminApi(baseURL as string);
  carla = await memberWithAdvert(baseURL as string, admin, 'Carla', 1);
  bruno = await memberWithAdvert(baseURL as string, admin, 'Bruno', 2);
  ana = await memberWithAdvert(baseURL as string, admin, 'Ana', 1);
  await admin.dispose();
});

test('una persona bloquea a otra y desaparecen de /personas de ambas', async ({ browser }) => {
  const anaPage = await memberPage(browser, ana);
  const brunoPage = await memberPage(browser, bruno);
  // Ana looks at men, Bruno at women: each one's advert is among the newest of that list.
  await anaPage.goto('/personas?genero=2');
  await brunoPage.goto('/personas?genero=1');
  await expect(card(anaPage, bruno)).toBeVisible();
  await expect(card(brunoPage, ana)).toBeVisible();

  await card(anaPage, bruno).getByRole('button', { name: 'Ver perfil' }).click();
  const panel = anaPage.getByRole('dialog', { name: publicName(bruno) });
  await panel.getByRole('button', { name: 'Bloquear' }).click();
  await anaPage.getByRole('alertdialog').getByRole('button', { name: 'Bloquear' }).click();
  await expect(panel).toBeHidden();
  await expect(card(anaPage, bruno)).toHaveCount(0);
  await anaPage.reload();
  await expect(anaPage.getByRole('list', { name: 'Anuncios' })).toBeVisible();
  await expect(card(anaPage, bruno)).toHaveCount(0);

  await brunoPage.reload();
  await expect(brunoPage.getByRole('list', { name: 'Anuncios' })).toBeVisible();
  await expect(card(brunoPage, carla)).toBeVisible();
  await expect(card(brunoPage, ana)).toHaveCount(0);
  await anaPage.context().close();
  await brunoPage.context().close();
});

test('un reporte llega a la cola del administrador y «Ocultar anuncio» oculta el anuncio', async ({
  browser,
}) => {
  const anaPage = await memberPage(browser, ana);
  await anaPage.goto('/personas?genero=1');
  await card(anaPage, carla).getByRole('button', { name: 'Ver perfil' }).click();
  const panel = anaPage.getByRole('dialog', { name: publicName(carla) });
  await panel.getByRole('button', { name: 'Reportar' }).click();
  const form = anaPage.getByRole('dialog', { name: `Reportar a ${publicName(carla)}` });
  await form.getByLabel('Motivo').selectOption('Perfil falso');
  await form.getByLabel('Cuéntanos qué pasó (opcional)').fill(`Usa fotos de otra persona ${tag}`);
  await form.getByRole('button', { name: 'Enviar reporte' }).click();
  await expect(form.getByRole('status')).toContainText('Gracias por avisarnos');
  await anaPage.context().close();

  // The admin works from a phone.
  const adminContext = await browser.newContext({ viewport: { width: 360, height: 740 } });
  const adminPage = await adminContext.newPage();
  await loginAsAdmin(adminPage);
  await adminPage.goto('/admin/reportes');
  const report = adminPage.getByRole('article', {
    name: `Reporte sobre ${carla.firstName} ${carla.lastName}`,
  });
  await expect(report).toContainText('Perfil falso');
  await expect(report).toContainText(`Usa fotos de otra persona ${tag}`);
  await expect(report).toContainText(`Reportado por ${ana.firstName} ${ana.lastName}`);
  const width = await adminPage.evaluate(() => {
    const root = document.scrollingElement as Element;
    return root.scrollWidth - root.clientWidth;
  });
  expect(width).toBeLessThanOrEqual(0);
  await report.getByRole('button', { name: 'Ocultar anuncio' }).click();
  await expect(adminPage.getByRole('status')).toHaveText('Reporte resuelto: el anuncio ya no se muestra');
  await expect(report).toHaveCount(0);
  await adminPage.getByRole('button', { name: 'Resueltos' }).click();
  await expect(
    adminPage.getByRole('article', { name: `Reporte sobre ${carla.firstName} ${carla.lastName}` }),
  ).toContainText('Anuncio ocultado');
  await adminContext.close();

  const visitor = await browser.newPage();
  await visitor.goto('/personas?genero=1');
  await expect(visitor.getByRole('list', { name: 'Anuncios' })).toBeVisible();
  await expect(card(visitor, carla)).toHaveCount(0);
  await visitor.close();
});
