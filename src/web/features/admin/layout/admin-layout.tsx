import { Navigate, NavLink, Outlet, useNavigate } from 'react-router';
import { apiPost, forgetSessionHint } from '../../../api/client';
import { useSessionHint } from '../../../api/session';

/** The admin menu; every screen below it sends a visitor without an admin session to /admin. */
export function AdminLayout() {
  const adminId = useSessionHint('admin');
  const navigate = useNavigate();
  if (adminId === null) return <Navigate to="/admin" replace />;

  const links = [
    { to: '/admin/dashboard', label: 'Dashboard' },
    { to: '/admin/matches', label: 'Matches' },
    { to: '/admin/events', label: 'Eventos' },
    { to: '/admin/clients', label: 'Clientes' },
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
    <div className="flex min-h-dvh flex-col md:flex-row">
      <nav aria-label="Administración" className="bg-slate-900 p-4 text-slate-100 md:w-56">
        <p className="mb-4 font-bold">Cita · Admin</p>
        <ul className="flex flex-wrap gap-2 md:flex-col">
          {links.map((link) => (
            <li key={link.to}>
              <NavLink
                to={link.to}
                end
                className={({ isActive }) =>
                  `block rounded px-3 py-1.5 text-sm ${isActive ? 'bg-slate-700' : 'hover:bg-slate-800'}`
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
              className="px-3 py-1.5 text-sm text-slate-300 hover:text-white"
            >
              Cerrar sesión
            </button>
          </li>
        </ul>
      </nav>
      <main className="flex-1 p-4 md:p-8">
        <Outlet />
      </main>
    </div>
  );
}
