import { randomBytes, timingSafeEqual } from 'node:crypto';
import { ADMIN_STATUS } from '../../shared/domain/statuses';
import { hashPassword } from '../platform/auth/passwords';
import { newToken, revokeAllSessions, sha256 } from '../platform/auth/sessions';
import type { DB } from '../platform/db/database';
import { badRequest } from '../platform/errors';
import { createAdmin } from './admins';

export const FIRST_ACCESS_HOURS = 24;
export const FIRST_ACCESS_INVALID =
  'El enlace de primer acceso no es válido o ya se usó. Pide uno nuevo corriendo otra vez «cita setup».';
export const FIRST_ACCESS_EXPIRED =
  'El enlace de primer acceso expiró. Pide uno nuevo corriendo otra vez «cita setup».';

/** The one live link, kept with the server's secrets: there is never more than one (decision 0049). */
const LINK_SECRET = 'first-admin-link';

interface StoredLink {
  adminId: number;
  tokenHash: string;
  expiresAt: string;
}

/**
 * Whether the admin with this e-mail already chose her password: she exists and no first-access
 * link is pending (a link is spent when she uses it). `cita setup` then gives no new link, which
 * would let whoever reads the terminal replace her password.
 */
async function adminChoseHerPassword(db: DB, email: string): Promise<boolean> {
  const admin = await db
    .selectFrom('admins')
    .select('id')
    .where('email', '=', email.toLowerCase())
    .executeTakeFirst();
  if (!admin) return false;
  const row = await db
    .selectFrom('server_secrets')
    .select('value')
    .where('name', '=', LINK_SECRET)
    .executeTakeFirst();
  return !row || (JSON.parse(row.value) as StoredLink).adminId !== admin.id;
}

/**
 * The first admin of a production install (`cita setup`): made with a password nobody knows when
 * she does not exist yet, and given a fresh one-time link to choose her own. Each call replaces the
 * previous link. The token is in the link's fragment, so it never reaches a server log.
 */
export async function issueFirstAdminLink(
  db: DB,
  input: { email: string; publicUrl: string },
): Promise<string> {
  const email = input.email.toLowerCase();
  const existing = await db.selectFrom('admins').select('id').where('email', '=', email).executeTakeFirst();
  const adminId =
    existing?.id ??
    (await createAdmin(db, {
      name: 'Administrador',
      email,
      password: randomBytes(24).toString('base64url'),
    }));
  const token = newToken();
  const link: StoredLink = {
    adminId,
    tokenHash: sha256(token),
    expiresAt: new Date(Date.now() + FIRST_ACCESS_HOURS * 3_600_000).toISOString(),
  };
  await db
    .insertInto('server_secrets')
    .values({ name: LINK_SECRET, value: JSON.stringify(link) })
    .onConflict((oc) => oc.column('name').doUpdateSet({ value: JSON.stringify(link) }))
    .execute();
  return `${input.publicUrl}/admin/primer-acceso#${token}`;
}

/**
 * What `cita setup` gives the first admin: a fresh one-time link, or none when she already chose her
 * password (the one call the operator's room makes into the back office's first access).
 */
export async function firstAdminLinkUnlessChosen(
  db: DB,
  input: { email: string; publicUrl: string },
): Promise<string | undefined> {
  return (await adminChoseHerPassword(db, input.email)) ? undefined : issueFirstAdminLink(db, input);
}

/**
 * Spends the link: sets the admin's password, ends her other sessions and returns her id. The
 * row is claimed with a conditional DELETE, so two uses at once cannot both win.
 */
export async function useFirstAdminLink(db: DB, token: string, password: string): Promise<number> {
  const row = await db
    .selectFrom('server_secrets')
    .select('value')
    .where('name', '=', LINK_SECRET)
    .executeTakeFirst();
  const link = row ? (JSON.parse(row.value) as StoredLink) : undefined;
  const given = Buffer.from(sha256(token));
  if (!row || !link || !timingSafeEqual(given, Buffer.from(link.tokenHash)))
    throw badRequest(FIRST_ACCESS_INVALID);
  if (link.expiresAt <= new Date().toISOString()) throw badRequest(FIRST_ACCESS_EXPIRED);
  const passwordHash = await hashPassword(password);
  await db.transaction().execute(async (trx) => {
    const claimed = await trx
      .deleteFrom('server_secrets')
      .where('name', '=', LINK_SECRET)
      .where('value', '=', row.value)
      .executeTakeFirst();
    if (Number(claimed.numDeletedRows) === 0) throw badRequest(FIRST_ACCESS_INVALID);
    const updated = await trx
      .updateTable('admins')
      .set({ password_hash: passwordHash })
      .where('id', '=', link.adminId)
      .where('status_id', '=', ADMIN_STATUS.active)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 0) throw badRequest(FIRST_ACCESS_INVALID);
    await revokeAllSessions(trx, 'admin', link.adminId);
  });
  return link.adminId;
}
