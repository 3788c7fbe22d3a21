import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { forgetSessionHint, type SessionArea, sessionHint } from './client';

function subscribe(callback: () => void): () => void {
  window.addEventListener('session-hint', callback);
  window.addEventListener('storage', callback);
  return () => {
    window.removeEventListener('session-hint', callback);
    window.removeEventListener('storage', callback);
  };
}

/** The stored client or admin id (a display hint), re-rendering when it changes. */
export function useSessionHint(area: SessionArea): number | null {
  // The server renders everyone as a visitor; the hint applies right after hydration.
  return useSyncExternalStore(
    subscribe,
    () => sessionHint(area),
    () => null,
  );
}

/**
 * Navigation state that ends the client's stay: `navigate('/', { state: LEFT_CLIENT_AREA })`.
 * The id is forgotten only once '/' is on screen: forgetting it on a client page first would
 * make the guard send the person to /ingresar instead.
 */
export const LEFT_CLIENT_AREA = { leftClientArea: true } as const;

/** In the layout: forgets the client, and every cached answer about them, after leaving. */
export function useForgetClientAfterLeaving(): void {
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const left = (location.state as { leftClientArea?: boolean } | null)?.leftClientArea === true;
  useEffect(() => {
    if (!left) return;
    forgetSessionHint('client');
    queryClient.clear();
    // Drop the state so that going back to this history entry later does not log anyone out.
    navigate(location.pathname, { replace: true, state: null });
  }, [left, location.pathname, navigate, queryClient]);
}
