import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import { adminApi, apiContext } from '../events-quiz/helpers';
import { loginAsAdmin } from '../fixtures';

/** Issue 16 / docs/design/14-back-office.md: every admin screen at 360 px, in Spanish, with every action reachable. */
test.use({ viewport: { width: 360, height: 740 } });
test.describe.configure({ mode: 'serial' });

const WIDTH = 360;
const tag = Date.now().toString(36);
const LUCIA_LAST = `Ríos${tag}`;
const PEDRO_LAST = `Peña${tag}`;
const EVENT_NAME = `Noche de prueba ${tag}`;
const OTHER_ADMIN = `Otra Admin ${tag}`;

interface World {
  lucia: { id: number; email: string };
  eventId: number;
}
let world: World;

async function signUpClient(
  baseURL: string,
  client: { first_name: string; last_name: string; gender: number; phone: string },
): Promise<{ id: number; email: string; api: APIRequestContext }> {
  const api = await apiContext(baseURL);
  const email = `${client.first_name
    .normalize('NFD')
    .replace(/\p{Mn}/gu, '')
    .toLowerCase()}.${tag}@e2e.mx`;
  const response = await api.post('/api/client/add', {
    data: {
      client: {
        ...client,
        email,
        birthday: '1993-02-11',
        occupation: 'Pruebas',
        password: 'prueba-e2e-12345',
        privacy_consent: true,
      },
    },
  });
  if (!response.ok()) throw new Error(`sign-up failed: ${await response.text()}`);
  const { client_id } = (await response.json()) as { client_id: number };
  return { id: client_id, email, api };
}

async function ok(response: Promise<{ ok(): boolean; text(): Promise<string> }>): Promise<void> {
  const done = await response;
  if (!done.ok()) throw new Error(await done.text());
}

test.beforeAll(async ({ baseURL }) => {
  const url = baseURL as string;
  const admin = await adminApi(url);
  const lucia = await signUpClient(url, {
    first_name: 'Lucía',
    last_name: LUCIA_LAST,
    gender: 1,
    phone: '55 7777 1616',
  });
  const pedro = await signUpClient(url, {
    first_name: 'Pedro',
    last_name: PEDRO_LAST,
    gender: 2,
    phone: '5588889999',
  });
  // Lucía waits for approval; Pedro's advert is published, and Lucía is interested in him.
  await ok(
    lucia.api.post('/api/client/advert/update', {
      data: { advert: { status_id: 1, description_update: `Hola, soy Lucía ${tag}` } },
    }),
  );
  await ok(
    pedro.api.post('/api/client/advert/update', {
      data: { advert: { status_id: 1, description_update: `Hola, soy Pedro ${tag}` } },
    }),
  );
  const pedroAdvert = (await (await pedro.api.post('/api/client/advert/get', { data: {} })).json()) as {
    advert: { id: number };
  };
  await ok(
    admin.post('/api/admin/clients/update', {
      data: { advert: { id: pedroAdvert.advert.id, status_id: 1, description: `Hola, soy Pedro ${tag}` } },
    }),
  );
  await ok(
    lucia.api.post('/api/client/interested/add', {
      data: { interes: { interested_id: pedroAdvert.advert.id } },
    }),
  );
  const event = await admin.post('/api/event/add', {
    data: {
      event: {
        name: EVENT_NAME,
        day: '2031-06-20',
        hour: '20:00',
        description: 'Para las pruebas en el teléfono.',
        price_m: 300,
        price_w: 300,
        limit_m: 12,
        limit_w: 10,
        category: 'networking,',
        occupation: 0,
        status_id: 1,
      },
    },
  });
  if (!event.ok()) throw new Error(await event.text());
  // Another admin of this spec's own: only another admin's panel offers the status (design §13).
  await ok(
    admin.post('/api/admin/add', {
      data: { admin: { name: OTHER_ADMIN, email: `otra.${tag}@e2e.mx`, password: 'otra-admin-12345' } },
    }),
  );
  const { event_id } = (await event.json()) as { event_id: number };
  await ok(lucia.api.post('/api/client/events/add', { data: { event_id } }));
  world = { lucia: { id: lucia.id, email: lucia.email }, eventId: event_id };
  for (const api of [admin, lucia.api, pedro.api]) await api.dispose();
});

/**
 * Nothing is cut off on the right: the page does not scroll sideways, and no box inside it hides
 * part of its content behind a sideways scroll bar of its own.
 */
async function expectNoSidewaysScroll(page: Page): Promise<void> {
  await expect
    .poll(() =>
      page.evaluate(() => {
        const root = document.scrollingElement as Element;
        const hidden = [...document.querySelectorAll('body *')].filter((element) => {
          const overflow = getComputedStyle(element).overflowX;
          return (overflow === 'auto' || overflow === 'scroll') && element.scrollWidth > element.clientWidth;
        });
        return { page: root.scrollWidth - root.clientWidth, boxes: hidden.length };
      }),
    )
    .toEqual({ page: expect.any(Number), boxes: 0 });
  const { scrollWidth, clientWidth } = await page.evaluate(() => {
    const root = document.scrollingElement as Element;
    return { scrollWidth: root.scrollWidth, clientWidth: root.clientWidth };
  });
  expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
}

