import type { FastifyInstance } from 'fastify';
import type { Transaction } from 'kysely';
import type { Database } from '../../platform/db/schema';
import { enqueueMail } from '../../platform/mail/mail-jobs';
import { enqueue } from '../../platform/queue/queue';
import { nowIso } from '../../platform/time';
import { findUnreadMessage, type UnreadMessageRef } from './unread-message';

export const AWAY_MAIL_JOB = 'message-away-mail';
/** At most one away e-mail per conversation and member in this long (docs/design/20-mensajes.md). */
const AWAY_MAIL_GAP_MS = 6 * 3_600_000;

/** `message_id`: the message that started her unread streak. */
export type AwayMailPayload = UnreadMessageRef;

/** In the send's transaction: check, after the delay, whether this message is still unread. */
export async function scheduleAwayMail(
  trx: Transaction<Database>,
  delayMinutes: number,
  payload: AwayMailPayload,
  notBefore = Date.now(),
): Promise<void> {
  await enqueue(trx, {
    kind: AWAY_MAIL_JOB,
    key: `message-away:${payload.conversation_id}:${payload.client_id}:${payload.message_id}:${notBefore}`,
    payload,
    runAt: new Date(notBefore + delayMinutes * 60_000),
  });
}

/**
 * The away e-mail's job: still unread and none sent for this conversation in 6 hours → one e-mail
 * naming the sender, with a link and no message text. Within the 6 hours it looks again when they end.
 */
export function registerAwayMailJob(app: FastifyInstance): void {
  app.queue.handle<AwayMailPayload>(AWAY_MAIL_JOB, async (payload) => {
    const sent = await app.db.transaction().execute(async (trx) => {
      const row = await findUnreadMessage(trx, payload);
      if (!row) return false;
      const now = Date.now();
      if (row.away_mail_at !== null && Date.parse(row.away_mail_at) > now - AWAY_MAIL_GAP_MS) {
        await scheduleAwayMail(trx, 0, payload, Date.parse(row.away_mail_at) + AWAY_MAIL_GAP_MS);
        return false;
      }
      const mailedAt = nowIso();
      await trx
        .updateTable('conversation_sides')
        .set({ away_mail_at: mailedAt })
        .where('conversation_id', '=', payload.conversation_id)
        .where('client_id', '=', payload.client_id)
        .execute();
      await enqueueMail(
        trx,
        `mail:message-away:${payload.conversation_id}:${payload.client_id}:${mailedAt}`,
        {
          to: row.email,
          subject: `Tienes un mensaje nuevo de ${row.sender_first}`,
          text: [
            `Hola ${row.first_name}:`,
            '',
            `${row.sender_first} te escribió en Cita. Entra para leer su mensaje y responderle:`,
            '',
            `${app.config.publicUrl}/mensajes/${payload.conversation_id}`,
            '',
            'Cita',
          ].join('\n'),
        },
      );
      return true;
    });
    if (sent) app.queue.wake();
  });
}
