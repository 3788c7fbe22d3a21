import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router';
import { adminRoutes } from '../features/admin/admin-route-tree';
import { publicRoutes } from './public-routes';

/** Every screen of the site: the public site and client area, and the back office under /admin. */
const appRoutes: RouteObject[] = [...publicRoutes, ...adminRoutes];

/**
 * The browser router. It loads the lazy screens of the address it starts on first: a
 * server-rendered page then hydrates into the same tree the server rendered instead of an empty
 * fallback, and a page the browser renders goes straight from the server's frame to its screen.
 */
export async function createAppRouter() {
  const matches = matchRoutes(appRoutes, window.location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const loaded = await route.lazy();
      Object.assign(route, { ...loaded, lazy: undefined });
    }),
  );
  return createBrowserRouter(appRoutes);
}
