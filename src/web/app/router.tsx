import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router';
import { adminRoutes } from '../features/admin/admin-route-tree';
import { publicRoutes } from './public-routes';

/** Every screen of the site: the public site and client area, and the back office under /admin. */
const appRoutes: RouteObject[] = [...publicRoutes, ...adminRoutes];

/**
 * The browser router. A server-rendered page loads the lazy screens it shows first, so that
 * hydration finds the same tree the server rendered instead of an empty fallback.
 */
export async function createAppRouter(hydrating: boolean) {
  if (hydrating) {
    const matches = matchRoutes(appRoutes, window.location) ?? [];
    await Promise.all(
      matches.map(async ({ route }) => {
        if (typeof route.lazy !== 'function') return;
        const loaded = await route.lazy();
        Object.assign(route, { ...loaded, lazy: undefined });
      }),
    );
  }
  return createBrowserRouter(appRoutes);
}
