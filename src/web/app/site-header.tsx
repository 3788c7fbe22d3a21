import { ChevronDown, Heart, Menu, MessageCircle, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link, NavLink, useNavigate } from 'react-router';
import { apiPost } from '../api/client';
import { LEFT_CLIENT_AREA, useSessionHint } from '../api/session-hint';
import { loadUnreadTotal, useUnreadTotal } from '../features/messages/unread-total';
import { forgetThisDevice } from '../features/notifications/this-device';

const PUBLIC_LINKS = [
  { to: '/personas', label: 'Personas' },
  { to: '/eventos', label: 'Eventos' },
  { to: '/nosotros', label: 'Nosotros' },
];

const USER_LINKS = [
  { to: '/intereses', label: 'Mis intereses' },
  { to: '/asistencias', label: 'Mis eventos' },
  { to: '/perfil', label: 'Mi perfil' },
  { to: '/invitar', label: 'Trae a alguien' },
  { to: '/verificacion', label: 'Verificación' },
  { to: '/configuracion', label: 'Configuración' },
];

/**
 * The site's header: the logo, the main links and the session's menu. On a server-rendered public
 * page it is an island (src/web/islands): its links are then plain page loads.
 */
export function SiteHeader() {
  const clientId = useSessionHint('client');
  const [open, setOpen] = useState(false);
  const userMenu = useRef<HTMLDetailsElement>(null);
  const navigate = useNavigate();
  function closeMenus() {
    setOpen(false);
    if (userMenu.current) userMenu.current.open = false;
  }

  async function logout() {
    // Before the session ends: the next person on this device must not get her notifications.
    await forgetThisDevice();
    await apiPost('client/logout').catch(() => undefined);
    closeMenus();
    navigate('/', { state: LEFT_CLIENT_AREA });
  }

  return (
    <header className="sticky top-0 z-30 border-b border-black/5 bg-cream/95 backdrop-blur">
      <nav
        aria-label="Principal"
        className="mx-auto flex max-w-6xl items-center justify-between gap-4 px-4 py-3"
      >
        <Link to="/" className="flex items-center gap-2 text-xl font-bold text-accent">
          <Heart className="size-6 fill-accent" aria-hidden /> Cita
        </Link>
        {clientId === null ? null : <MessagesLink onClick={closeMenus} />}
        <button
          type="button"
          className="rounded-full p-2 md:hidden"
          aria-label={open ? 'Cerrar menú' : 'Abrir menú'}
          aria-expanded={open}
          onClick={() => setOpen(!open)}
        >
          {open ? <X aria-hidden /> : <Menu aria-hidden />}
        </button>
        <ul
          className={`${open ? 'flex' : 'hidden'} absolute inset-x-0 top-full flex-col gap-1 border-b border-black/5 bg-cream px-4 pb-4 md:static md:flex md:flex-row md:items-center md:gap-5 md:border-0 md:p-0`}
        >
          {PUBLIC_LINKS.map((link) => (
            <li key={link.to}>
              <NavLink
                to={link.to}
                onClick={closeMenus}
                className={({ isActive }) =>
                  `flex min-h-11 items-center text-sm font-medium ${isActive ? 'text-accent' : ''}`
                }
              >
                {link.label}
              </NavLink>
            </li>
          ))}
          <li>
            {clientId === null ? (
              <Link
                to="/ingresar"
                onClick={closeMenus}
                className="flex min-h-11 items-center justify-center rounded-full bg-accent px-4 text-sm font-semibold text-white"
              >
                Iniciar sesión
              </Link>
            ) : (
              // The user menu of specification §2. On a phone the folded menu already hides it: its
              // links show as soon as the menu opens, not behind a second button. On a wide screen
              // it is a native disclosure, «Mi cuenta»: no script to download.
              <>
                <div className="md:hidden">
                  <UserMenuList onNavigate={closeMenus} onLogout={logout} />
                </div>
                <details ref={userMenu} className="group relative hidden md:block">
                  <summary className="flex min-h-11 cursor-pointer list-none items-center gap-1 rounded-full bg-accent px-4 text-sm font-semibold text-white [&::-webkit-details-marker]:hidden">
                    Mi cuenta
                    <ChevronDown className="size-4 transition group-open:rotate-180" aria-hidden />
                  </summary>
                  <UserMenuList onNavigate={closeMenus} onLogout={logout} />
                </details>
              </>
            )}
          </li>
        </ul>
      </nav>
    </header>
  );
}

/** Her pages and «Cerrar sesión»; each row a full 44 px to tap on a phone. */
function UserMenuList({ onNavigate, onLogout }: { onNavigate: () => void; onLogout: () => void }) {
  return (
    <ul
      aria-label="Menú de usuario"
      className="flex flex-col border-t border-black/5 pt-1 md:absolute md:right-0 md:mt-2 md:w-48 md:rounded-2xl md:border-0 md:bg-white md:p-2 md:shadow-lg"
    >
      {USER_LINKS.map((link) => (
        <li key={link.to}>
          <NavLink
            to={link.to}
            onClick={onNavigate}
            className={({ isActive }) =>
              `flex min-h-11 items-center rounded-lg text-sm font-medium hover:bg-black/5 md:px-3 ${isActive ? 'text-accent' : ''}`
            }
          >
            {link.label}
          </NavLink>
        </li>
      ))}
      <li>
        <button
          type="button"
          onClick={onLogout}
          className="flex min-h-11 w-full items-center rounded-lg text-left text-sm font-medium text-muted hover:bg-black/5 md:px-3"
        >
          Cerrar sesión
        </button>
      </li>
    </ul>
  );
}

/**
 * "Mensajes" with her unread total, on every page she sees as a member; the live channel keeps
 * the total current, and a page without it (a server-rendered public page) asks once.
 */
function MessagesLink({ onClick }: { onClick: () => void }) {
  const unread = useUnreadTotal();
  useEffect(() => {
    if (unread === null) void loadUnreadTotal();
  }, [unread]);
  const count = unread ?? 0;
  return (
    <NavLink
      to="/mensajes"
      onClick={onClick}
      aria-label={count > 0 ? `Mensajes, ${count} sin leer` : 'Mensajes'}
      className={({ isActive }) =>
        `relative ml-auto rounded-full p-2 md:order-last md:ml-0 ${isActive ? 'text-accent' : ''}`
      }
    >
      <MessageCircle className="size-6" aria-hidden />
      {count > 0 ? (
        <span
          aria-hidden
          data-unread-total
          className="absolute -top-0.5 -right-0.5 grid min-w-5 place-items-center rounded-full bg-accent px-1 text-[11px] leading-5 font-bold text-white"
        >
          {count > 99 ? '99+' : count}
        </span>
      ) : null}
    </NavLink>
  );
}
