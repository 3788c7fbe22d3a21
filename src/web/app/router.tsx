import { createBrowserRouter } from 'react-router';
import { adminRoutes } from '../features/admin/admin-route-tree';
import { publicRoutes } from './public-routes';

/** Every screen of the site: the public site and client area, and the back office under /admin. */
export const router = createBrowserRouter([...publicRoutes, ...adminRoutes]);
