/*
 * What an island needs of React Router, in the islands build (vite.config.ts aliases
 * 'react-router' here): a public page has no router, so a link is a plain link and navigating
 * is a page load.
 */
import { type AnchorHTMLAttributes, useMemo, useSyncExternalStore } from 'react';
import { forgetSessionHint } from '../api/client';
import { LEFT_CLIENT_AREA } from '../api/session-hint';

type AnchorProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href' | 'className'> & { to: string };

export function Link({ to, className, ...rest }: AnchorProps & { className?: string }) {
  return <a href={to} className={className} {...rest} />;
}

/** Active for its own address and the ones below it, as React Router's NavLink. */
export function NavLink({
  to,
  className,
  ...rest
}: AnchorProps & { className?: string | ((state: { isActive: boolean }) => string) }) {
  const path = window.location.pathname;
  const isActive = path === to || path.startsWith(`${to}/`);
  return (
    <a
      href={to}
      aria-current={isActive ? 'page' : undefined}
      className={typeof className === 'function' ? className({ isActive }) : className}
      {...rest}
    />
  );
}

export function useLocation() {
  const { pathname, search, hash } = window.location;
  return { pathname, search, hash, state: null, key: 'default' };
}

export function useNavigate() {
  return (to: string, options?: { replace?: boolean; state?: unknown }) => {
    // Navigation state does not survive a page load: leaving the client area forgets the hint now.
    if (options?.state === LEFT_CLIENT_AREA) forgetSessionHint('client');
    if (options?.replace) window.location.replace(to);
    else window.location.assign(to);
  };
}

const searchListeners = new Set<() => void>();

function subscribeToSearch(listener: () => void): () => void {
  searchListeners.add(listener);
  window.addEventListener('popstate', listener);
  return () => {
    searchListeners.delete(listener);
    window.removeEventListener('popstate', listener);
  };
}

type SearchInit = Record<string, string> | URLSearchParams;

/** The address's query, kept in the history as React Router does, without a page load. */
export function useSearchParams(): [
  URLSearchParams,
  (next: SearchInit | ((current: URLSearchParams) => SearchInit), options?: { replace?: boolean }) => void,
] {
  const search = useSyncExternalStore(subscribeToSearch, () => window.location.search);
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const setParams = (
    next: SearchInit | ((current: URLSearchParams) => SearchInit),
    options?: { replace?: boolean },
  ) => {
    const value = new URLSearchParams(
      typeof next === 'function' ? next(new URLSearchParams(window.location.search)) : next,
    );
    const url = `${window.location.pathname}${value.size ? `?${value}` : ''}${window.location.hash}`;
    if (options?.replace) window.history.replaceState(null, '', url);
    else window.history.pushState(null, '', url);
    for (const listener of searchListeners) listener();
  };
  return [params, setParams];
}
