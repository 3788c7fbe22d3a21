import { useContext, useSyncExternalStore } from 'react';
import { apiPost } from '../../api/client';
import { RenderedForContext } from '../../api/rendered-for';

/**
 * The member's unread total, shown by the header on every page. A tiny store of its own rather
 * than a query: the header is also an island of the server-rendered public pages, whose script
 * carries no query cache. The live channel and every answer that knows the total write it here.
 */
let total: number | null = null;
let loading: Promise<void> | null = null;
const listeners = new Set<() => void>();

export function setUnreadTotal(value: number): void {
  if (value === total) return;
  total = value;
  for (const listener of listeners) listener();
}

/** Forgets the total (logout): the next member starts from her own. */
export function forgetUnreadTotal(): void {
  total = null;
  for (const listener of listeners) listener();
}

/** Asks the server once for the total (the first page of the list carries it). */
export function loadUnreadTotal(): Promise<void> {
  loading ??= apiPost('client/conversations/get', {})
    .then((answer) => setUnreadTotal(answer.unread_total))
    .catch(() => undefined)
    .finally(() => {
      loading = null;
    });
  return loading;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The total, or null before it is known. */
export function useUnreadTotal(): number | null {
  const renderedFor = useContext(RenderedForContext);
  return useSyncExternalStore(
    subscribe,
    () => total,
    () => renderedFor.unreadTotal,
  );
}
