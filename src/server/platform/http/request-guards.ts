import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Calls that use no session, so a forged cross-site request gains nothing: the one-click
 * unsubscribe (RFC 8058) is a form posted by the mail provider, its signed link the only proof.
 */
const WITHOUT_SESSION = ['/api/news/unsubscribe?'];

/**
 * CSRF defence for the cookie sessions: state-changing API calls must be JSON (a cross-site
 * form cannot send that without a preflight) and, when the browser says where it comes from,
 * come from this site.
 */
export function registerRequestGuards(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    if (!STATE_CHANGING.has(request.method) || !request.url.startsWith('/api/')) return;
    if (WITHOUT_SESSION.some((path) => request.url.startsWith(path))) return;
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
