import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors';
import { securityHeadersFor } from './security-headers';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Calls that use no session, so a forged cross-site request gains nothing: the one-click
 * unsubscribe (RFC 8058) is a form posted by the mail provider, its signed link the only proof.
 */
const WITHOUT_SESSION = ['/api/news/unsubscribe?'];

/**
 * Every request's first step: the security headers every answer carries, refused or not, and the
 * CSRF defence for the cookie sessions: state-changing API calls must be JSON (a cross-site form
 * cannot send that without a preflight) and, when the browser says where it comes from, come from
 * this site. One callback hook, not two nor an async one: it runs on every request (decision 0054).
 */
export function registerRequestGuards(app: FastifyInstance): void {
  const publicOrigin = new URL(app.config.publicUrl).origin;
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(securityHeadersFor(request.url));
    done(requestRefusal(request.method, request.url, request.headers, publicOrigin));
  });
}

/** Why the guards refuse this request, or undefined (also asked by the front answers, front-answers.ts). */
export function requestRefusal(
  method: string,
  url: string,
  headers: IncomingHttpHeaders,
  publicOrigin: string,
): AppError | undefined {
  if (!STATE_CHANGING.has(method) || !url.startsWith('/api/')) return undefined;
  if (WITHOUT_SESSION.some((path) => url.startsWith(path))) return undefined;
  const contentType = String(headers['content-type'] ?? '').toLowerCase();
  const hasBody = Number(headers['content-length'] ?? 0) > 0 || headers['transfer-encoding'];
  if (hasBody && !contentType.startsWith('application/json')) {
    return new AppError(415, 'El tipo de contenido no es válido: envía JSON');
  }
  const origin = headers.origin;
  if (origin && !isSameOrigin(origin, headers.host, publicOrigin)) {
    return new AppError(403, 'La solicitud viene de un sitio no permitido');
  }
  return undefined;
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
