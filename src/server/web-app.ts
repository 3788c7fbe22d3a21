import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { findPublicEvent } from './events/public-events';
import type { AppConfig } from './platform/config';

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** Open Graph tags so that an event link shared on WhatsApp shows its name, text and picture. */
export function withOpenGraph(
  indexHtml: string,
  page: { title: string; description: string; image: string; url: string },
): string {
  const tags = [
    ['og:type', 'website'],
    ['og:site_name', 'Cita'],
    ['og:title', page.title],
    ['og:description', page.description],
    ['og:image', page.image],
    ['og:url', page.url],
  ]
    .map(([property, content]) => `<meta property="${property}" content="${escapeHtml(content ?? '')}" />`)
    .join('\n    ');
  return indexHtml
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(page.title)} · Cita</title>`)
    .replace('</head>', `    ${tags}\n  </head>`);
}

/** Serves the built SPA; every other non-API path gets index.html so deep links and reloads work. */
export async function registerWebApp(app: FastifyInstance, config: AppConfig): Promise<void> {
  const dist = config.webDistDir;
  const indexFile = dist ? path.join(dist, 'index.html') : undefined;
  if (!dist || !indexFile || !fs.existsSync(indexFile)) return;
  await app.register(fastifyStatic, {
    root: dist,
    wildcard: false,
    index: false,
    setHeaders(reply, filePath) {
      const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
      reply.header('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
    },
  });
  const indexHtml = fs.readFileSync(indexFile, 'utf8');
  const sendHtml = (reply: FastifyReply, html: string) =>
    reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').send(html);

  app.get('/', (_request, reply) => sendHtml(reply, indexHtml));
  app.get<{ Params: { id: string } }>('/evento/:id', async (request, reply) => {
    const id = Number(request.params.id);
    const event =
      Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647 ? await findPublicEvent(app.db, id) : null;
    if (!event) return sendHtml(reply, indexHtml);
    const origin = new URL(config.publicUrl).origin;
    return sendHtml(
      reply,
      withOpenGraph(indexHtml, {
        title: event.name,
        description: event.description.slice(0, 200),
        image: new URL(event.image, origin).toString(),
        url: `${origin}/evento/${event.id}`,
      }),
    );
  });
  app.get('/*', async (request, reply) => {
    if (request.url === '/api' || request.url.startsWith('/api/')) {
      return reply.code(404).send({ status: 'warning', message: 'La dirección solicitada no existe' });
    }
    return sendHtml(reply, indexHtml);
  });
}