/** Each of these controls is shown whole within the 360 px screen. */
async function expectOnScreen(controls: Locator): Promise<void> {
  const count = await controls.count();
  expect(count).toBeGreaterThan(0);
  for (let index = 0; index < count; index += 1) {
    const control = controls.nth(index);
    // Left and right edges only: the page may scroll down, never sideways.
    await expect(control).toBeVisible();
    const box = await control.boundingBox();
    expect(box).not.toBeNull();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(WIDTH);
  }
}

/** One row (stacked card) of a back-office table. */
const row = (page: Page, text: string | RegExp) => page.locator('tbody > tr').filter({ hasText: text });

test('el menú de administración se pliega en el teléfono y se abre con «Menú»', async ({ page }) => {
  await page.goto('/admin');
  await expect(page.getByRole('button', { name: 'Ingresar' })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await loginAsAdmin(page);
  const menu = page.getByRole('navigation', { name: 'Administración' });
  await expect(menu.getByRole('link', { name: 'Clientes' })).toBeHidden();
  await expectNoSidewaysScroll(page);
  const toggle = menu.getByRole('button', { name: 'Menú' });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  for (const label of [
    'Panel',
    'Coincidencias',
    'Eventos',
    'Clientes',
    'Administradores',
    'Mi perfil',
    'Auditoría',
  ]) {
    await expect(menu.getByRole('link', { name: label })).toBeVisible();
  }
  await menu.getByRole('link', { name: 'Clientes' }).click();
  await expect(page).toHaveURL(/\/admin\/clients$/);
  await expect(page.getByRole('heading', { name: 'Clientes' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Clientes' })).toBeHidden();
});

test('Panel: gráficas, lugares del evento y «Rechazar» al alcance en 360 px', async ({ page }) => {
  await loginAsAdmin(page);
  await expect(page.getByRole('heading', { name: 'Panel', exact: true })).toBeVisible();
  await expect(page.locator('figure').filter({ hasText: 'Registros' }).locator('canvas')).toBeVisible();
  await expect(page.locator('figure').filter({ hasText: 'Coincidencias' }).locator('canvas')).toBeVisible();
  const event = page.getByRole('article', { name: EVENT_NAME });
  await expect(event).toBeVisible();
  await expect(event.locator('dd').first()).toHaveText('1/10');
  await expect(event.locator('canvas')).toBeVisible();

  const lucia = row(page, `Lucía ${LUCIA_LAST}`);
  await expect(lucia).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectOnScreen(lucia.getByRole('button'));
  await lucia.getByRole('button', { name: 'Rechazar' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Aceptar' }).click();
  await expect(row(page, `Lucía ${LUCIA_LAST}`)).toHaveCount(0);
});

test('Coincidencias: búsqueda sin acentos, información en hoja completa y «Contactado» en 360 px', async ({
  page,
}) => {
  await loginAsAdmin(page);
  await page.goto('/admin/matches');
  await expect(page.getByRole('heading', { name: 'Coincidencias' })).toBeVisible();
  await page.getByLabel('Buscar por nombre, correo o teléfono').fill(`LUCIA RIOS${tag.toUpperCase()}`);
  const pair = row(page, `Lucía ${LUCIA_LAST} le interesa Pedro ${PEDRO_LAST}`);
  await expect(pair).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectOnScreen(pair.getByRole('button'));
  await expectOnScreen(pair.getByRole('checkbox'));

  await pair.getByRole('button', { name: 'Ver información' }).click();
  const sheet = page.getByRole('dialog', { name: 'Información de la coincidencia' });
  await expect(sheet).toBeVisible();
  await expect(sheet.getByText(world.lucia.email)).toBeVisible();
  const box = await sheet.boundingBox();
  expect(box).toMatchObject({ x: 0, y: 0, width: WIDTH, height: 740 });
  await sheet.getByRole('button', { name: 'Cerrar' }).click();

  await pair.getByRole('checkbox').click();
  await expect(pair.getByRole('checkbox')).toBeChecked();

  await page.getByLabel('Buscar por nombre, correo o teléfono').fill('');
  await page.getByRole('tab', { name: 'Cuestionario' }).click();
  await expect(page).toHaveURL(/tab=quiz/);
  const quizPair = page.getByRole('tabpanel').locator('tbody > tr').first();
  await expect(quizPair).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectOnScreen(quizPair.getByRole('button'));
  await expectOnScreen(quizPair.getByRole('checkbox'));
  await quizPair.getByRole('button', { name: 'Ver respuestas' }).click();
  const answers = page.getByRole('dialog', { name: 'Respuestas del cuestionario' });
  await expect(answers).toBeVisible();
  expect(await answers.boundingBox()).toMatchObject({ x: 0, y: 0, width: WIDTH, height: 740 });
  await expectNoSidewaysScroll(page);
});

test('Eventos y detalle del evento: tarjetas y «Confirmar» al alcance en 360 px', async ({ page }) => {
  await loginAsAdmin(page);
  await page.goto('/admin/events');
  await page.getByLabel('Buscar evento por nombre').fill(`noche de prueba ${tag}`);
  await expectNoSidewaysScroll(page);
  await page.getByRole('link', { name: new RegExp(EVENT_NAME) }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/event/${world.eventId}$`));
  const lucia = row(page, `Lucía ${LUCIA_LAST}`);
  await expect(lucia).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectOnScreen(lucia.getByRole('button'));
  await lucia.getByRole('button', { name: 'Confirmar' }).click();
  // A paid place asks how she paid; the dialog's answer is within reach on the phone too.
  const confirmPaid = page
    .getByRole('dialog', { name: /^Confirmar el lugar de / })
    .getByRole('button', { name: 'Confirmar lugar' });
  await expectOnScreen(confirmPaid);
  await confirmPaid.click();
  await expect(lucia.getByRole('button', { name: 'Confirmado' })).toBeVisible();
});

test('Clientes: «LUCIA» encuentra a Lucía por nombre y teléfono; «Eliminar» y «Reactivar» en 360 px', async ({
  page,
}) => {
  await loginAsAdmin(page);
  await page.goto('/admin/clients');
  const search = page.getByLabel('Buscar cliente por nombre, correo o teléfono');
  await search.fill('55 7777 1616');
  await expect(row(page, `Lucía ${LUCIA_LAST}`)).toBeVisible();
  await search.fill(`LUCIA RIOS${tag.toUpperCase()}`);
  const lucia = row(page, `Lucía ${LUCIA_LAST}`);
  await expect(lucia).toBeVisible();
  await expect(page.locator('tbody > tr')).toHaveCount(1);
  await expectNoSidewaysScroll(page);
  await expect(lucia.getByText('Estado')).toBeVisible();
  await expect(lucia.getByText('Activo')).toBeVisible();
  await expectOnScreen(lucia.getByRole('button'));

  await lucia.getByRole('button', { name: 'Eliminar' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Aceptar' }).click();
  await expect(lucia.getByText('Eliminado')).toBeVisible();
  await lucia.getByRole('button', { name: 'Reactivar' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Aceptar' }).click();
  await expect(lucia.getByText('Activo')).toBeVisible();
});

test('Administradores y Mi perfil: lista en tarjetas y panel a pantalla completa en 360 px', async ({
  page,
}) => {
  await loginAsAdmin(page);
  await page.goto('/admin/users');
  await expect(page.getByRole('heading', { name: 'Administradores' })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectOnScreen(page.getByRole('button', { name: 'Agregar nuevo' }));
  const other = page.locator('tbody > tr').filter({ hasText: OTHER_ADMIN });
  await expectOnScreen(other.getByRole('button'));
  await other.getByRole('button').click();
  const panel = page.getByRole('dialog', { name: 'Administrador' });
  await expect(panel).toBeVisible();
  await expect(panel.getByRole('combobox', { name: 'Estado' })).toBeVisible();
  const box = await panel.boundingBox();
  expect(box?.width).toBe(WIDTH);
  await expectNoSidewaysScroll(page);
  await panel.getByRole('button', { name: 'Cerrar' }).click();

  await page
    .getByRole('navigation', { name: 'Administración' })
    .getByRole('button', { name: 'Menú' })
    .click();
  await page.getByRole('link', { name: 'Mi perfil' }).click();
  await expect(page.getByRole('dialog', { name: 'Administrador' })).toBeVisible();
  await expectNoSidewaysScroll(page);
});

test('Auditoría: frases en español con enlace a lo que cambió, en 360 px', async ({ page }) => {
  await loginAsAdmin(page);
  await page.goto('/admin/audit');
  const entry = page.getByRole('listitem').filter({ hasText: 'reactivó la cuenta de Lucía R.' }).first();
  await expect(entry).toBeVisible();
  await expect(
    page.getByRole('listitem').filter({ hasText: `confirmó la asistencia de Lucía R. a «${EVENT_NAME}»` }),
  ).toBeVisible();
  await expect(page.getByText(/client\.reactivate|"status_id"/)).toHaveCount(0);
  await expectNoSidewaysScroll(page);
  await expectOnScreen(entry.getByRole('link', { name: 'Ver cliente' }));
  await entry.getByRole('link', { name: 'Ver cliente' }).click();
  await expect(page).toHaveURL(/\/admin\/clients\?search=/);
  await expect(page.getByLabel('Buscar cliente por nombre, correo o teléfono')).toHaveValue(
    world.lucia.email,
  );
  await expect(row(page, `Lucía ${LUCIA_LAST}`)).toBeVisible();
});
