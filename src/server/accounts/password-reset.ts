import type { FastifyInstance } from 'fastify';
import { CLIENT_STATUS } from '../../shared/domain/statuses';
import { hashPassword } from '../platform/auth/passwords';
import { newToken, revokeAllSessions, sha256 } from '../platform/auth/sessions';
import type { DB } from '../platform/db/database';
import { badRequest } from '../platform/errors';
import { nowIso } from '../platform/time';

export const RESET_LINK_MINUTES = 60;
/** Links alive at once per account: enough for a lost mail, too few to flood someone's inbox. */
export const MAX_LIVE_RESET_LINKS = 3;

export const FORGOT_ANSWER =
  'Si el correo pertenece a una cuenta, te enviamos un enlace para reestablecer tu contraseña. Revisa tu bandeja de entrada.';
export const RESET_INVALID = 'El enlace de recuperación no es válido. Solicita uno nuevo.';
export const RESET_USED = 'Este enlace de recuperación ya fue usado. Solicita uno nuevo.';
export const RESET_EXPIRED = 'El enlace de recuperación expiró. Solicita uno nuevo.';

/**
 * Runs after client/password/forgot has answered, so the answer and its timing are the same for
 * an unknown, an erased and a real e-mail. Only an active client gets a link. Failures are logged.
 */
export async function sendResetLink(app: FastifyInstance, email: string): Promise<void> {
  try {
    const client = await app.db
      .selectFrom('clients')
      .select(['id', 'first_name'])
      .where('email', '=', email)
      .where('status_id', '=', CLIENT_STATUS.active)
      .executeTakeFirst();
    if (!client) return;
    const now = new Date();
    const live = await app.db
      .selectFrom('password_resets')
      .select((eb) => eb.fn.countAll<number | string>().as('total'))
      .where('client_id', '=', client.id)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now.toISOString())
      .executeTakeFirstOrThrow();
    if (Number(live.total) >= MAX_LIVE_RESET_LINKS) return;
    const token = newToken();
    await app.db
      .insertInto('password_resets')
      .values({
        token_hash: sha256(token),
        client_id: client.id,
        expires_at: new Date(now.getTime() + RESET_LINK_MINUTES * 60_000).toISOString(),
        used_at: null,
      })
      .execute();
    const link = `${app.config.publicUrl}/reestablecer?token=${token}`;
    await app.mailer.send({
      to: email,
      subject: 'Reestablece tu contraseña de Cita',
      text: [
        `Hola ${client.first_name}:`,
        '',
        'Recibimos una solicitud para reestablecer la contraseña de tu cuenta. Abre este enlace para elegir una nueva:',
        '',
        link,
        '',
        `El enlace vale ${RESET_LINK_MINUTES} minutos y sirve una sola vez. Si no pediste el cambio, ignora este correo: tu contraseña sigue igual.`,
        '',
        'Cita',
      ].join('\n'),
    });
  } catch (error) {
    app.log.error({ err: error }, 'password reset link not sent');
  }
}

/**
 * Uses a reset link once: sets the password, spends every other link of the account and ends all
 * its sessions. The token is claimed with a conditional UPDATE, so two uses at once cannot both win.
 */
export async function resetPassword(db: DB, token: string, password: string): Promise<void> {
  const tokenHash = sha256(token);
  const reset = await db
    .selectFrom('password_resets')
    .innerJoin('clients', 'clients.id', 'password_resets.client_id')
    .select(['password_resets.client_id', 'password_resets.expires_at', 'password_resets.used_at'])
    .where('password_resets.token_hash', '=', tokenHash)
    .where('clients.status_id', '=', CLIENT_STATUS.active)
    .executeTakeFirst();
  if (!reset) throw badRequest(RESET_INVALID);
  if (reset.used_at !== null) throw badRequest(RESET_USED);
  if (reset.expires_at <= nowIso()) throw badRequest(RESET_EXPIRED);
  const passwordHash = await hashPassword(password);
  await db.transaction().execute(async (trx) => {
    const now = nowIso();
    const claimed = await trx
      .updateTable('password_resets')
      .set({ used_at: now })
      .where('token_hash', '=', tokenHash)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) === 0) throw badRequest(RESET_USED);
    await trx
      .updateTable('password_resets')
      .set({ used_at: now })
      .where('client_id', '=', reset.client_id)
      .where('used_at', 'is', null)
      .execute();
    await trx
      .updateTable('clients')
      .set({ password_hash: passwordHash })
      .where('id', '=', reset.client_id)
      .execute();
    await revokeAllSessions(trx, 'client', reset.client_id);
  });
}
