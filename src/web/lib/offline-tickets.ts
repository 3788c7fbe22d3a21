/**
 * The member's tickets kept on the phone for the door (docs/design/21-pocket.md, decision 0038). The page
 * asks for them while online; the service worker that controls the page keeps the answer in one
 * Cache Storage slot, and builds /asistencias from it when there is no network.
 */
export const TICKETS_URL = '/api/client/tickets';
/** One slot: the tickets of the member last logged in on this device, never anyone else's. */
export const TICKETS_CACHE = 'cita-tickets';

/** Refreshes the copy the worker keeps (only a page it controls: otherwise nobody keeps it). */
export function keepTicketsOffline(): void {
  if (typeof navigator === 'undefined' || !navigator.serviceWorker?.controller) return;
  fetch(TICKETS_URL, { credentials: 'same-origin' }).catch(() => undefined);
}

/**
 * Deletes the copy (logout, another member logging in). The worker does the same for the calls
 * it sees; this covers a page it does not control (the first visit, a hard reload).
 */
export function forgetOfflineTickets(): Promise<unknown> {
  return typeof caches === 'undefined'
    ? Promise.resolve()
    : caches.delete(TICKETS_CACHE).catch(() => undefined);
}
