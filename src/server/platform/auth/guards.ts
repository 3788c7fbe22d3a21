import type { FastifyReply, FastifyRequest } from 'fastify';
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
  }
}

export function sessionToken(request: FastifyRequest, kind: SessionKind): string | undefined {
  return request.cookies[SESSION_COOKIE[kind]] || undefined;
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
  reply.setCookie(SESSION_COOKIE[kind], token, {
    path: '/',
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
  reply.clearCookie(SESSION_COOKIE[kind], { path: '/' });
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
 * The ids the specification puts in bodies (`client_id`, and inside `interes`, `advert`,
 * `quizz`) are a display hint at most: one that names another client is refused.
 */
function bodyIds(body: unknown, key: string): unknown[] {
  if (!body || typeof body !== 'object') return [];
  const found: unknown[] = [];
  for (const [name, value] of Object.entries(body)) {
    if (name === key) found.push(value);
    else if (value && typeof value === 'object' && !Array.isArray(value) && key in value) {
      found.push((value as Record<string, unknown>)[key]);
    }
  }
  return found;
}

function assertBodyIdsMatch(body: unknown, key: string, sessionId: number): void {
  for (const value of bodyIds(body, key)) {
    if (value !== undefined && value !== null && value !== sessionId) {
      throw forbidden('No puedes actuar en nombre de otra persona');
    }
  }
}

/** preHandler of the client area: a live client session, and body ids that match it. */
export async function requireClient(request: FastifyRequest): Promise<void> {
  const clientId = await currentClientId(request);
  if (clientId === null) throw unauthorized('Inicia sesión para continuar');
  request.clientId = clientId;
  assertBodyIdsMatch(request.body, 'client_id', clientId);
}

/** preHandler of the admin area: a live session of an active admin. */
export async function requireAdmin(request: FastifyRequest): Promise<void> {
  const adminId = await currentAdminId(request);
  if (adminId === null) throw unauthorized('Inicia sesión como administrador para continuar');
  request.adminId = adminId;
  const bodyAdminId = (request.body as { admin_id?: unknown } | undefined)?.admin_id;
  if (bodyAdminId !== undefined && bodyAdminId !== null && bodyAdminId !== adminId) {
    throw forbidden('No puedes actuar en nombre de otro administrador');
  }
}
