/*
 * The islands script of a server-rendered public page (decision 0026). Built apart from the
 * single-page app (vite.config.ts), with Preact standing in for React and plain page loads
 * standing in for React Router (router-shim.tsx): the page's own HTML stays as the server sent it,
 * and only the marked parts come alive.
 */
import { type ComponentType, h, render } from 'preact';
import { sessionHint } from '../api/client';
import type { IslandName } from '../components/islands/island';

type Loader = () => Promise<unknown>;

const ISLANDS: Record<IslandName, Loader> = {
  'site-header': () => import('../app/site-header').then((module) => module.SiteHeader),
  'event-carousel': () =>
    import('../features/landing/event-carousel').then((module) => module.EventCarouselIsland),
  'community-counters': () =>
    import('../features/landing/community-counters').then((module) => module.CommunityCounters),
  // The server renders the visitor's version; a member's, with its queries, loads only for members.
  'event-actions': () =>
    sessionHint('client') === null
      ? import('../features/event-detail/visitor-actions').then((module) => module.VisitorActions)
      : import('../features/event-detail/member-actions').then((module) => module.MemberActionsIsland),
  people: () => import('../features/people/people-island').then((module) => module.PeopleIsland),
};

/**
 * Islands below the first screen that only animate what the server already shows: they start when
 * they come near the viewport, so a first visit's main thread is not busy with them (decision 0054).
 */
const WHEN_VISIBLE: ReadonlySet<IslandName> = new Set(['community-counters']);

function isIslandName(name: string | undefined): name is IslandName {
  return name !== undefined && Object.hasOwn(ISLANDS, name);
}

/** A new task: each island renders in its own, so none of them makes a long one with the others. */
function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

async function renderIsland(box: HTMLElement, loaded: Promise<unknown>): Promise<void> {
  const component = (await loaded) as ComponentType<Record<string, unknown>>;
  const props = box.dataset.props ? (JSON.parse(box.dataset.props) as Record<string, unknown>) : {};
  // render, not hydrate: it reuses the server's elements and also mends what differs (the
  // session menu of a member, which the shared page renders for a visitor).
  render(h(component, props), box);
}

function whenNearViewport(box: HTMLElement, start: () => void): void {
  const observer = new IntersectionObserver(
    (entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      observer.disconnect();
      start();
    },
    { rootMargin: '200px' },
  );
  // The island's box does not lay out (display: contents): what it holds is what comes into view.
  observer.observe(box.firstElementChild ?? box);
}

/**
 * Renders the page's islands over their server-rendered markup, one task each; resolves once all
 * but those waiting to be seen are live. Their scripts load together from the start.
 */
async function startIslands(): Promise<void> {
  const boxes = [...document.querySelectorAll<HTMLElement>('[data-island]')].flatMap((box) => {
    const name = box.dataset.island;
    return isIslandName(name) ? [{ box, name }] : [];
  });
  const now = boxes.filter(({ name }) => !WHEN_VISIBLE.has(name));
  const loads = now.map(({ box, name }) => ({ box, loaded: ISLANDS[name]() }));
  for (const { box, name } of boxes) {
    if (WHEN_VISIBLE.has(name)) whenNearViewport(box, () => void renderIsland(box, ISLANDS[name]()));
  }
  for (const { box, loaded } of loads) {
    await renderIsland(box, loaded);
    await nextTask();
  }
}

// At the top level: the import() that loads this script settles once the page's islands are live.
await startIslands();
