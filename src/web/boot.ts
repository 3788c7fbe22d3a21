import './styles.css';

/*
 * A server-rendered page is readable, and its links work, before any script runs. Its script is
 * fetched only after the page's first paint, so on a slow mobile link it does not compete with
 * the stylesheet, the font and the first picture: the islands script where the page's interactive
 * parts are islands (decision 0026), otherwise React, the router and the screens, which hydrate
 * the whole page. A button pressed (or a form sent) before then is held and replayed once the
 * page is live. A client-rendered page (an empty #root) starts the app at once.
 */
const HELD = 'button, input[type="submit"], input[type="button"]';
const held: Element[] = [];
let started: Promise<void> | null = null;

const root = document.getElementById('root');
// A page whose interactive parts are islands names their script (decision 0026).
const islands = root?.dataset.islands;

function start(): Promise<void> {
  started ??= (
    islands
      ? import(/* @vite-ignore */ islands).then(() => undefined)
      : import('./main').then((app) => app.startApp())
  ).then(replayHeld);
  return started;
}

function hold(event: Event): void {
  const target =
    event.type === 'submit'
      ? event.target
      : event.target instanceof Element
        ? event.target.closest(HELD)
        : null;
  if (!(target instanceof Element)) return;
  event.preventDefault();
  event.stopPropagation();
  held.push(target);
  void start();
}

function replayHeld(): void {
  // Marks the page as live (the browser tests wait for it).
  root?.setAttribute('data-live', '');
  document.removeEventListener('click', hold, true);
  document.removeEventListener('submit', hold, true);
  for (const element of held.splice(0)) {
    if (!element.isConnected) continue;
    if (element instanceof HTMLFormElement) element.requestSubmit();
    else if (element instanceof HTMLElement) element.click();
  }
}

function afterFirstPaint(then: () => void): void {
  if (
    typeof PerformanceObserver === 'undefined' ||
    !PerformanceObserver.supportedEntryTypes?.includes('paint')
  ) {
    window.addEventListener('load', then, { once: true });
    return;
  }
  const observer = new PerformanceObserver((entries) => {
    if (entries.getEntriesByName('first-contentful-paint').length === 0) return;
    observer.disconnect();
    // The next task: the paint is done by then.
    setTimeout(then);
  });
  observer.observe({ type: 'paint', buffered: true });
}

// A shell (the site's frame around a spinner) is not a page to keep: the app replaces it at once.
if (root?.hasChildNodes() && !root.hasAttribute('data-shell')) {
  document.addEventListener('click', hold, true);
  document.addEventListener('submit', hold, true);
  afterFirstPaint(() => void start());
} else {
  void start();
}
