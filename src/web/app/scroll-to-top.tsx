import { useEffect } from 'react';
import { useLocation } from 'react-router';

/** The specification: the router scrolls to the top on every navigation. */
export function ScrollToTop() {
  const { pathname } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every path change by design
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}
