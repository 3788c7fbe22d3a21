import type { FastifyInstance } from 'fastify';
import { atTime, formatDateTime, formatInstant } from '../../../shared/domain/mexico-dates';
import { dayInMexicoCity, hasStarted, mexicoDayAndHour } from '../../../shared/domain/mexico-time';
import { ASSISTANCE_STATUS, EVENT_STATUS } from '../../../shared/domain/statuses';
import { notifyMember } from '../../notifications/notify-member';
import { findAttendeeNoticeRow } from './attendee-notice-row';
import { amountDue, type HoldEndPayload, PAYMENT_DUE_PUSH_JOB, payBeforeLine } from './payment-holds';

/** When the hold ends, as the sentence says it: 'a las 10:00 a.m.' today, with the day otherwise. */
function holdEndsWhen(dueAt: string, now = new Date()): string {
  const { day, hour } = mexicoDayAndHour(new Date(dueAt));
  return day === dayInMexicoCity(now) ? atTime(hour) : `el ${formatInstant(dueAt, now)}`;
}

/**
 * "Pago por vencer" (docs/design/21-pocket.md): two hours before a hold ends, if the place is still held
 * unpaid by that same hold (not paid, cancelled, or moved by a voucher since), she is told, by
 * e-mail where she has no device. Answers whether a notification was queued.
 */
export async function pushPaymentDue(app: FastifyInstance, payload: HoldEndPayload): Promise<boolean> {
  const row = await findAttendeeNoticeRow(app.db, payload.assistance_id);
  if (!row || row.status_id !== ASSISTANCE_STATUS.registered || row.payment_due_at !== payload.due_at)
    return false;
  if (row.event_status_id !== EVENT_STATUS.confirmed && row.event_status_id !== EVENT_STATUS.soldOut)
    return false;
  if (Date.parse(payload.due_at) <= Date.now() || hasStarted(row)) return false;
  const amount = amountDue(app.config, { ...row, id: row.event_id }, row.gender, row.amount_cents);
  if (amount === 0) return false;
  const when = holdEndsWhen(payload.due_at);
  const url = `/evento/${row.event_id}`;
  return notifyMember(app.db, `payment-due:assistance:${row.id}:${payload.due_at}`, {
    clientId: row.client_id,
    kind: 'payment_due',
    title: `Tu lugar en «${row.name}» se libera ${when} si no pagas`,
    body: 'Paga ahora para confirmarlo; si no, pasará a la siguiente persona en espera.',
    url,
    tag: `payment-due:${row.id}`,
    fallbackMail: {
      to: row.email,
      subject: `Tu lugar se libera ${when} si no pagas: ${row.name}`,
      text: [
        `Hola ${row.first_name}:`,
        '',
        `Tu lugar en «${row.name}»${row.day && row.hour ? ` (${formatDateTime(row.day, row.hour)})` : ''} sigue apartado para ti, pero todavía no recibimos tu pago.`,
        payBeforeLine(amount, payload.due_at),
        '',
        `${app.config.publicUrl}${url}`,
        '',
        'Cita',
      ].join('\n'),
    },
  });
}

export function registerPaymentDuePushJob(app: FastifyInstance): void {
  app.queue.handle<HoldEndPayload>(PAYMENT_DUE_PUSH_JOB, async (payload) => {
    if (await pushPaymentDue(app, payload)) app.queue.wake();
  });
}
