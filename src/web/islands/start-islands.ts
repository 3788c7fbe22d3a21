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
  'event-carousel': () => import('../features/landing/event-carousel').then((module) => module.EventCarousel),
  'community-counters': () =>
    import('../features/landing/community-counters').then((module) => module.CommunityCounters),
  // The server renders the visitor's version; a member's, with its queries, loads only for members.
  'event-actions': () =>
    sessionHint('client') === null
      ? import('../features/event-detail/visitor-actions').then((module) => module.VisitorActions)
      : import('../features/event-detail/member-actions').then((module) => module.MemberActionsIsland),
  people: () => import('../features/people/people-island').then((module) => module.PeopleIsland),
};

function isIslandName(name: string | undefined): name is IslandName {
  return name !== undefined && Object.hasOwn(ISLANDS, name);
}

/** Renders every island of the page over its server-rendered markup; resolves once all are live. */
async function startIslands(): Promise<void> {
  const boxes = [...document.querySelectorAll<HTMLElement>('[data-island]')];
  await Promise.all(
    boxes.map(async (box) => {
      const name = box.dataset.island;
      if (!isIslandName(name)) return;
      const component = (await ISLANDS[name]()) as ComponentType<Record<string, unknown>>;
      const props = box.dataset.props ? (JSON.parse(box.dataset.props) as Record<string, unknown>) : {};
      // render, not hydrate: it reuses the server's elements and also mends what differs (the
      // session menu of a member, which the shared page renders for a visitor).
      render(h(component, props), box);
    }),
  );
}

// At the top level: the import() that loads this script settles once every island is live.
await startIslands();
