import { Navigate, Outlet } from 'react-router';
import { useSessionHint } from '../api/session-hint';

/** Pages of the client area send a visitor to /ingresar. */
export function ClientGuard() {
  const clientId = useSessionHint('client');
  return clientId === null ? <Navigate to="/ingresar" replace /> : <Outlet />;
}
