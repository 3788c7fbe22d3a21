/// <reference lib="webworker" />

/**
 * Web Push in the service worker (docs/design/21-pocket.md): the server's payload becomes a notification,
 * and a tap on it opens the page it names, in a tab of the site already open if there is one.
 */

/** What the server sends (the push domain builds it; it never carries a message's text). */
interface PushPayload {
  title: string;
  body: string;
  url: string;
  tag: string;
  kind: string;
}

const ICON = '/icons/icon-192.png';
const BADGE = '/icons/badge-96.png';
/** Shown when a push arrives unreadable: the browser requires every push to show something. */
const FALLBACK: PushPayload = {
  title: 'Cita',
  body: 'Tienes novedades en Cita',
  url: '/',
  tag: 'cita',
  kind: 'unknown',
};

function readPayload(data: PushMessageData | null): PushPayload {
  try {
    const payload = data?.json() as Partial<PushPayload> | undefined;
    if (typeof payload?.title !== 'string' || typeof payload.body !== 'string') return FALLBACK;
    return {
      title: payload.title,
      body: payload.body,
      url: typeof payload.url === 'string' ? payload.url : '/',
      tag: typeof payload.tag === 'string' ? payload.tag : (payload.kind ?? 'cita'),
      kind: typeof payload.kind === 'string' ? payload.kind : 'unknown',
    };
  } catch {
    return FALLBACK;
  }
}

/** A path on this site, or the home page: a notification never opens another site. */
export function sameOriginPath(url: unknown, origin: string): string {
  if (typeof url !== 'string' || !url.startsWith('/')) return '/';
  const target = new URL(url, origin);
  return target.origin === origin ? `${target.pathname}${target.search}${target.hash}` : '/';
}

async function openPage(scope: ServiceWorkerGlobalScope, path: string): Promise<void> {
  const windows = await scope.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const open = windows.find((client) => new URL(client.url).origin === scope.location.origin);
  if (open) {
    const focused = await open.focus();
    // navigate() works only on a page this worker controls; another one opens a new window.
    const navigated = await focused.navigate(path).catch(() => null);
    if (navigated) return;
  }
  await scope.clients.openWindow(path);
}

export function listenForPush(scope: ServiceWorkerGlobalScope): void {
  scope.addEventListener('push', (event) => {
    const payload = readPayload(event.data);
    event.waitUntil(
      scope.registration.showNotification(payload.title, {
        body: payload.body,
        tag: payload.tag,
        data: { url: payload.url, kind: payload.kind },
        icon: ICON,
        badge: BADGE,
        lang: 'es-MX',
      }),
    );
  });
  scope.addEventListener('notificationclick', (event) => {
    event.notification.close();
    const data = event.notification.data as { url?: unknown } | null;
    event.waitUntil(openPage(scope, sameOriginPath(data?.url, scope.location.origin)));
  });
}
