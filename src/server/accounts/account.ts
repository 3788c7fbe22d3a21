import type { ClientProfile, ValidProfile } from '../../shared/contracts/account';
import { dayInMexicoCity } from '../../shared/domain/mexico-time';
import { clientSearchText } from '../../shared/domain/search-text';
import { CLIENT_STATUS } from '../../shared/domain/statuses';
import { recordScoringChange } from '../compatibility/matching-service';
import { hashPassword, verifyPassword } from '../platform/auth/passwords';
import { newToken, revokeAllSessions } from '../platform/auth/sessions';
import type { DB } from '../platform/db/database';
import { badRequest, notFound } from '../platform/errors';
import {
  erasePersonalData,
  type PersonalDataContext,
  type PersonalDataRegistry,
} from '../platform/personal-data';
import { ageOnDay } from '../platform/time';
import { erasedEmailHash, rememberErasedEmail } from './erased-emails';
import type { MemberStatusHooks } from './member-status-hooks';
import type { ProfileHooks } from './profile-hooks';

export const WRONG_PASSWORD = 'La contraseña actual no es correcta';
export const ERASED_FIRST_NAME = 'Cuenta';
export const ERASED_LAST_NAME = 'eliminada';

/** The address an erased account keeps: unique, unroutable (.invalid), and no one's e-mail. */
export function tombstoneEmail(clientId: number): string {
  return `borrado-${clientId}@cuenta-eliminada.invalid`;
}

export async function findClientProfile(db: DB, clientId: number): Promise<ClientProfile> {
  const client = await db
    .selectFrom('clients')
    .leftJoin('adverts', 'adverts.client_id', 'clients.id')
    .select([
      'clients.id',
      'clients.first_name',
      'clients.last_name',
      'clients.gender',
      'clients.birthday',
      'clients.occupation',
      'clients.email',
      'clients.phone',
      'clients.instagram',
      'clients.status_id',
      'clients.date_creation',
      'adverts.id as advert_id',
      'adverts.status_id as advert_status',
      'adverts.description',
      'clients.only_verified_interest',
    ])
    .where('clients.id', '=', clientId)
    .executeTakeFirst();
  if (!client) throw notFound('No encontramos tu perfil');
  return {
    ...client,
    age: ageOnDay(client.birthday, dayInMexicoCity()),
    only_verified_interest: client.only_verified_interest === 1,
  };
}

/**
 * Saves the profile; a new birthday or gender changes compatibility, so the engine hears of it,
 * and the listeners hear of every edit (her interests keep her search text).
 */
export async function updateProfile(
  db: DB,
  profileHooks: ProfileHooks,
  clientId: number,
  profile: ValidProfile,
): Promise<void> {
  const afterCommit = await db.transaction().execute(async (trx) => {
    const before = await trx
      .selectFrom('clients')
      .select(['birthday', 'gender', 'email'])
      .where('id', '=', clientId)
      .where('status_id', '=', CLIENT_STATUS.active)
      .executeTakeFirst();
    if (!before) throw notFound('No encontramos tu perfil');
    await trx
      .updateTable('clients')
      .set({
        first_name: profile.first_name,
        last_name: profile.last_name,
        gender: profile.gender,
        birthday: profile.birthday,
        phone: profile.phone,
        instagram: profile.instagram,
        occupation: profile.occupation,
        search_text: clientSearchText({ ...profile, email: before.email }),
        ...(profile.only_verified_interest === undefined
          ? {}
          : { only_verified_interest: profile.only_verified_interest ? 1 : 0 }),
      })
      .where('id', '=', clientId)
      .execute();
    if (before.birthday !== profile.birthday || before.gender !== profile.gender) {
      await recordScoringChange(trx, clientId);
    }
    return profileHooks.run(trx, clientId);
  });
  for (const then of afterCommit) then();
}

/** Checks the client's own password (same argon2 work whatever the outcome). */
export async function assertOwnPassword(db: DB, clientId: number, password: string): Promise<void> {
  const client = await db
    .selectFrom('clients')
    .select('password_hash')
    .where('id', '=', clientId)
    .executeTakeFirstOrThrow();
  if (!(await verifyPassword(client.password_hash, password))) throw badRequest(WRONG_PASSWORD);
}

/** Sets a new password and ends every session of the client (the caller starts a fresh one). */
export async function changePassword(db: DB, clientId: number, current: string, next: string): Promise<void> {
  await assertOwnPassword(db, clientId, current);
  const passwordHash = await hashPassword(next);
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('clients')
      .set({ password_hash: passwordHash })
      .where('id', '=', clientId)
      .execute();
    await trx.deleteFrom('password_resets').where('client_id', '=', clientId).execute();
    await revokeAllSessions(trx, 'client', clientId);
  });
}

/**
 * Configuración's 'Desactivar cuenta' (docs/design/04-domain-rules.md): the personal data is erased, not hidden.
 * Every domain's declaration in the registry removes or anonymises its part (docs/design/18-personal-data.md); a
 * keyed hash of the e-mail stays so the address cannot return. All or nothing.
 */
export async function eraseClient(
  db: DB,
  registry: PersonalDataRegistry,
  context: PersonalDataContext,
  emailHashKey: string | undefined,
  clientId: number,
  password: string,
  statusHooks: MemberStatusHooks,
): Promise<void> {
  await assertOwnPassword(db, clientId, password);
  const { email } = await db
    .selectFrom('clients')
    .select('email')
    .where('id', '=', clientId)
    .executeTakeFirstOrThrow();
  const emailHash = await erasedEmailHash(db, emailHashKey, email);
  // Nobody knows this secret: the hash can never match a typed password.
  const unusablePasswordHash = await hashPassword(newToken());
  const afterCommit = await db.transaction().execute(async (trx) => {
    const client = await trx
      .selectFrom('clients')
      .select('email')
      .where('id', '=', clientId)
      .where('status_id', '=', CLIENT_STATUS.active)
      .executeTakeFirst();
    if (!client) throw notFound('No encontramos tu cuenta');
    // Only this keyed hash of the address stays: the e-mail can never sign up again (docs/design/13-trust.md).
    await rememberErasedEmail(trx, emailHash);
    await erasePersonalData(registry, trx, clientId, {
      ...context,
      email: client.email,
      unusablePasswordHash,
    });
    return statusHooks.run(trx, clientId);
  });
  for (const then of afterCommit) then();
}
