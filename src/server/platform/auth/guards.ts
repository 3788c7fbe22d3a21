import { parseCookie, type SetCookie, stringifySetCookie } from 'cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ADMIN_STATUS, CLIENT_STATUS } from '../../../shared/domain/statuses';
import { forbidden, unauthorized } from '../errors';
import {
  createSession,
  findSessionSubject,
  revokeSession,
  SESSION_COOKIE,
  SESSION_DAYS,
  type SessionKind,
} from './sessions';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by requireClient: the client the session belongs to. */
    clientId: number;
    /** Set by requireAdmin: the admin the session belongs to. */
    adminId: number;
    /** The body as sent, before the route's schema dropped the keys it does not list. */
    bodyAsSent: unknown;
  }
}

/**
 * The session cookie of that kind, read from the request's header when asked: cookies are read and
 * written here alone (the `cookie` package), so the requests that never ask (public pages, cached
 * lists) pay for no cookie hook (decision 0054).
 */
export function sessionToken(request: FastifyRequest, kind: SessionKind): string | undefined {
  const header = request.headers.cookie;
  if (!header) return undefined;
  return parseCookie(header)[SESSION_COOKIE[kind]] || undefined;
}

/** Whether a Cookie header carries a session of either kind: such a request is not a visitor's. */
export function carriesSession(cookieHeader: string | undefined): boolean {
  if (!cookieHeader) return false;
  const cookies = parseCookie(cookieHeader);
  return Boolean(cookies[SESSION_COOKIE.client] || cookies[SESSION_COOKIE.admin]);
}

function setSessionCookie(
  reply: FastifyReply,
  name: string,
  value: string,
  options: Partial<SetCookie>,
): void {
  reply.header('set-cookie', stringifySetCookie({ name, value, path: '/', ...options }));
}

export async function startSession(
  request: FastifyRequest,
  reply: FastifyReply,
  kind: SessionKind,
  subjectId: number,
): Promise<void> {
  const previous = sessionToken(request, kind);
  if (previous) await revokeSession(request.server.db, previous);
  const token = await createSession(request.server.db, kind, subjectId);
  setSessionCookie(reply, SESSION_COOKIE[kind], token, {
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https',
    maxAge: SESSION_DAYS[kind] * 86_400,
  });
}

export async function endSession(
  request: FastifyRequest,
  reply: FastifyReply,
  kind: SessionKind,
): Promise<void> {
  const token = sessionToken(request, kind);
  if (token) await revokeSession(request.server.db, token);
  setSessionCookie(reply, SESSION_COOKIE[kind], '', { expires: new Date(0), maxAge: 0 });
}

/** Which client the request acts for, or null for a visitor (inactive clients count as visitors). */
export async function currentClientId(request: FastifyRequest): Promise<number | null> {
  const token = sessionToken(request, 'client');
  if (!token) return null;
  const subject = await findSessionSubject(request.server.db, 'client', token);
  if (subject === null) return null;
  const client = await request.server.db
    .selectFrom('clients')
    .select('id')
    .where('id', '=', subject)
    .where('status_id', '=', CLIENT_STATUS.active)
    .executeTakeFirst();
  return client?.id ?? null;
}

export async function currentAdminId(request: FastifyRequest): Promise<number | null> {
  const token = sessionToken(request, 'admin');
  if (!token) return null;
  const subject = await findSessionSubject(request.server.db, 'admin', token);
  if (subject === null) return null;
  const admin = await request.server.db
    .selectFrom('admins')
    .select('id')
    .where('id', '=', subject)
    .where('status_id', '=', ADMIN_STATUS.active)
    .executeTakeFirst();
  return admin?.id ?? null;
}

/**
 * Room for the body as sent, which the JSON parser keeps (app.ts): a route's schema strips keys it
 * does not list, and a `client_id` that names someone else must be refused even where the schema
 * has no place for it (docs/design/03-identity.md).
 */
export function registerBodyCapture(app: FastifyInstance): void {
  app.decorateRequest('bodyAsSent', undefined);
}

/** Where the specification puts the caller's own id: top level, or inside these objects. */
const NESTED_CALLER_OBJECTS = ['interes', 'advert', 'quizz'];

function callerIds(body: unknown, key: string): unknown[] {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return [];
  const record = body as Record<string, unknown>;
  const found: unknown[] = [record[key]];
  for (const name of NESTED_CALLER_OBJECTS) {
    const nested = record[name];
    if (nested && typeof nested === 'object' && !Array.isArray(nested)) {
      found.push((nested as Record<string, unknown>)[key]);
    }
  }
  return found.filter((value) => value !== undefined && value !== null);
}

/** A caller id that is not the session's (another number, or not a number at all) is refused. */
function assertCallerIds(request: FastifyRequest, key: string, sessionId: number, message: string): void {
  const body = request.bodyAsSent === undefined ? request.body : request.bodyAsSent;
  for (const value of callerIds(body, key)) {
    if (value !== sessionId) throw forbidden(message);
  }
}

/** preHandler of the client area: a live client session, and body ids that match it. */
export async function requireClient(request: FastifyRequest): Promise<void> {
  const clientId = await currentClientId(request);
  if (clientId === null) throw unauthorized('Inicia sesión para continuar');
  request.clientId = clientId;
  assertCallerIds(request, 'client_id', clientId, 'No puedes actuar en nombre de otra persona');
}

/** preHandler of the admin area: a live session of an active admin. */
export async function requireAdmin(request: FastifyRequest): Promise<void> {
  const adminId = await currentAdminId(request);
  if (adminId === null) throw unauthorized('Inicia sesión como administrador para continuar');
  request.adminId = adminId;
  assertCallerIds(request, 'admin_id', adminId, 'No puedes actuar en nombre de otro administrador');
}
