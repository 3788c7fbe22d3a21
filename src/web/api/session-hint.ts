import { useContext, useSyncExternalStore } from 'react';
import { type SessionArea, sessionHint } from './client';
import { RenderedForContext } from './rendered-for';

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
  // The server renders a visitor, or the member whose page it is; the hint applies after hydration.
  const renderedFor = useContext(RenderedForContext);
  return useSyncExternalStore(
    subscribe,
    () => sessionHint(area),
    () => (area === 'client' ? renderedFor.clientId : null),
  );
}

/**
 * Navigation state that ends the client's stay: `navigate('/', { state: LEFT_CLIENT_AREA })`.
 * The id is forgotten only once '/' is on screen: forgetting it on a client page first would
 * make the guard send the person to /ingresar instead.
 */
export const LEFT_CLIENT_AREA = { leftClientArea: true } as const;
