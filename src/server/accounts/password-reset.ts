import type { FastifyInstance } from 'fastify';
import { CLIENT_STATUS } from '../../shared/domain/statuses';
import { hashPassword } from '../platform/auth/passwords';
import { newToken, revokeAllSessions, sha256 } from '../platform/auth/sessions';
import type { DB } from '../platform/db/database';
import { badRequest } from '../platform/errors';
import { jobMessageKey, MAIL_MAX_ATTEMPTS } from '../platform/mail/mail-jobs';
import type { OutgoingMail } from '../platform/mail/mailer';
import { enqueue } from '../platform/queue/queue';
import { nowIso } from '../platform/time';

export const RESET_LINK_MINUTES = 60;
/** Links alive at once per account: enough for a lost mail, too few to flood someone's inbox. */
export const MAX_LIVE_RESET_LINKS = 3;

export const FORGOT_ANSWER =
  'Si el correo pertenece a una cuenta, te enviamos un enlace para reestablecer tu contraseña. Revisa tu bandeja de entrada.';
export const RESET_INVALID = 'El enlace de recuperación no es válido. Solicita uno nuevo.';
export const RESET_USED = 'Este enlace de recuperación ya fue usado. Solicita uno nuevo.';
export const RESET_EXPIRED = 'El enlace de recuperación expiró. Solicita uno nuevo.';

export const RESET_LINK_JOB = 'password-reset-link';

/**
 * client/password/forgot queues the same job for any e-mail, so its answer and timing do not show
 * whether the account exists. The job, not the request, makes the token: the raw token is only
 * ever in the mail, never in the jobs table.
 */
export async function requestResetLink(app: FastifyInstance, email: string): Promise<void> {
  await enqueue(app.db, { kind: RESET_LINK_JOB, payload: { email }, maxAttempts: MAIL_MAX_ATTEMPTS });
  app.queue.wake();
}

/** Only an active client with fewer than MAX_LIVE_RESET_LINKS live links gets one. */
export function registerResetLinkJob(app: FastifyInstance): void {
  app.queue.handle<{ email: string }>(RESET_LINK_JOB, async ({ email }, job) => {
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
    const tokenHash = sha256(token);
    await app.db
      .insertInto('password_resets')
      .values({
        token_hash: tokenHash,
        client_id: client.id,
        expires_at: new Date(now.getTime() + RESET_LINK_MINUTES * 60_000).toISOString(),
        used_at: null,
      })
      .execute();
    try {
      await app.mailer.send(resetMail(app.config.publicUrl, email, client.first_name, token), {
        messageKey: jobMessageKey(job),
      });
    } catch (error) {
      // A link nobody received must not count against the live-link limit of the retry.
      await app.db.deleteFrom('password_resets').where('token_hash', '=', tokenHash).execute();
      throw error;
    }
  });
}

function resetMail(url: string, email: string, firstName: string, token: string): OutgoingMail {
  return {
    to: email,
    subject: 'Reestablece tu contraseña de Cita',
    text: [
      `Hola ${firstName}:`,
      '',
      'Recibimos una solicitud para reestablecer la contraseña de tu cuenta. Abre este enlace para elegir una nueva:',
      '',
      `${url}/reestablecer?token=${token}`,
      '',
      `El enlace vale ${RESET_LINK_MINUTES} minutos y sirve una sola vez. Si no pediste el cambio, ignora este correo: tu contraseña sigue igual.`,
      '',
      'Cita',
    ].join('\n'),
  };
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
