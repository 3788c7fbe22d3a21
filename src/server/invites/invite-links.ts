import { randomBytes } from 'node:crypto';
import { INVITE_TOKEN_PATTERN } from '../../shared/domain/invites';
import type { DB } from '../platform/db/database';
import { nowIso } from '../platform/time';

/**
 * Her invite token (docs/design/25-organizers.md): 128 random bits, made the first time she asks for her link
 * and the same ever after. Two first asks at once keep one token: the second insert does nothing.
 */
export async function inviteTokenOf(db: DB, clientId: number): Promise<string> {
  await db
    .insertInto('invite_links')
    .values({ client_id: clientId, token: randomBytes(16).toString('base64url'), created_at: nowIso() })
    .onConflict((oc) => oc.column('client_id').doNothing())
    .execute();
  const { token } = await db
    .selectFrom('invite_links')
    .select('token')
    .where('client_id', '=', clientId)
    .executeTakeFirstOrThrow();
  return token;
}

/** Whose link a token is; null for anything else (blank, malformed, unknown, an erased member's). */
export async function inviterOfToken(db: DB, token: string | undefined): Promise<number | null> {
  const trimmed = token?.trim() ?? '';
  if (!INVITE_TOKEN_PATTERN.test(trimmed)) return null;
  const row = await db
    .selectFrom('invite_links')
    .select('client_id')
    .where('token', '=', trimmed)
    .executeTakeFirst();
  return row?.client_id ?? null;
}
