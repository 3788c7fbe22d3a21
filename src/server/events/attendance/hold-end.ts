import type { FastifyInstance } from 'fastify';
import { ASSISTANCE_STATUS } from '../../../shared/domain/statuses';
import { enqueueMail } from '../../platform/mail/mail-jobs';
import { HOLD_END_JOB, type HoldEndPayload } from './payment-holds';
import type { PlaceHooks } from './place-hooks';
import { fillFreePlaces, lockEvent } from './waiting-list';

/**
 * When a hold's time comes and the place is still unpaid, the sign-up is cancelled
 * ('payment_expired'), the member is told, and the place goes to the first person waiting.
 * A hold that was paid, moved (a voucher extends it) or cancelled meanwhile is left alone.
 */
export function registerHoldEndJob(app: FastifyInstance, hooks: PlaceHooks): void {
  app.queue.handle<HoldEndPayload>(HOLD_END_JOB, async (payload) => {
    const ended = await app.db.transaction().execute(async (trx) => {
      const found = await trx
        .selectFrom('assistance')
        .select('event_id')
        .where('id', '=', payload.assistance_id)
        .executeTakeFirst();
      if (!found) return false;
      // The event's lock first, as every change of its places takes it: a payment confirming
      // this place at the same moment runs wholly before or after.
      const event = await lockEvent(trx, found.event_id);
      if (!event) return false;
      const row = await trx
        .selectFrom('assistance')
        .innerJoin('clients', 'clients.id', 'assistance.client_id')
        .select([
          'assistance.status_id',
          'assistance.payment_due_at',
          'clients.gender',
          'clients.first_name',
          'clients.email',
        ])
        .where('assistance.id', '=', payload.assistance_id)
        .executeTakeFirstOrThrow();
      if (row.status_id !== ASSISTANCE_STATUS.registered || row.payment_due_at !== payload.due_at)
        return false;
      await trx
        .updateTable('assistance')
        .set({
          status_id: ASSISTANCE_STATUS.cancelled,
          cancel_reason: 'payment_expired',
          payment_due_at: null,
        })
        .where('id', '=', payload.assistance_id)
        .execute();
      await hooks.cancelled(trx, {
        assistanceId: payload.assistance_id,
        reason: 'payment_expired',
        cancelledAt: new Date().toISOString(),
      });
      await enqueueMail(trx, `mail:hold-ended:assistance:${payload.assistance_id}:${payload.due_at}`, {
        to: row.email,
        subject: `Se acabó el tiempo para pagar: ${event.name}`,
        text: [
          `Hola ${row.first_name}:`,
          '',
          `No recibimos a tiempo el pago de tu lugar en «${event.name}», así que lo liberamos para la siguiente persona en espera.`,
          'Si todavía quieres ir, vuelve a registrarte: si hay lugar, tendrás un nuevo plazo para pagar.',
          '',
          `${app.config.publicUrl}/evento/${event.id}`,
          '',
          'Cita',
        ].join('\n'),
      });
      await fillFreePlaces(trx, app.config, event, row.gender);
      return true;
    });
    if (ended) app.queue.wake();
  });
}
