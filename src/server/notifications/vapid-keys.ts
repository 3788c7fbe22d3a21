import webpush from 'web-push';
import type { PushConfig } from '../platform/config';
import type { DB } from '../platform/db/database';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

const SECRET_NAME = 'vapid_keys';
const cache = new WeakMap<DB, VapidKeys>();

/**
 * The server's VAPID pair: VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY when set, else a pair generated
 * once and kept in server_secrets as one JSON value (the two halves never come from different
 * instances): the first instance to insert wins, the others read its pair. A new pair would
 * silence every subscription made with the old public key, so it never changes by itself.
 */
export async function vapidKeys(db: DB, config: PushConfig): Promise<VapidKeys> {
  if (config.vapidPublicKey && config.vapidPrivateKey) {
    return { publicKey: config.vapidPublicKey, privateKey: config.vapidPrivateKey };
  }
  const known = cache.get(db);
  if (known) return known;
  const generated = webpush.generateVAPIDKeys();
  await db
    .insertInto('server_secrets')
    .values({ name: SECRET_NAME, value: JSON.stringify(generated) })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await db
    .selectFrom('server_secrets')
    .select('value')
    .where('name', '=', SECRET_NAME)
    .executeTakeFirstOrThrow();
  const keys = JSON.parse(row.value) as VapidKeys;
  cache.set(db, keys);
  return keys;
}
