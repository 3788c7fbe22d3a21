import { Link, Outlet } from 'react-router';
import { useForgetClientAfterLeaving } from '../api/session';
import { Island } from '../components/islands/island';
import { ScrollToTop } from '../components/scroll-to-top';
import { Spinner } from '../components/ui/spinner';
import { SiteHeader } from './site-header';

export function PublicLayout() {
  useForgetClientAfterLeaving();
  return (
    <div className="flex min-h-dvh flex-col">
      <ScrollToTop />
      <Island name="site-header" component={SiteHeader} props={{}} />
      <main className="flex-1">
        <Outlet />
      </main>
      <SiteFooter />
    </div>
  );
}

function SiteFooter() {
  return (
    <footer className="border-t border-black/5 py-8 text-center text-sm text-muted">
      <p>
        © {new Date().getFullYear()} Cita ·{' '}
        <Link to="/aviso-privacidad" className="underline">
          Aviso de privacidad
        </Link>{' '}
        ·{' '}
        <Link to="/contacto" className="underline">
          Contacto
        </Link>
      </p>
    </footer>
  );
}

/**
 * What the server sends for a page the browser renders (the client area, the forms): the site's
 * header and footer around a spinner, so that leaving a public page for one of them never shows
 * a blank screen while the app loads.
 */
export function PageShell() {
  return (
    <div className="flex min-h-dvh flex-col">
      <SiteHeader />
      <main className="flex-1">
        <Spinner />
      </main>
      <SiteFooter />
    </div>
  );
}
