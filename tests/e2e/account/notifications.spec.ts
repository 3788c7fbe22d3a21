import { createECDH, randomBytes } from 'node:crypto';
import { expect, type Page, test } from '@playwright/test';
import { apiContext, createEvent } from '../events-quiz/helpers';
import { loginAsClient } from '../fixtures';
import { FRESH_PASSWORD, logout, registerFreshClient } from './helpers';

/**
 * Playwright's Chromium cannot reach a real push service, so `pushManager.subscribe` cannot work
 * here (tests/api/notifications covers delivery end to end). These tests stand in for the browser's
 * permission (counting every request for it) and, where a test made a subscription through the
 * API, for the browser's own subscription object.
 */
async function fakeBrowserPush(page: Page, permission: 'default' | 'denied', endpoint?: string) {
  await page.addInitScript(
    ({ permission, endpoint }) => {
      const state = window as unknown as { permissionAsks: number; permission: string; dropped: boolean };
      state.permissionAsks = 0;
      state.permission = permission;
      state.dropped = false;
      Object.defineProperty(Notification, 'permission', { get: () => state.permission, configurable: true });
      // She answers "Bloquear" when asked.
      Notification.requestPermission = async () => {
        state.permissionAsks += 1;
        state.permission = 'denied';
        return 'denied';
      };
      if (endpoint) {
        const subscription = {
          endpoint,
          unsubscribe: async () => {
            state.dropped = true;
            return true;
          },
        };
        navigator.serviceWorker.getRegistration = async () =>
          ({
            pushManager: { getSubscription: async () => (state.dropped ? null : subscription) },
          }) as unknown as ServiceWorkerRegistration;
      }
    },
    { permission, endpoint },
  );
}

const permissionAsks = (page: Page) =>
  page.evaluate(() => (window as unknown as { permissionAsks: number }).permissionAsks);

test('en un teléfono, /configuracion guarda cada tipo de aviso y reconoce este dispositivo; al salir lo olvida', async ({
  page,
  baseURL,
}) => {
  const client = await registerFreshClient(baseURL!, 'Avisos');
  const api = await apiContext(baseURL!);
  await api.post('/api/client/login', {
    data: { access: { email: client.email, password: FRESH_PASSWORD } },
  });
  const endpoint = `https://fcm.googleapis.com/fcm/send/e2e-${randomBytes(8).toString('hex')}`;
  const ecdh = createECDH('prime256v1');
  const subscribed = await api.post('/api/client/push/subscribe', {
    data: {
      subscription: {
        endpoint,
        keys: {
          p256dh: ecdh.generateKeys().toString('base64url'),
          auth: randomBytes(16).toString('base64url'),
        },
      },
    },
  });
  expect(subscribed.ok()).toBe(true);

  await fakeBrowserPush(page, 'default', endpoint);
  await page.setViewportSize({ width: 360, height: 740 });
  await loginAsClient(page, client.email, FRESH_PASSWORD);
  await page.goto('/configuracion');
  const section = page.getByRole('region', { name: 'Notificaciones' });
  await expect(section.getByText('Este dispositivo recibe tus avisos.')).toBeVisible();
  await expect(section.getByRole('button', { name: 'Desactivar en este dispositivo' })).toBeVisible();
  const match = section.getByRole('switch', { name: 'Nuevo match' });
  await expect(match).toBeChecked();
  await match.click();
  await expect(match).not.toBeChecked();
  await expect(section.getByRole('switch', { name: 'Mensajes', exact: true })).toBeChecked();

  await page.reload();
  await expect(section.getByRole('switch', { name: 'Nuevo match' })).not.toBeChecked();
  const stored = await (await api.post('/api/client/push/preferences/get', { data: {} })).json();
  expect(stored.preferences).toMatchObject({ new_match: false, messages: true, place_freed: true });
  expect(await permissionAsks(page)).toBe(0);

  await page.setViewportSize({ width: 1280, height: 800 });
  await logout(page);
  await expect
    .poll(
      async () => (await (await api.post('/api/client/push/preferences/get', { data: {} })).json()).devices,
    )
    .toBe(0);
  expect(await page.evaluate(() => (window as unknown as { dropped: boolean }).dropped)).toBe(true);
  await api.dispose();
});

test('«¿Te avisamos?» aparece sólo tras inscribirse a un evento y pide el permiso sólo al pulsar Activar', async ({
  page,
  baseURL,
}) => {
  const name = `Evento avisos ${Date.now()}`;
  const eventId = await createEvent(baseURL!, { name, status_id: 2, price_m: 100, price_w: 100 });
  const client = await registerFreshClient(baseURL!, 'Permiso');
  await fakeBrowserPush(page, 'default');
  await page.setViewportSize({ width: 360, height: 740 });
  await loginAsClient(page, client.email, FRESH_PASSWORD);
  await page.goto('/asistencias');
  await expect(page.getByRole('heading', { name: 'Mis eventos' })).toBeVisible();
  await page.goto(`/evento/${eventId}`);
  await expect(page.getByRole('button', { name: 'Anotarme en la lista de espera' })).toBeVisible();
  await expect(page.getByText('¿Te avisamos?')).toHaveCount(0);
  expect(await permissionAsks(page)).toBe(0);

  await page.getByRole('button', { name: 'Anotarme en la lista de espera' }).click();
  await expect(page).toHaveURL(/\/asistencias$/);
  const offer = page.getByRole('complementary', { name: '¿Te avisamos?' });
  await expect(offer).toBeVisible();
  expect(await permissionAsks(page)).toBe(0);

  await offer.getByRole('button', { name: 'Activar' }).click();
  await expect(page.getByRole('alert')).toContainText(
    'Bloqueaste las notificaciones de Cita en este navegador',
  );
  expect(await permissionAsks(page)).toBe(1);

  // Answered on this device: not offered again.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Mis eventos' })).toBeVisible();
  await expect(page.getByText('¿Te avisamos?')).toHaveCount(0);
});

test('con las notificaciones bloqueadas, /configuracion lo explica y no ofrece activarlas', async ({
  page,
  baseURL,
}) => {
  const client = await registerFreshClient(baseURL!, 'Bloqueo');
  await fakeBrowserPush(page, 'denied');
  await page.setViewportSize({ width: 360, height: 740 });
  await loginAsClient(page, client.email, FRESH_PASSWORD);
  await page.goto('/configuracion');
  const section = page.getByRole('region', { name: 'Notificaciones' });
  await expect(section.getByRole('alert')).toHaveText(
    'Bloqueaste las notificaciones de Cita en este navegador. Para recibirlas, permítelas en la configuración del sitio de tu navegador.',
  );
  await expect(section.getByRole('button', { name: 'Activar en este dispositivo' })).toHaveCount(0);
  await expect(section.getByRole('switch', { name: 'Recordatorio de evento' })).toBeChecked();
  expect(await permissionAsks(page)).toBe(0);
});
