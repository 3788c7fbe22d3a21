import { createHash, randomBytes } from 'node:crypto';
import type { DB } from '../db/database';
import type { SessionTable } from '../db/schema';

export type SessionKind = SessionTable['kind'];

export const SESSION_COOKIE: Record<SessionKind, string> = { client: 'cita_client', admin: 'cita_admin' };
export const SESSION_DAYS: Record<SessionKind, number> = { client: 30, admin: 7 };

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Starts a new session (a fresh id on every log-in: no fixation) and returns the cookie value. */
export async function createSession(db: DB, kind: SessionKind, subjectId: number): Promise<string> {
  const token = newToken();
  const now = new Date();
  const expires = new Date(now.getTime() + SESSION_DAYS[kind] * 86_400_000);
  await db
    .insertInto('sessions')
    .values({
      id_hash: sha256(token),
      kind,
      subject_id: subjectId,
      created_at: now.toISOString(),
      expires_at: expires.toISOString(),
    })
    .execute();
  return token;
}

export async function findSessionSubject(db: DB, kind: SessionKind, token: string): Promise<number | null> {
  const session = await db
    .selectFrom('sessions')
    .select('subject_id')
    .where('id_hash', '=', sha256(token))
    .where('kind', '=', kind)
    .where('expires_at', '>', new Date().toISOString())
    .executeTakeFirst();
  return session?.subject_id ?? null;
}

export async function revokeSession(db: DB, token: string): Promise<void> {
  await db.deleteFrom('sessions').where('id_hash', '=', sha256(token)).execute();
}

/** Ends every session of a person, except optionally the one making the request. */
export async function revokeAllSessions(
  db: DB,
  kind: SessionKind,
  subjectId: number,
  exceptToken?: string,
): Promise<void> {
  let query = db.deleteFrom('sessions').where('kind', '=', kind).where('subject_id', '=', subjectId);
  if (exceptToken) query = query.where('id_hash', '<>', sha256(exceptToken));
  await query.execute();
}
