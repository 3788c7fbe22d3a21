import { Menu, X } from 'lucide-react';
import { useState } from 'react';
import { Navigate, NavLink, Outlet, useLocation, useNavigate } from 'react-router';
import { apiPost, forgetSessionHint } from '../../../api/client';
import { useSessionHint } from '../../../api/session-hint';
import { QuarantineBanner } from '../backups/quarantine-banner';

/**
 * The admin menu: a side bar on a wide screen; on a phone a top bar whose 'Menú' button opens
 * the links, closed again once one is chosen. Every screen below it sends a visitor without an
 * admin session to /admin.
 */
export function AdminLayout() {
  const adminId = useSessionHint('admin');
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [openFor, setOpenFor] = useState<string | null>(null);
  if (adminId === null) return <Navigate to="/admin" replace />;
  // Open only on the page where it was opened: following a link closes it.
  const open = openFor === pathname;

  const links = [
    { to: '/admin/dashboard', label: 'Panel' },
    { to: '/admin/matches', label: 'Coincidencias' },
    { to: '/admin/events', label: 'Eventos' },
    { to: '/admin/clients', label: 'Clientes' },
    { to: '/admin/pagos', label: 'Pagos' },
    { to: '/admin/facturacion', label: 'Facturación' },
    { to: '/admin/codigos', label: 'Códigos' },
    { to: '/admin/reportes', label: 'Reportes' },
    { to: '/admin/verificaciones', label: 'Verificaciones' },
    { to: '/admin/users', label: 'Administradores' },
    { to: `/admin/users/${adminId}`, label: 'Mi perfil' },
    { to: '/admin/audit', label: 'Auditoría' },
  ];
  async function logout() {
    await apiPost('admin/logout').catch(() => undefined);
    forgetSessionHint('admin');
    navigate('/admin');
  }
  return (
    <div className="flex min-h-dvh flex-col lg:flex-row">
      <nav
        aria-label="Administración"
        className="bg-slate-900 px-4 py-3 text-slate-100 lg:w-56 lg:shrink-0 lg:p-4 print:hidden"
      >
        <div className="flex items-center justify-between gap-3">
          <p className="font-bold lg:mb-4">Cita · Admin</p>
          <button
            type="button"
            aria-expanded={open}
            aria-controls="admin-menu"
            onClick={() => setOpenFor(open ? null : pathname)}
            className="inline-flex items-center gap-2 rounded px-3 py-1.5 text-sm hover:bg-slate-800 lg:hidden"
          >
            {open ? <X className="size-4" aria-hidden /> : <Menu className="size-4" aria-hidden />}
            Menú
          </button>
        </div>
        <ul id="admin-menu" className={`${open ? 'flex' : 'hidden'} mt-3 flex-col gap-1 lg:mt-0 lg:flex`}>
          {links.map((link) => (
            <li key={link.to}>
              <NavLink
                to={link.to}
                end
                onClick={() => setOpenFor(null)}
                className={({ isActive }) =>
                  `block rounded px-3 py-2 text-sm lg:py-1.5 ${isActive ? 'bg-slate-700' : 'hover:bg-slate-800'}`
                }
              >
                {link.label}
              </NavLink>
            </li>
          ))}
          <li>
            <button
              type="button"
              onClick={logout}
              className="w-full px-3 py-2 text-left text-sm text-slate-300 hover:text-white lg:py-1.5"
            >
              Cerrar sesión
            </button>
          </li>
        </ul>
      </nav>
      <main className="min-w-0 flex-1 p-4 lg:p-8">
        <QuarantineBanner />
        <Outlet />
      </main>
    </div>
  );
}
