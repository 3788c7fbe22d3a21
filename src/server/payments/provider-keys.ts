import type { DB } from '../platform/db/database';
import { serverSecret } from '../platform/secrets';

/** Where the site's own random id is kept (generated once, like the server's secrets). */
const SITE_ID = 'site-id';

/**
 * This site's id: SITE_ID when set (`cita setup` generates it into the env file, so a restore
 * keeps it), else random, made on the first start with payments on and kept in the database, so
 * every instance of one site shares it and another site (a staging copy, a second database on
 * the same provider account) has its own.
 */
export async function siteId(db: DB, configured: string | undefined): Promise<string> {
  // 16 base64url characters: 96 random bits, short enough to read in the provider's dashboard.
  return (await serverSecret(db, SITE_ID, configured)).slice(0, 16);
}

/**
 * The idempotency key of a request to the provider (docs/design/22-places-and-money.md). Payment ids restart in every
 * database; the site id keeps two databases on one Stripe account from ever sharing a key.
 */
export async function providerKey(
  db: DB,
  configuredSiteId: string | undefined,
  purpose: 'checkout' | 'refund',
  paymentId: number,
): Promise<string> {
  return `cita-${await siteId(db, configuredSiteId)}-${purpose}-${paymentId}`;
}
