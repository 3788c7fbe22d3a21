import { apiPost } from '../../api/client';

/**
 * This browser's side of Web Push (docs/design/21-pocket.md): whether it can receive notifications, its
 * current subscription, subscribing after she pressed a button, and forgetting it at logout.
 */

export const PUSH_UNSUPPORTED =
  'Este navegador no puede recibir notificaciones. En iPhone, agrega Cita a tu pantalla de inicio y ábrela desde ahí.';
export const PUSH_DENIED =
  'Bloqueaste las notificaciones de Cita en este navegador. Para recibirlas, permítelas en la configuración del sitio de tu navegador.';

export type PushSupport = 'supported' | 'unsupported' | 'denied';

export function pushSupport(): PushSupport {
  if (
    typeof window === 'undefined' ||
    !('serviceWorker' in navigator) ||
    !('PushManager' in window) ||
    !('Notification' in window)
  ) {
    return 'unsupported';
  }
  return Notification.permission === 'denied' ? 'denied' : 'supported';
}

/** This browser's subscription, or null (no worker yet, none made, or push unsupported). */
export async function currentSubscription(): Promise<PushSubscription | null> {
  if (pushSupport() === 'unsupported') return null;
  const registration = await navigator.serviceWorker.getRegistration();
  return (await registration?.pushManager.getSubscription()) ?? null;
}

export class PermissionRefused extends Error {}

/**
 * Asks for permission (only ever from her press on a button), subscribes with the server's VAPID
 * key and hands the subscription to the server.
 */
export async function subscribeThisDevice(): Promise<void> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') throw new PermissionRefused();
  const { public_key: applicationServerKey } = await apiPost('client/push/key');
  const registration = await navigator.serviceWorker.ready;
  const subscription = await registration.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey,
  });
  const { endpoint, keys } = subscription.toJSON();
  await apiPost('client/push/subscribe', {
    subscription: { endpoint: endpoint ?? '', keys: { p256dh: keys?.p256dh ?? '', auth: keys?.auth ?? '' } },
  });
}

/**
 * Stops this device's notifications for her: the server forgets it first (while her session still
 * exists), then the browser drops the subscription, so the next person here gets none of hers.
 */
export async function forgetThisDevice(): Promise<void> {
  const subscription = await currentSubscription().catch(() => null);
  if (!subscription) return;
  await apiPost('client/push/unsubscribe', { endpoint: subscription.endpoint }).catch(() => undefined);
  await subscription.unsubscribe().catch(() => false);
}
