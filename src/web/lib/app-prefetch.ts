/**
 * The app's chunks fetched ahead for a member's page (decision 0046): the page hands the list to
 * its service worker, which fetches them into the browser's HTTP cache off the page's main thread,
 * and answers on the port it was given once they are there.
 */
export const PREFETCH_APP = 'PREFETCH_APP';

/** Same as the app's own files: built chunks under /assets, nothing else. */
const CHUNK = /^\/assets\/[\w.-]+\.js$/;

export function appChunkPaths(list: unknown): string[] {
  return Array.isArray(list)
    ? list.filter((chunk): chunk is string => typeof chunk === 'string' && CHUNK.test(chunk))
    : [];
}
