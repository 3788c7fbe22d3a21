import type { FastifyInstance } from 'fastify';
import type { Transaction } from 'kysely';
import type { ClientSignUp } from '../../shared/contracts/auth';
import { PRIVACY_NOTICE_VERSION } from '../../shared/domain/privacy';
import { clientSearchText } from '../../shared/domain/search-text';
import { CLIENT_STATUS } from '../../shared/domain/statuses';
import { decoyPasswordHash, hashPassword, verifyPassword } from '../platform/auth/passwords';
import { isUniqueViolation } from '../platform/db/constraint-errors';
import type { DB } from '../platform/db/database';
import type { Database } from '../platform/db/schema';
import { conflict } from '../platform/errors';
import { enqueueMail } from '../platform/mail/mail-jobs';
import type { OutgoingMail } from '../platform/mail/mailer';
import { nowIso } from '../platform/time';
import { isErasedEmail } from './erased-emails';

export const EMAIL_TAKEN = 'Ya existe una cuenta con este correo electrónico';
export const EMAIL_ERASED =
  'Este correo perteneció a una cuenta eliminada a petición de su titular y no puede volver a usarse';
export const WRONG_CREDENTIALS = 'El correo o la contraseña no son correctos';

export type ValidClientSignUp = Required<ClientSignUp>;

/**
 * Creates the account and queues its welcome mail in the same transaction (docs/design/07-scale-out.md);
 * `created` runs in it too (the sign-up hooks).
 */
export async function createClient(
  app: FastifyInstance,
  signUp: ValidClientSignUp,
  created: (trx: Transaction<Database>, clientId: number) => Promise<void> = async () => {},
): Promise<number> {
  if (await isErasedEmail(app.db, app.config.emailHashKey, signUp.email)) throw conflict(EMAIL_ERASED);
  const passwordHash = await hashPassword(signUp.password);
  const now = nowIso();
  try {
    const clientId = await app.db.transaction().execute(async (trx) => {
      const inserted = await trx
        .insertInto('clients')
        .values({
          first_name: signUp.first_name,
          last_name: signUp.last_name,
          email: signUp.email,
          phone: signUp.phone,
          birthday: signUp.birthday,
          gender: signUp.gender,
          occupation: signUp.occupation,
          instagram: signUp.instagram,
          password_hash: passwordHash,
          status_id: CLIENT_STATUS.active,
          date_creation: now,
          search_text: clientSearchText(signUp),
          privacy_consent_version: PRIVACY_NOTICE_VERSION,
          privacy_consent_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await enqueueMail(trx, `mail:welcome:client:${inserted.id}`, welcomeMail(app.config.publicUrl, signUp));
      await created(trx, inserted.id);
      return inserted.id;
    });
    app.queue.wake();
    return clientId;
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(EMAIL_TAKEN);
    throw error;
  }
}

/** The id of the active client with these credentials, or null; same work either way. */
export async function authenticateClient(db: DB, email: string, password: string): Promise<number | null> {
  const client = await db
    .selectFrom('clients')
    .select(['id', 'password_hash', 'status_id'])
    .where('email', '=', email)
    .executeTakeFirst();
  if (!client) {
    await verifyPassword(await decoyPasswordHash(), password);
    return null;
  }
  const valid = await verifyPassword(client.password_hash, password);
  return valid && client.status_id === CLIENT_STATUS.active ? client.id : null;
}

function welcomeMail(url: string, client: { first_name: string; email: string }): OutgoingMail {
  return {
    to: client.email,
    subject: 'Te damos la bienvenida a Cita',
    text: [
      `Hola ${client.first_name}:`,
      '',
      'Tu cuenta de Cita está lista. Estos son tus siguientes pasos:',
      '',
      `- Escribe tu anuncio en Mi perfil: ${url}/perfil`,
      `- Contesta el quiz de compatibilidad: ${url}/quiz`,
      `- Encuentra tu próximo evento: ${url}/eventos`,
      '',
      'Si no creaste esta cuenta, escríbenos respondiendo este correo.',
      '',
      'Cita',
    ].join('\n'),
  };
}
