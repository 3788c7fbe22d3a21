import { Outlet } from 'react-router';
import { ScrollToTop } from '../../components/scroll-to-top';

/** The back office: everything under /admin, loaded as its own chunk. */
export function AdminRoot() {
  return (
    <div className="min-h-dvh bg-slate-50 text-slate-900">
      <ScrollToTop />
      <Outlet />
    </div>
  );
}
