import type { FastifyInstance } from 'fastify';
import { GENDERS } from '../../shared/domain/genders';
import type { PageData } from '../../web/entry-server';
import { PEOPLE_PAGE_SIZE } from '../../web/features/people/api';
import { listPublicEvents } from '../events/public-events';
import { listPublicAdverts } from '../people/adverts';
import { landingCounterTargets } from '../stats/community-stats';

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

const success = (message: string, data: Record<string, unknown>) => ({ status: 'success', message, ...data });

/**
 * What the page's queries would fetch, under the same query keys and in the same shape as the
 * API answers (src/web/api, features/*\/api.ts), read from the same cache as the API.
 */
export async function pageData(app: FastifyInstance, url: URL, event?: unknown): Promise<PageData> {
  const path = url.pathname;
  const events = (category?: string) =>
    app.readCache.get(`events:${category ?? ''}`, () => listPublicEvents(app.db, category));
  if (path === '/' || path === '/eventos') {
    const data: PageData = [
      { key: ['events', 'public', null], data: success('Eventos', { events: await events() }) },
    ];
    if (path === '/') {
      const stats = await app.readCache.get('stats', () => landingCounterTargets(app.db));
      data.push({ key: ['stats'], data: success('Cifras de la comunidad', { stats }) });
    }
    return data;
  }
  const category = /^\/eventos\/([^/]+)$/.exec(path)?.[1];
  if (category) {
    const id = decodeURIComponent(category);
    return [
      { key: ['events', 'public', id], data: success('Eventos', { events: await events(id) }) },
      { key: ['events', 'public', null], data: success('Eventos', { events: await events() }) },
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
        viewerId: null,
        photoViewer: 'visitor',
      }),
    );
    return [
      {
        key: ['adverts', 'public', gender ?? null],
        data: {
          pages: [success('Anuncios', { ...page, offset: 0, limit: PEOPLE_PAGE_SIZE })],
          pageParams: [0],
        },
      },
    ];
  }
  return [];
}
