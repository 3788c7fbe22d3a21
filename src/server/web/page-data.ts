import type { FastifyInstance } from 'fastify';
import { CITY_CODES, type CityCode } from '../../shared/domain/cities';
import { GENDERS } from '../../shared/domain/genders';
import { landingEvents } from '../../web/api/public-events';
import type { PageData } from '../../web/entry-server';
import { PEOPLE_PAGE_SIZE } from '../../web/features/people/api';
import { listPublicEvents } from '../events/public-events';
import { listPublicAdverts } from '../people/adverts';
import { landingCounters } from '../stats/community-stats';

/** Public addresses rendered on the server; the client and admin areas stay client-rendered. */
const RENDERED = [
  /^\/$/,
  /^\/eventos$/,
  /^\/eventos\/[^/]+$/,
  /^\/evento\/[^/]+$/,
  /^\/servicios$/,
  /^\/servicio\/[^/]+$/,
  /^\/personas$/,
  /^\/nosotros$/,
  /^\/contacto$/,
  /^\/aviso-privacidad$/,
];

export function isServerRendered(pathname: string): boolean {
  return RENDERED.some((pattern) => pattern.test(pathname));
}

/**
 * Rendered pages whose every interactive part is an island (decision 0026): the browser runs the
 * islands script instead of hydrating the whole app. Only an island that reads through the query
 * cache (the visitors' /personas, with 'Ver más' and the gender views) needs the page's data again.
 */
const ISLAND_PAGES: { pattern: RegExp; data: boolean }[] = [
  { pattern: /^\/$/, data: false },
  { pattern: /^\/eventos$/, data: false },
  { pattern: /^\/eventos\/[^/]+$/, data: false },
  { pattern: /^\/evento\/[^/]+$/, data: false },
  { pattern: /^\/servicios$/, data: false },
  { pattern: /^\/servicio\/[^/]+$/, data: false },
  { pattern: /^\/personas$/, data: true },
  { pattern: /^\/nosotros$/, data: false },
  { pattern: /^\/contacto$/, data: false },
  { pattern: /^\/aviso-privacidad$/, data: false },
];

export function islandPage(pathname: string): { data: boolean } | undefined {
  return ISLAND_PAGES.find((page) => page.pattern.test(pathname));
}

const success = (message: string, data: Record<string, unknown>) => ({ status: 'success', message, ...data });

/**
 * What the page's queries would fetch, under the same query keys and in the same shape as the
 * API answers (src/web/api, features/*\/api.ts), read from the same cache as the API.
 */
export async function pageData(app: FastifyInstance, url: URL, event?: unknown): Promise<PageData> {
  const path = url.pathname;
  const events = (category?: string, city?: CityCode) =>
    app.readCache.get(`events:${category ?? ''}:${city ?? ''}`, () =>
      listPublicEvents(app.db, category, city),
    );
  // /eventos?ciudad=…: the filtered list is in the HTML, so the filter works without JavaScript.
  const city = CITY_CODES.find((code) => code === url.searchParams.get('ciudad'));
  if (path === '/') {
    return [
      {
        key: ['events', 'public', 'landing'],
        data: success('Eventos', { events: landingEvents(await events()) }),
      },
      {
        key: ['stats'],
        data: success('Cifras de la comunidad', {
          stats: await landingCounters(app),
        }),
      },
    ];
  }
  if (path === '/eventos') {
    return [
      {
        key: ['events', 'public', null, city ?? null],
        data: success('Eventos', { events: await events(undefined, city) }),
      },
    ];
  }
  const category = /^\/eventos\/([^/]+)$/.exec(path)?.[1];
  if (category) {
    const id = decodeURIComponent(category);
    return [
      {
        key: ['events', 'public', id, city ?? null],
        data: success('Eventos', { events: await events(id, city) }),
      },
      {
        key: ['events', 'public', null, city ?? null],
        data: success('Eventos', { events: await events(undefined, city) }),
      },
    ];
  }
  const eventId = /^\/evento\/(\d+)$/.exec(path)?.[1];
  if (eventId) return [{ key: ['events', 'details', Number(eventId)], data: event ?? null }];
  if (path === '/personas') {
    const value = Number(url.searchParams.get('genero'));
    const gender = GENDERS.some((option) => option.id === value) ? value : undefined;
    const page = await app.readCache.get(`adverts:${gender ?? ''}:0:${PEOPLE_PAGE_SIZE}`, () =>
      // The visitor's page: a member's /personas is rendered in her browser (web-app.ts).
      listPublicAdverts(app.db, {
        gender,
        offset: 0,
        limit: PEOPLE_PAGE_SIZE,
        beforeId: undefined,
        viewerId: null,
        photoViewer: 'visitor',
      }),
    );
    return [
      {
        key: ['adverts', 'public', gender ?? null],
        data: {
          pages: [success('Anuncios', { ...page, offset: 0, limit: PEOPLE_PAGE_SIZE })],
          pageParams: [null],
        },
      },
    ];
  }
  return [];
}
