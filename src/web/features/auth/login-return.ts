import { useLocation, useSearchParams } from 'react-router';

/** Why a visitor was sent to log in; shown above the form. */
const REASONS = {
  evento: 'Inicia sesión para participar en el evento. Después volverás a él.',
  interes: 'Inicia sesión para decir que te interesa esta persona. Después volverás a su anuncio.',
} as const;

export type LoginReason = keyof typeof REASONS;

/** Only a path of this site: never '//host' or an absolute URL, so the link cannot send her elsewhere. */
function safePath(path: string | null): string | null {
  return path?.startsWith('/') && !path.startsWith('//') && !path.startsWith('/\\') ? path : null;
}

/** '/ingresar?motivo=…&volver=…' from where the visitor is now, plus `extra` to restore on return. */
export function useLoginLink(): (reason: LoginReason, extra?: Record<string, string>) => string {
  const location = useLocation();
  return (reason, extra = {}) => {
    const here = new URLSearchParams(location.search);
    for (const [key, value] of Object.entries(extra)) here.set(key, value);
    const query = here.size ? `?${here}` : '';
    return `/ingresar?${new URLSearchParams({ motivo: reason, volver: `${location.pathname}${query}` })}`;
  };
}

/**
 * The way back kept while she moves between /ingresar and /registrarse: `path` with the
 * current motivo and volver, and nothing else of the page's query.
 */
export function useWayBack(): (path: '/ingresar' | '/registrarse') => string {
  const [params] = useSearchParams();
  return (path) => {
    const kept = new URLSearchParams();
    for (const key of ['motivo', 'volver']) {
      const value = params.get(key);
      if (value) kept.set(key, value);
    }
    return kept.size ? `${path}?${kept}` : path;
  };
}

/** On /ingresar and /registrarse: the line saying why, and where to go once logged in. */
export function useLoginReturn(fallback: string): { reason: string | null; next: string } {
  const [params] = useSearchParams();
  const reason = params.get('motivo');
  return {
    reason: reason && reason in REASONS ? REASONS[reason as LoginReason] : null,
    next: safePath(params.get('volver')) ?? fallback,
  };
}
