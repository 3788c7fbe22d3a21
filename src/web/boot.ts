import './styles.css';
import { CAROUSEL_INTERVAL_MS } from '../shared/domain/landing';
import { sessionHint } from './api/client';
import { liveChannelAddress } from './api/live-address';
import type { IslandName } from './components/islands/island';
import { PUSH_OFFER_KEY } from './features/notifications/offer-key';
import { appChunkPaths, PREFETCH_APP } from './lib/app-prefetch';
import { keepTicketsOffline } from './lib/offline-tickets';

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

/** Set while a member's page waits for her first use: stops waiting. */
let stopWaitingForUse = () => {};

function start(): Promise<void> {
  stopWaitingForUse();
  root?.removeAttribute('data-awaiting-use');
  started ??= (
    islands
      ? import(/* @vite-ignore */ islands).then(() => undefined)
      : import('./main').then((app) => app.startApp())
  ).then(replayHeld);
  return started;
}

function hold(event: Event): void {
  // A file chosen before the app is live: the app gets the same choice once it is.
  if (event.type === 'change') {
    if (event.target instanceof HTMLInputElement && event.target.type === 'file') {
      held.push(event.target);
      void start();
    }
    return;
  }
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

/**
 * Enter in a box that sends with it (a conversation's composer: `enterkeyhint="send"`) would only
 * add a line before the app is live: its form is held and sent once it is, like a press.
 */
function holdEnterToSend(event: KeyboardEvent): void {
  const box = event.target;
  if (!(box instanceof HTMLTextAreaElement) || box.enterKeyHint !== 'send' || !box.form) return;
  if (event.key !== 'Enter' || event.shiftKey || event.isComposing) return;
  event.preventDefault();
  held.push(box.form);
  void start();
}

function replayHeld(): void {
  // Marks the page as live (the browser tests wait for it).
  root?.setAttribute('data-live', '');
  document.removeEventListener('click', hold, true);
  document.removeEventListener('submit', hold, true);
  document.removeEventListener('change', hold, true);
  document.removeEventListener('keydown', holdEnterToSend, true);
  for (const element of held.splice(0)) {
    if (!element.isConnected) continue;
    if (element instanceof HTMLFormElement) element.requestSubmit();
    else if (element instanceof HTMLInputElement && element.type === 'file')
      element.dispatchEvent(new Event('change', { bubbles: true }));
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

function whenIdle(then: () => void): void {
  if ('requestIdleCallback' in window) requestIdleCallback(then, { timeout: 5000 });
  else setTimeout(then, 500);
}

/** The link to another page of the site clicked, which the app's router would handle in place. */
function linkInsideSite(event: MouseEvent): HTMLAnchorElement | null {
  const modified = event.metaKey || event.ctrlKey || event.shiftKey || event.altKey;
  if (event.defaultPrevented || event.button !== 0 || modified) return null;
  const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
  const inside =
    link instanceof HTMLAnchorElement &&
    link.origin === window.location.origin &&
    !link.target &&
    !link.hasAttribute('download');
  return inside ? link : null;
}

/**
 * The service worker (decision 0038): registered once the page has painted and gone idle, so it
 * never competes with the page. An update installs in the background and waits, and the next
 * navigation brings it in: while one waits, a link inside the app becomes a full page load (the
 * router never sees the click): the page tells the new worker to take over, then loads. A page
 * load the old worker answers (a reload, an address typed) tells the new one too.
 * A member's tickets are refreshed for the door whenever a worker starts controlling the page.
 */
function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  const keepTickets = () => {
    if (sessionHint('client') !== null) keepTicketsOffline();
  };
  navigator.serviceWorker.addEventListener('controllerchange', keepTickets);
  navigator.serviceWorker.register('/sw.js').then(
    (registration) => {
      keepTickets();
      document.addEventListener(
        'click',
        (event) => {
          const waiting = registration.waiting;
          const link = linkInsideSite(event);
          if (!waiting || !link) return;
          event.stopPropagation();
          event.preventDefault();
          // The page loads once the new worker is in control, so no request is caught in the swap.
          const load = () => window.location.assign(link.href);
          navigator.serviceWorker.addEventListener('controllerchange', load, { once: true });
          setTimeout(load, 3_000);
          waiting.postMessage({ type: 'SKIP_WAITING' });
        },
        true,
      );
    },
    () => undefined,
  );
}

// A part of the app this page had not loaded yet was removed by a deploy: the page loads again
// (with the new version), once, instead of failing (Vite's documented recipe).
window.addEventListener('vite:preloadError', (event) => {
  if (sessionStorage.getItem('cita-reloaded') === window.location.href) return;
  sessionStorage.setItem('cita-reloaded', window.location.href);
  event.preventDefault();
  window.location.reload();
});

afterFirstPaint(() => whenIdle(registerServiceWorker));

function pushOfferWaiting(): boolean {
  try {
    return sessionStorage.getItem(PUSH_OFFER_KEY) !== null;
  } catch {
    return false;
  }
}

/**
 * The app's chunks this page will need (the server lists them), fetched into the browser's cache
 * by the service worker once it is ready, off the page's main thread and without running them:
 * her first use then pays the app's start, not its download on a slow link (decision 0046).
 * `data-app-fetched` marks the page once they are there.
 */
function prefetchApp(): void {
  const chunks = appChunkPaths(root?.dataset.appChunks?.split(' '));
  if (!chunks.length || !('serviceWorker' in navigator)) return;
  void navigator.serviceWorker.ready.then((registration) => {
    if (started || !registration.active) return;
    const reply = new MessageChannel();
    reply.port1.onmessage = () => root?.setAttribute('data-app-fetched', '');
    registration.active.postMessage({ type: PREFETCH_APP, chunks }, [reply.port2]);
  });
}

/** What shows that she is about to use the page, a moment before the click, the typing or the scroll. */
const FIRST_USE = ['pointerdown', 'touchstart', 'keydown', 'focusin', 'wheel'] as const;

/**
 * Starts the app at her first touch, key or focus on the page; returns how to stop waiting.
 * `data-awaiting-use` marks the page meanwhile (the browser tests wait for it).
 */
function waitForFirstUse(begin: () => void): () => void {
  for (const type of FIRST_USE) document.addEventListener(type, begin, { capture: true, passive: true });
  root?.setAttribute('data-awaiting-use', '');
  return () => {
    for (const type of FIRST_USE) document.removeEventListener(type, begin, true);
  };
}

/**
 * A member's page rendered for her (decision 0044) is read first: the app starts at her first
 * touch, key or focus on it, or as soon as the live channel has news for her (a message, a read
 * mark), which the app then shows — not while the page arrives on a slow phone. An offer of
 * notifications waiting for this page starts it at once.
 */
function startOnFirstUse(): void {
  let news: WebSocket | null = null;
  const begin = () => void start();
  if (pushOfferWaiting()) {
    begin();
    return;
  }
  const stopListening = waitForFirstUse(begin);
  stopWaitingForUse = () => {
    stopListening();
    news?.close();
  };
  prefetchApp();
  // Never reopened once closed, whatever the code: closed by the server's caps (another tab of
  // hers is newer, or her address is full; decision 0037) it cannot fight her other tabs, and her
  // first use still starts the app, whose channel knows those codes.
  try {
    news = new WebSocket(liveChannelAddress());
    news.addEventListener('message', begin, { once: true });
  } catch {
    // No live channel here: the first use starts the app.
  }
}

/**
 * Islands with nothing to do for a visitor until she uses them: the header's menu button, an
 * event's sign-up buttons, /personas' filters and profiles (buttons all: a visitor types nothing
 * there) and the landing's counters, which climb once seen over the figures the server shows. A
 * press on them is held and replayed once they are live.
 */
const ISLANDS_FOR_USE: ReadonlySet<string> = new Set<IslandName>([
  'site-header',
  'event-actions',
  'people',
  'community-counters',
]);

/**
 * The landing's carousel has nothing to do until its first move: it starts this long after the
 * page began loading (or at her first use), a second before that move is due, and moves at once
 * if it comes live late (`firstMoveAt`).
 */
const CAROUSEL_START_MS = CAROUSEL_INTERVAL_MS - 1000;
const ISLANDS_ON_TIMER: ReadonlyMap<string, number> = new Map<IslandName, number>([
  ['event-carousel', CAROUSEL_START_MS],
]);

/** The names of this page's islands, as the server marked them. */
function pageIslands(): string[] {
  return [...document.querySelectorAll<HTMLElement>('[data-island]')].map((box) => box.dataset.island ?? '');
}

/** A visitor's page whose every island waits for her use, or for its own time (decision 0055). */
function visitorPageWaitsForUse(): boolean {
  if (!islands || sessionHint('client') !== null) return false;
  // A profile asked for by the address (?anuncio=, back from logging in) opens at once.
  if (new URLSearchParams(window.location.search).has('anuncio')) return false;
  return pageIslands().every((name) => ISLANDS_FOR_USE.has(name) || ISLANDS_ON_TIMER.has(name));
}

/**
 * Such a page runs no script of its own until her first touch, key or focus, or until an island's
 * own time comes; once the browser is idle, the islands script is fetched (not run) so that first
 * press does not wait for the network.
 */
function startIslandsOnFirstUse(): void {
  const stopListening = waitForFirstUse(() => void start());
  const times = pageIslands().flatMap((name) => {
    const time = ISLANDS_ON_TIMER.get(name);
    return time === undefined ? [] : [time];
  });
  const timer = times.length
    ? window.setTimeout(() => void start(), Math.max(0, Math.min(...times) - performance.now()))
    : undefined;
  stopWaitingForUse = () => {
    stopListening();
    window.clearTimeout(timer);
  };
  whenIdle(() => {
    if (started || !islands) return;
    const preload = document.createElement('link');
    preload.rel = 'modulepreload';
    preload.href = islands;
    document.head.append(preload);
  });
}

// A shell (the site's frame around a spinner) is not a page to keep: the app replaces it at once.
if (root?.hasChildNodes() && !root.hasAttribute('data-shell')) {
  // A conversation rendered for her opens at its newest message, as the app keeps it once live.
  document.querySelector('[data-conversation-end]')?.scrollIntoView({ block: 'end' });
  document.addEventListener('click', hold, true);
  document.addEventListener('submit', hold, true);
  document.addEventListener('change', hold, true);
  document.addEventListener('keydown', holdEnterToSend, true);
  // A member's page whose every part the server could fill waits for her (decision 0044).
  afterFirstPaint(() => {
    // A press held before the first paint has started it already.
    if (started) return;
    if (root.hasAttribute('data-first-use')) startOnFirstUse();
    else if (visitorPageWaitsForUse()) startIslandsOnFirstUse();
    else void start();
  });
} else {
  void start();
}
