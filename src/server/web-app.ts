import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { EventDetails } from '../shared/contracts/events';
import { findPublicEvent, listPublicEvents } from './events/public-events';
import { currentClientId } from './platform/auth/guards';
import type { AppConfig } from './platform/config';
import { CachedBody } from './platform/http/cached-body';
import { appChunks, modulePreloadTags } from './web/app-preloads';
import { isMemberRendered, memberPageData } from './web/member-page-data';
import { islandPage, isServerRendered, pageData } from './web/page-data';
import {
  escapeHtml,
  eventJsonLd,
  eventPageMeta,
  type PageMeta,
  robotsTxt,
  scriptJson,
  sitemapXml,
  staticPageMeta,
} from './web/seo';

export { escapeHtml };

const HTML_TYPE = 'text/html; charset=utf-8';

export interface PageHead {
  meta: PageMeta;
  origin: string;
  image?: string;
  jsonLd?: Record<string, unknown>;
}

/** Title, description, canonical link, Open Graph tags and JSON-LD for one page. */
export function withHead(indexHtml: string, head: PageHead): string {
  const url = `${head.origin}${head.meta.canonicalPath}`;
  const og = [
    ['og:type', 'website'],
    ['og:site_name', 'Cita'],
    ['og:locale', 'es_MX'],
    ['og:title', head.meta.title],
    ['og:description', head.meta.description],
    ...(head.image ? [['og:image', head.image]] : []),
    ['og:url', url],
  ].map(([property, content]) => `<meta property="${property}" content="${escapeHtml(content ?? '')}" />`);
  const tags = [
    `<link rel="canonical" href="${escapeHtml(url)}" />`,
    ...og,
    ...(head.jsonLd ? [`<script type="application/ld+json">${scriptJson(head.jsonLd)}</script>`] : []),
  ].join('\n    ');
  const title = head.meta.title.startsWith('Cita') ? head.meta.title : `${head.meta.title} · Cita`;
  return indexHtml
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(title)}</title>`)
    .replace(
      /<meta name="description" content="[^"]*" \/>/,
      `<meta name="description" content="${escapeHtml(head.meta.description)}" />`,
    )
    .replace('</head>', `    ${tags}\n  </head>`);
}

function validId(text: string): number | null {
  const id = Number(text);
  return Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647 ? id : null;
}

/** robots.txt and sitemap.xml: they need no built web app. */
function registerFindability(app: FastifyInstance, config: AppConfig): void {
  const origin = new URL(config.publicUrl).origin;
  app.get('/robots.txt', (_request, reply) =>
    reply
      .header('Cache-Control', 'public, max-age=3600')
      .type('text/plain; charset=utf-8')
      .send(robotsTxt(origin)),
  );
  app.get('/sitemap.xml', async (_request, reply) => {
    const events = await listPublicEvents(app.db);
    return reply
      .header('Cache-Control', 'public, max-age=600')
      .type('application/xml; charset=utf-8')
      .send(
        sitemapXml(
          origin,
          events.map((event) => event.id),
        ),
      );
  });
}

/** The address of the islands script (decision 0026), from its build's manifest. */
function islandsScript(dist: string): string | undefined {
  const manifestFile = path.join(dist, 'islands', '.vite', 'manifest.json');
  if (!fs.existsSync(manifestFile)) return undefined;
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Record<
    string,
    { file: string; isEntry?: boolean }
  >;
  const entry = Object.values(manifest).find((chunk) => chunk.isEntry);
  return entry ? `/islands/${entry.file}` : undefined;
}

/** A page's query cache as the JSON the app hydrates from (data, not a script: the CSP allows it). */
function queryStateTag(state: unknown): string {
  return `\n    <script type="application/json" id="query-state">${scriptJson(state)}</script>`;
}

/** Serves the built SPA; every other non-API path gets index.html so deep links and reloads work. */
export async function registerWebApp(app: FastifyInstance, config: AppConfig): Promise<void> {
  registerFindability(app, config);
  const dist = config.webDistDir;
  const indexFile = dist ? path.join(dist, 'index.html') : undefined;
  if (!dist || !indexFile || !fs.existsSync(indexFile)) return;
  await app.register(fastifyStatic, {
    root: dist,
    wildcard: false,
    index: false,
    // The build writes .br and .gz beside each asset; the one the browser accepts is sent.
    preCompressed: true,
    setHeaders(reply, filePath) {
      const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
      // The service worker is checked on every visit, so a deploy reaches phones at once (decision 0038).
      const worker = path.basename(filePath).startsWith('sw.js');
      reply.header(
        'Cache-Control',
        hashed ? 'public, max-age=31536000, immutable' : worker ? 'no-cache' : 'public, max-age=3600',
      );
    },
  });
  const indexHtml = fs.readFileSync(indexFile, 'utf8');
  const islands = islandsScript(dist);
  const chunksFor = appChunks(dist);
  const origin = new URL(config.publicUrl).origin;
  const sendHtml = (reply: FastifyReply, html: string) =>
    reply.header('Cache-Control', 'no-cache').type(HTML_TYPE).send(html);

  const eventHead = (event: EventDetails): PageHead => ({
    meta: eventPageMeta(event),
    origin,
    image: new URL(event.image, origin).toString(),
    jsonLd: eventJsonLd(event, origin),
  });
  // React and the screens load only when there is a built web app to serve.
  const { pageState, renderPage, renderShell } = await import('../web/entry-server');

  /** The page's markup and data inside the template, or the bare template if rendering fails. */
  async function withBody(html: string, url: URL, event?: EventDetails | null): Promise<string> {
    try {
      const page = await renderPage(url.toString(), await pageData(app, url, event));
      if (!page) return html;
      const island = islands ? islandPage(url.pathname) : undefined;
      const root = island ? `<div id="root" data-islands="${escapeHtml(islands ?? '')}">` : '<div id="root">';
      // Islands carry their own props: the page's data goes along only for one that reads it.
      const state = !island || island.data ? queryStateTag(page.state) : '';
      return html.replace('<div id="root"></div>', `${root}${page.html}</div>${state}`);
    } catch (error) {
      app.log.error({ err: error, url: url.pathname }, 'server rendering failed');
      return html;
    }
  }

  /**
   * The public site's frame around a spinner while the app loads, with the app's and the page's
   * chunks preloaded; for a member, her own answers for the page and the header's unread count
   * (decision 0042). The back office and the match cards have their own frames.
   */
  async function withShell(request: FastifyRequest, pathname: string, clientId: number | null) {
    if (pathname.startsWith('/admin') || pathname.endsWith('/elecciones')) return indexHtml;
    try {
      const member =
        clientId === null ? null : await memberPageData(app, request, new URL(request.url, origin), clientId);
      const unread = member?.unreadTotal == null ? '' : ` data-unread-total="${member.unreadTotal}"`;
      // Whom the session names: the app trusts it over the browser's hint (its guard).
      const memberId = clientId === null ? '' : ` data-member="${clientId}"`;
      const state = member?.data.length ? queryStateTag(pageState(member.data)) : '';
      return indexHtml
        .replace(
          '</head>',
          `    ${modulePreloadTags(chunksFor(pathname, clientId !== null))}${member?.photoPreload ?? ''}\n  </head>`,
        )
        .replace(
          '<div id="root"></div>',
          `<div id="root" data-shell${memberId}${unread}>${renderShell(pathname)}</div>${state}`,
        );
    } catch (error) {
      app.log.error({ err: error, url: pathname }, 'rendering the page shell failed');
      return indexHtml;
    }
  }

  /**
   * A member's page rendered on the server with her own answers and her header (decision 0044):
   * readable at the first paint, then hydrated by the app. Rendering failed → the frame instead.
   */
  async function memberPage(request: FastifyRequest, pathname: string, clientId: number): Promise<string> {
    const url = new URL(request.url, origin);
    try {
      const member = await memberPageData(app, request, url, clientId);
      const page = await renderPage(url.toString(), member.data, {
        clientId,
        unreadTotal: member.unreadTotal,
      });
      if (!page) return withShell(request, pathname, clientId);
      const unread = member.unreadTotal == null ? '' : ` data-unread-total="${member.unreadTotal}"`;
      // A page the server filled whole waits for her first use, while her service worker fetches
      // (without running) what the app will need then (decisions 0044, 0046); unless it has work
      // for the app at once (a conversation's unread messages to mark read).
      const waitsForUse =
        page.complete && !member.needsAppAtOnce
          ? ` data-first-use data-app-chunks="${chunksFor(pathname, true).join(' ')}"`
          : '';
      const meta = staticPageMeta(url.pathname, url.searchParams);
      const html = meta ? withHead(indexHtml, { meta, origin }) : indexHtml;
      return html
        .replace('</head>', `${member.photoPreload}\n  </head>`)
        .replace(
          '<div id="root"></div>',
          `<div id="root" data-member="${clientId}"${unread}${waitsForUse}>${page.html}</div>` +
            queryStateTag(page.state),
        );
    } catch (error) {
      app.log.error({ err: error, url: pathname }, 'server rendering of a member page failed');
      return withShell(request, pathname, clientId);
    }
  }

  async function publicPage(requestUrl: string): Promise<{ html: string; status: number }> {
    const url = new URL(requestUrl, origin);
    const eventId = /^\/evento\/([^/]+)$/.exec(url.pathname)?.[1];
    if (eventId !== undefined) {
      const id = validId(eventId);
      const event = id === null ? null : await findPublicEvent(app.db, id);
      if (!event) return { html: await withBody(indexHtml, url, null), status: 404 };
      return { html: await withBody(withHead(indexHtml, eventHead(event)), url, event), status: 200 };
    }
    const meta = staticPageMeta(url.pathname, url.searchParams);
    return {
      html: await withBody(meta ? withHead(indexHtml, { meta, origin }) : indexHtml, url),
      status: 200,
    };
  }

  const servePage = async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.url === '/api' || request.url.startsWith('/api/')) {
      return reply.code(404).send({ status: 'warning', message: 'La dirección solicitada no existe' });
    }
    const pathname = request.url.split('?')[0] ?? '/';
    // /eventos/{id} is a second address of an event's page (the list's /eventos/{categoria} has no digits).
    const eventAlias = /^\/eventos\/(\d+)$/.exec(pathname)?.[1];
    if (eventAlias !== undefined) return reply.redirect(`/evento/${eventAlias}`, 301);
    // A member's /personas leaves out the people she blocked, so it is not the shared visitor page;
    // a page carrying a member's own answers is never stored by anyone but her browser, nor kept.
    const clientId =
      !isServerRendered(pathname) || pathname === '/personas' ? await currentClientId(request) : null;
    if (!isServerRendered(pathname) || clientId !== null) {
      const html =
        clientId !== null && isMemberRendered(pathname)
          ? await memberPage(request, pathname, clientId)
          : await withShell(request, pathname, clientId);
      if (clientId === null) return sendHtml(reply, html);
      return reply.header('Cache-Control', 'private, no-store').type(HTML_TYPE).send(html);
    }
    // Rendered pages are shared by every visitor and dropped with the lists on any write; each is
    // compressed once per encoding while it is cached.
    const page = await app.readCache.get(`page:${request.url}`, async () => {
      const { html, status } = await publicPage(request.url);
      return { body: new CachedBody(html, HTML_TYPE), status };
    });
    return page.body.send(request, reply.code(page.status).header('Cache-Control', 'no-cache'));
  };
  app.get('/', servePage);
  app.get('/*', servePage);
}
