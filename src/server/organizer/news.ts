import { timingSafeEqual } from 'node:crypto';
import type { DB } from '../platform/db/database';
import { hmacHex, serverSecret } from '../platform/secrets';
import { nowIso } from '../platform/time';

/** Her consent to "Quiero recibir novedades de eventos" (docs/design/25-organizers.md): off until she says yes. */
export async function wantsNews(db: DB, clientId: number): Promise<boolean> {
  const row = await db
    .selectFrom('news_subscriptions')
    .select('client_id')
    .where('client_id', '=', clientId)
    .executeTakeFirst();
  return row !== undefined;
}

export async function setNews(db: DB, clientId: number, news: boolean): Promise<void> {
  if (news) {
    await db
      .insertInto('news_subscriptions')
      .values({ client_id: clientId, subscribed_at: nowIso() })
      .onConflict((oc) => oc.column('client_id').doNothing())
      .execute();
  } else {
    await db.deleteFrom('news_subscriptions').where('client_id', '=', clientId).execute();
  }
}

const UNSUBSCRIBE_KEY = 'news-unsubscribe-key';

/**
 * The token of her one-click unsubscribe link (RFC 8058): it only turns news off, so it may live
 * as long as her account; signed with a key of this site, it cannot be made for someone else.
 */
export async function unsubscribeToken(db: DB, clientId: number): Promise<string> {
  return hmacHex(await serverSecret(db, UNSUBSCRIBE_KEY, undefined), `news-unsubscribe:${clientId}`);
}

export async function isUnsubscribeToken(db: DB, clientId: number, token: string): Promise<boolean> {
  const expected = Buffer.from(await unsubscribeToken(db, clientId));
  const given = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The https link (the List-Unsubscribe header's and the body's) and the mailto alternative. */
export async function unsubscribeLinks(
  db: DB,
  publicUrl: string,
  clientId: number,
): Promise<{ page: string; oneClick: string; mailto: string }> {
  const token = await unsubscribeToken(db, clientId);
  const query = `c=${clientId}&t=${token}`;
  return {
    page: `${publicUrl}/novedades/baja?${query}`,
    oneClick: `${publicUrl}/api/news/unsubscribe?${query}`,
    mailto: `mailto:baja@cita.mx?subject=${encodeURIComponent(`baja novedades ${clientId} ${token}`)}`,
  };
}
