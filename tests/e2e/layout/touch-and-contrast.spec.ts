import { expect, type Locator, type Page, test } from '@playwright/test';
import { call, personApi } from '../data';
import { createEvent } from '../events-quiz/helpers';
import { conversationId, mutualPair, PHONE, phoneFor, sendThroughApi } from '../messages/helpers';

/** WCAG's 44 px floor for what a thumb presses. */
const TOUCH = 44;

async function tallEnough(control: Locator, what: string): Promise<void> {
  const box = await control.boundingBox();
  expect(box, what).not.toBeNull();
  expect(box!.height, `${what}: ${box!.height} px de alto`).toBeGreaterThanOrEqual(TOUCH);
  expect(box!.width, `${what}: ${box!.width} px de ancho`).toBeGreaterThanOrEqual(TOUCH);
}

/** WCAG 2 contrast of the element's text colour on its own background colour. */
async function contrastOf(control: Locator): Promise<number> {
  return control.evaluate((element) => {
    const style = getComputedStyle(element);
    // The browser resolves any colour (oklch too) to sRGB through a canvas.
    const canvas = document.createElement('canvas').getContext('2d')!;
    const rgb = (colour: string) => {
      canvas.fillStyle = colour;
      canvas.fillRect(0, 0, 1, 1);
      return [...canvas.getImageData(0, 0, 1, 1).data.slice(0, 3)];
    };
    const luminance = (colour: string) => {
      const [r, g, b] = rgb(colour).map((channel) => {
        const c = channel / 255;
        return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      }) as [number, number, number];
      return 0.2126 * r + 0.7152 * g + 0.0722 * b;
    };
    const [light, dark] = [luminance(style.color), luminance(style.backgroundColor)].sort(
      (a, b) => b - a,
    ) as [number, number];
    return (light + 0.05) / (dark + 0.05);
  });
}

async function shareContact(baseURL: string, person: Parameters<typeof personApi>[1], conversation: number) {
  const api = await personApi(baseURL, person);
  await call(api, '/api/client/whatsapp/share', { conversation_id: conversation });
  await api.dispose();
}

async function openMenu(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: 'Abrir menú' }).click();
  return page.getByRole('list', { name: 'Menú de usuario' });
}

test.use({ viewport: PHONE });

test('en un teléfono su menú muestra sus páginas al abrirlo y cada control se toca con el pulgar', async ({
  browser,
  baseURL,
}) => {
  const { her, other } = await mutualPair(baseURL!);
  const conversation = await conversationId(baseURL!, her, other);
  await sendThroughApi(baseURL!, other, conversation, 'Hola, ¿vamos por un café?');
  await shareContact(baseURL!, her, conversation);
  await shareContact(baseURL!, other, conversation);
  const eventId = await createEvent(baseURL!, {
    name: 'Noche del pulgar',
    status_id: 1,
    price_m: 1,
    price_w: 1,
  });
  const { context, page } = await phoneFor(browser, baseURL!, her);

  // No second menu named after her profile: «Abrir menú» shows every page of hers.
  await page.goto('/intereses');
  const menu = await openMenu(page);
  await expect(page.getByText('Ver perfil', { exact: true })).toHaveCount(0);
  for (const label of ['Mis eventos', 'Trae a alguien', 'Configuración']) {
    await tallEnough(menu.getByRole('link', { name: label }), label);
  }
  await tallEnough(menu.getByRole('button', { name: 'Cerrar sesión' }), 'Cerrar sesión');

  await page.goto(`/mensajes/${conversation}`);
  await tallEnough(page.getByRole('button', { name: 'Reportar mensaje' }), 'Reportar mensaje');
  const whatsapp = page
    .getByRole('region', { name: 'Contacto compartido', exact: true })
    .getByRole('link', { name: 'Escríbele por WhatsApp' });
  await tallEnough(whatsapp, 'Escríbele por WhatsApp');
  expect(await contrastOf(whatsapp)).toBeGreaterThanOrEqual(4.5);

  await page.goto(`/evento/${eventId}`);
  await tallEnough(page.getByRole('button', { name: 'Participar' }), 'Participar');

  await page.goto('/configuracion');
  const switches = page.getByRole('switch');
  await expect(switches.first()).toBeVisible();
  for (const control of await switches.all()) {
    await tallEnough(control, `interruptor «${await control.getAttribute('id')}»`);
  }
  await context.close();
});
