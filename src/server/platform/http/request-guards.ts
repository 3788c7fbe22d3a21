import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * CSRF defence for the cookie sessions: state-changing API calls must be JSON (a cross-site
 * form cannot send that without a preflight) and, when the browser says where it comes from,
 * come from this site.
 */
export function registerRequestGuards(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    if (!STATE_CHANGING.has(request.method) || !request.url.startsWith('/api/')) return;
    const contentType = String(request.headers['content-type'] ?? '').toLowerCase();
    const hasBody =
      Number(request.headers['content-length'] ?? 0) > 0 || request.headers['transfer-encoding'];
    if (hasBody && !contentType.startsWith('application/json')) {
      throw new AppError(415, 'El tipo de contenido no es válido: envía JSON');
    }
    const origin = request.headers.origin;
    if (origin && !isSameOrigin(origin, request.headers.host, app.config.publicUrl)) {
      throw new AppError(403, 'La solicitud viene de un sitio no permitido');
    }
  });
}

/** The browser says the request comes from this site (its host, or the public address). */
export function isSameOrigin(origin: string, host: string | undefined, publicUrl: string): boolean {
  try {
    const originUrl = new URL(origin);
    return originUrl.host === host || originUrl.origin === new URL(publicUrl).origin;
  } catch {
    return false;
  }
}
