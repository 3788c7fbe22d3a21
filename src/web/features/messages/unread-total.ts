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
/**
 * Orders the writes: each live frame takes the next tick when it arrives, each read of the server
 * when it is sent. An answer is kept only if nothing newer was written since it was asked: a read
 * sent before a frame may come back after it, with the total from before the message.
 */
let clock = 0;
let writtenAt = 0;

function write(value: number | null, at: number): void {
  writtenAt = at;
  if (value === total) return;
  total = value;
  for (const listener of listeners) listener();
}

/** A total that is true now: a live frame, or the one the page was rendered with. */
export function setUnreadTotal(value: number): void {
  clock += 1;
  write(value, clock);
}

/** Forgets the total (logout): the next member starts from her own. */
export function forgetUnreadTotal(): void {
  clock += 1;
  write(null, clock);
}

/**
 * For a request whose answer carries the total: call it as the request is sent, and give the
 * answer's total to what it returns, which keeps it unless something newer was written meanwhile.
 */
export function unreadTotalReader(): (answered: number) => void {
  clock += 1;
  const sentAt = clock;
  return (answered) => {
    if (sentAt > writtenAt) write(answered, sentAt);
  };
}

/**
 * Asks the server for the total (the first page of the list carries it). Calls while one is on
 * its way share it, but `fresh` (the live channel just opened) sends a new one: an answer to a
 * read sent before the channel was listening may miss a message nobody will announce again.
 */
export function loadUnreadTotal({ fresh = false }: { fresh?: boolean } = {}): Promise<void> {
  if (loading && !fresh) return loading;
  const keep = unreadTotalReader();
  const load = apiPost('client/conversations/get', {})
    .then((answer) => keep(answer.unread_total))
    .catch(() => undefined)
    .finally(() => {
      if (loading === load) loading = null;
    });
  loading = load;
  return load;
}

/** The total now, or null before it is known. */
export function unreadTotalNow(): number | null {
  return total;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The total, or null before it is known. */
export function useUnreadTotal(): number | null {
  const renderedFor = useContext(RenderedForContext);
  return useSyncExternalStore(subscribe, unreadTotalNow, () => renderedFor.unreadTotal);
}
