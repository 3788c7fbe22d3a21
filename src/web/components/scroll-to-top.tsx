import { useEffect } from 'react';
import { useLocation } from 'react-router';

// The document's first render keeps the scroll position: a visitor may have scrolled the
// server-rendered page before it was hydrated.
let firstRender = true;

/** The specification: the router scrolls to the top on every navigation. */
export function ScrollToTop() {
  const { pathname } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every path change by design
  useEffect(() => {
    if (firstRender) {
      firstRender = false;
      return;
    }
    window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}
