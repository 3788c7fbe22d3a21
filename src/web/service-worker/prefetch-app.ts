/// <reference lib="webworker" />
import { appChunkPaths, PREFETCH_APP } from '../lib/app-prefetch';

/** A few at a time: a slow link keeps room for what she asks meanwhile. */
const AT_ONCE = 4;

async function fetchIntoCache(chunk: string): Promise<void> {
  try {
    const response = await fetch(chunk, { credentials: 'same-origin' });
    // Read to the end: the HTTP cache keeps only a body that was read whole.
    await response.arrayBuffer();
  } catch {
    // Offline or a deploy removed it: the app fetches what it needs when it starts.
  }
}

/**
 * Fetches the chunks a member's page lists (decision 0046) into the HTTP cache, which the page's
 * own module loads then find (they are immutable), and answers on the message's port when done.
 */
export function listenForAppPrefetch(worker: ServiceWorkerGlobalScope): void {
  worker.addEventListener('message', (event) => {
    const data = event.data as { type?: string; chunks?: unknown } | null;
    if (data?.type !== PREFETCH_APP) return;
    const chunks = appChunkPaths(data.chunks);
    const done = (async () => {
      for (let index = 0; index < chunks.length; index += AT_ONCE) {
        await Promise.all(chunks.slice(index, index + AT_ONCE).map(fetchIntoCache));
      }
      event.ports[0]?.postMessage('done');
    })();
    event.waitUntil(done);
  });
}
