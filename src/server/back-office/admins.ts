import type { AdminAccount } from '../../shared/contracts/admin';
import { ADMIN_STATUS } from '../../shared/domain/statuses';
import { recordAudit } from '../platform/audit';
import { decoyPasswordHash, hashPassword, verifyPassword } from '../platform/auth/passwords';
import { revokeAllSessions } from '../platform/auth/sessions';
import { isUniqueViolation } from '../platform/db/constraint-errors';
import type { DB } from '../platform/db/database';
import { badRequest, conflict, forbidden, notFound } from '../platform/errors';
import { nowIso } from '../platform/time';

export const ADMIN_EMAIL_TAKEN = 'Ya existe un administrador con este correo electrónico';

/** Creates an active admin; `actorId` is the admin who adds them (audited), absent for the first admin. */
export async function createAdmin(
  db: DB,
  admin: { name: string; email: string; password: string },
  actorId?: number,
): Promise<number> {
  const passwordHash = await hashPassword(admin.password);
  try {
    return await db.transaction().execute(async (trx) => {
      const inserted = await trx
        .insertInto('admins')
        .values({
          name: admin.name,
          email: admin.email.toLowerCase(),
          password_hash: passwordHash,
          status_id: ADMIN_STATUS.active,
          date_creation: nowIso(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (actorId !== undefined) {
        await recordAudit(trx, {
          adminId: actorId,
          action: 'admin.add',
          entity: 'admin',
          entityId: inserted.id,
          after: { name: admin.name, email: admin.email.toLowerCase(), status_id: ADMIN_STATUS.active },
        });
      }
      return inserted.id;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(ADMIN_EMAIL_TAKEN);
    throw error;
  }
}

export async function authenticateAdmin(db: DB, email: string, password: string): Promise<number | null> {
  const admin = await db
    .selectFrom('admins')
    .select(['id', 'password_hash', 'status_id'])
    .where('email', '=', email)
    .executeTakeFirst();
  if (!admin) {
    await verifyPassword(await decoyPasswordHash(), password);
    return null;
  }
  const valid = await verifyPassword(admin.password_hash, password);
  return valid && admin.status_id === ADMIN_STATUS.active ? admin.id : null;
}

export async function findAdminAccount(db: DB, adminId: number): Promise<AdminAccount | null> {
  const admin = await db
    .selectFrom('admins')
    .select(['id', 'name', 'email', 'status_id', 'date_creation'])
    .where('id', '=', adminId)
    .executeTakeFirst();
  return admin ?? null;
}

export const OWN_STATUS = 'No puedes cambiar tu propio estado: pídeselo a otro administrador';
export const WRONG_CURRENT_PASSWORD = 'La contraseña actual no es correcta';

/**
 * Changes an admin: name, status, password. The own password needs the current one (other
 * sessions end); another admin's password is reset (all their sessions end). An admin set to
 * 0 or 2 is logged out everywhere. Nobody changes her own status (docs/design/13-trust.md: the
 * specification offers it only on another admin's profile), so nobody locks herself out.
 */
export async function updateAdmin(
  db: DB,
  actorId: number,
  actorToken: string | undefined,
  change: { id: number; name?: string; status_id?: 0 | 1 | 2; password?: string; current_password?: string },
): Promise<void> {
  const own = change.id === actorId;
  const passwordHash = change.password ? await hashPassword(change.password) : undefined;
  if (own && change.password) {
    const current = await db
      .selectFrom('admins')
      .select('password_hash')
      .where('id', '=', actorId)
      .executeTakeFirstOrThrow();
    if (!(await verifyPassword(current.password_hash, change.current_password ?? ''))) {
      throw badRequest(WRONG_CURRENT_PASSWORD);
    }
  }
  await db.transaction().execute(async (trx) => {
    const before = await trx
      .selectFrom('admins')
      .select(['id', 'name', 'email', 'status_id'])
      .where('id', '=', change.id)
      .executeTakeFirst();
    if (!before) throw notFound('El administrador no existe');
    if (own && change.status_id !== undefined && change.status_id !== before.status_id) {
      throw forbidden(OWN_STATUS);
    }
    const set: { name?: string; status_id?: number; password_hash?: string } = {};
    if (change.name !== undefined) set.name = change.name;
    if (change.status_id !== undefined) set.status_id = change.status_id;
    if (passwordHash) set.password_hash = passwordHash;
    if (Object.keys(set).length === 0) return;
    await trx.updateTable('admins').set(set).where('id', '=', change.id).execute();
    const deactivating = change.status_id !== undefined && change.status_id !== ADMIN_STATUS.active;
    if (deactivating) await revokeAllSessions(trx, 'admin', change.id);
    else if (passwordHash) await revokeAllSessions(trx, 'admin', change.id, own ? actorToken : undefined);
    await recordAudit(trx, {
      adminId: actorId,
      action: 'admin.update',
      entity: 'admin',
      entityId: change.id,
      before,
      after: { name: set.name, status_id: set.status_id, password_changed: Boolean(passwordHash) },
    });
  });
}
