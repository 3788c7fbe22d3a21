import { createHmac, randomBytes } from 'node:crypto';
import type { DB } from './db/database';

const cache = new WeakMap<DB, Map<string, string>>();

/**
 * A secret of the server: the configured value when there is one, else a random one generated
 * once and kept in the database, so every instance sharing the database uses the same key and a
 * restart does not change it. The first instance to insert wins; the others read its value.
 */
export async function serverSecret(db: DB, name: string, configured: string | undefined): Promise<string> {
  if (configured) return configured;
  const known = cache.get(db)?.get(name);
  if (known) return known;
  await db
    .insertInto('server_secrets')
    .values({ name, value: randomBytes(32).toString('base64url') })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await db
    .selectFrom('server_secrets')
    .select('value')
    .where('name', '=', name)
    .executeTakeFirstOrThrow();
  const secrets = cache.get(db) ?? new Map<string, string>();
  secrets.set(name, row.value);
  cache.set(db, secrets);
  return row.value;
}

export function hmacHex(key: string, value: string): string {
  return createHmac('sha256', key).update(value).digest('hex');
}
