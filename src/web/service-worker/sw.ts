/// <reference lib="webworker" />
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, precacheAndRoute } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { NetworkFirst, NetworkOnly } from 'workbox-strategies';
import type { ClientTicketsAnswer } from '../../shared/contracts/tickets';
import { TICKETS_CACHE, TICKETS_URL } from '../lib/offline-tickets';
import { offlinePage, offlineTicketsPage } from './offline-page';
import { listenForAppPrefetch } from './prefetch-app';
import { listenForPush } from './push';

/*
 * Cita's service worker (docs/design/21-pocket.md, decision 0038). It keeps three things and nothing else:
 * what the offline pages need (the stylesheet, the font, the icon: precached), and the member's
 * own tickets (one slot, refreshed from the network). Every page is fetched from the network;
 * with no network a navigation gets a "Sin conexión" page, and /asistencias her tickets.
 */
declare const self: ServiceWorkerGlobalScope;

const manifest = self.__WB_MANIFEST;
precacheAndRoute(manifest);
cleanupOutdatedCaches();
const stylesheets = manifest.flatMap((entry) => {
  const url = typeof entry === 'string' ? entry : entry.url;
  return url.endsWith('.css') ? [new URL(url, self.location.origin).pathname] : [];
});

// An update waits (an open page keeps the worker it started with) until the next navigation.
self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});
// Once active, it serves every open page at once: it never served them anything they depend on.
clientsClaim();
self.addEventListener('activate', (event) => {
  // Pages start downloading while the worker wakes up.
  event.waitUntil(self.registration.navigationPreload?.enable() ?? Promise.resolve());
});

/** Answers that change who is logged in on this device: the kept tickets go with the old session. */
const SESSION_CALLS = new Set([
  '/api/client/login',
  '/api/client/logout',
  '/api/client/add',
  '/api/client/deactivate',
  '/api/admin/login',
]);
self.addEventListener('fetch', (event) => {
  const url = new URL(event.request.url);
  if (
    event.request.method === 'POST' &&
    url.origin === self.location.origin &&
    SESSION_CALLS.has(url.pathname)
  ) {
    event.waitUntil(caches.delete(TICKETS_CACHE));
  }
});

registerRoute(
  ({ url, request }) =>
    url.origin === self.location.origin && url.pathname === TICKETS_URL && request.method === 'GET',
  new NetworkFirst({
    cacheName: TICKETS_CACHE,
    plugins: [
      {
        cacheWillUpdate: async ({ response }) => (response.status === 200 ? response : null),
        // The session ended (expired, revoked, another device changed the password): forget them.
        fetchDidSucceed: async ({ response }) => {
          if (response.status === 401 || response.status === 403) await caches.delete(TICKETS_CACHE);
          return response;
        },
      },
    ],
  }),
);

/** The tickets kept for the door, or none. */
async function keptTickets(): Promise<ClientTicketsAnswer['tickets']> {
  const cache = await caches.open(TICKETS_CACHE);
  const response = await cache.match(TICKETS_URL);
  if (!response) return [];
  try {
    return ((await response.json()) as ClientTicketsAnswer).tickets ?? [];
  } catch {
    return [];
  }
}

function htmlResponse(html: string): Response {
  return new Response(html, {
    headers: {
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': 'no-store',
      'Content-Security-Policy':
        "default-src 'self'; script-src 'none'; style-src 'self'; img-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
    },
  });
}

// At the door the signal comes and goes: /asistencias gives up on the network sooner.
const ATTENDANCE_TIMEOUT_SECONDS = 6;
const pageFromNetwork = new NetworkOnly();
const attendanceFromNetwork = new NetworkOnly({ networkTimeoutSeconds: ATTENDANCE_TIMEOUT_SECONDS });

registerRoute(
  ({ request }) => request.mode === 'navigate',
  async (options) => {
    // A member navigating is the moment a waiting update takes over (decision 0038).
    self.registration.waiting?.postMessage({ type: 'SKIP_WAITING' });
    const { pathname, search } = new URL(options.request.url);
    const attendance = pathname === '/asistencias';
    try {
      return await (attendance ? attendanceFromNetwork : pageFromNetwork).handle(options);
    } catch {
      return htmlResponse(
        attendance
          ? offlineTicketsPage(await keptTickets(), stylesheets)
          : offlinePage(`${pathname}${search}`, stylesheets),
      );
    }
  },
);

listenForPush(self);
listenForAppPrefetch(self);
