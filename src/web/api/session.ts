import { useSyncExternalStore } from 'react';
import { type SessionArea, sessionHint } from './client';

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
  return useSyncExternalStore(subscribe, () => sessionHint(area));
}
