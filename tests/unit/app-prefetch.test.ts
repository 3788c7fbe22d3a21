import { describe, expect, it } from 'vitest';
import { appChunkPaths } from '../../src/web/lib/app-prefetch';

/**
 * The service worker fetches only what the list names (decision 0046): a page's list passes
 * through here, so nothing but the app's own built chunks is ever fetched by it.
 */
describe('the chunks a page asks its service worker to fetch ahead', () => {
  it('keeps the app’s built chunks, in order', () => {
    expect(appChunkPaths(['/assets/main-abc.js', '/assets/chunk-6KYCQHYJ-DWk2IMzm.js'])).toEqual([
      '/assets/main-abc.js',
      '/assets/chunk-6KYCQHYJ-DWk2IMzm.js',
    ]);
  });

  it('drops anything else: other origins, other folders, API calls, other files, non-strings', () => {
    expect(
      appChunkPaths([
        'https://elsewhere.example/assets/main.js',
        '//elsewhere.example/assets/main.js',
        '/assets/../api/client/logout.js',
        '/api/client/logout',
        '/assets/index.css',
        '/assets/main.js?x=1',
        '',
        42,
        null,
      ]),
    ).toEqual([]);
    expect(appChunkPaths('/assets/main.js')).toEqual([]);
    expect(appChunkPaths(undefined)).toEqual([]);
  });
});
