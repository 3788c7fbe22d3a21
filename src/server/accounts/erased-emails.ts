import type { DB } from '../platform/db/database';
import { hmacHex, serverSecret } from '../platform/secrets';
import { nowIso } from '../platform/time';

/**
 * An erased account keeps only a keyed hash of its e-mail (docs/design/13-trust.md): enough to refuse the
 * address at sign-up and log-in, useless to anyone who reads the database without the key. The
 * key is EMAIL_HASH_KEY or one generated once and kept in `server_secrets`.
 */
export async function erasedEmailHash(
  db: DB,
  configuredKey: string | undefined,
  email: string,
): Promise<string> {
  const key = await serverSecret(db, 'email-hash-key', configuredKey);
  return hmacHex(key, email.trim().toLowerCase());
}

export async function rememberErasedEmail(db: DB, hash: string): Promise<void> {
  await db
    .insertInto('erased_emails')
    .values({ email_hash: hash, created_at: nowIso() })
    .onConflict((oc) => oc.column('email_hash').doNothing())
    .execute();
}

export async function isErasedEmail(
  db: DB,
  configuredKey: string | undefined,
  email: string,
): Promise<boolean> {
  const hash = await erasedEmailHash(db, configuredKey, email);
  const row = await db
    .selectFrom('erased_emails')
    .select('email_hash')
    .where('email_hash', '=', hash)
    .executeTakeFirst();
  return Boolean(row);
}
