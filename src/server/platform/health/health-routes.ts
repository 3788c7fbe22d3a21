import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { readyzResponseSchemas } from '../../../shared/contracts/health';
import { ok, zodApp } from '../http/envelope';

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/;

/**
 * A scraper on this machine: the socket's own address is loopback (never X-Forwarded-For, which
 * anyone can write) and no proxy forwarded the request. The reverse proxy on this machine also
 * connects from loopback, but it always adds X-Forwarded-For: a visitor through it is not local.
 */
function isLocalScraper(request: FastifyRequest): boolean {
  const address = request.raw.socket.remoteAddress ?? '';
  return LOOPBACK.test(address) && !request.headers['x-forwarded-for'] && !request.headers.forwarded;
}

function sha256(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}

function hasMetricsToken(request: FastifyRequest, token: string | undefined): boolean {
  const header = request.headers.authorization;
  if (!token || !header?.startsWith('Bearer ')) return false;
  // Compared as digests: equal lengths, and the time taken says nothing about the token.
  return timingSafeEqual(sha256(header.slice('Bearer '.length)), sha256(token));
}

/** GET /readyz and GET /metrics (docs/design/23-online.md); /api/health stays the liveness answer. */
export async function registerHealthRoutes(app: FastifyInstance): Promise<void> {
  // The proxy asks every few seconds: only trouble is worth a log line.
  zodApp(app).get(
    '/readyz',
    { schema: { response: readyzResponseSchemas }, logLevel: 'warn' },
    async (_request, reply) => {
      const parts = await app.readiness.run();
      const failing = parts.filter((part) => !part.ready);
      // Warnings never take traffic away: the proxy reads the status, the operator the body.
      const warnings = parts.filter((part) => part.warning).map((part) => `${part.name}: ${part.detail}`);
      if (failing.length === 0) {
        const message = warnings.length
          ? `Lista para atender, con avisos: ${warnings.join('; ')}`
          : 'Lista para atender';
        return { ...ok(message), parts, warnings };
      }
      return reply.code(503).send({
        status: 'danger' as const,
        message: `No está lista: ${failing.map((part) => `${part.name} (${part.detail})`).join('; ')}`,
        parts,
        warnings,
      });
    },
  );

  app.get('/metrics', { schema: { hide: true }, logLevel: 'warn' }, async (request, reply) => {
    // Anyone else is told there is nothing here, as for any unknown address.
    if (!isLocalScraper(request) && !hasMetricsToken(request, app.config.metricsToken)) {
      return reply.callNotFound();
    }
    reply.header('content-type', app.metrics.contentType);
    return app.metrics.text();
  });
}
