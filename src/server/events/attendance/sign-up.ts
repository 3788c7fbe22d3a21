import type { FastifyInstance } from 'fastify';
import { formatDateTime } from '../../../shared/domain/mexico-dates';
import { hasStarted } from '../../../shared/domain/mexico-time';
import { ASSISTANCE_STATUS, EVENT_STATUS } from '../../../shared/domain/statuses';
import { badRequest, conflict, notFound } from '../../platform/errors';
import { enqueueMail } from '../../platform/mail/mail-jobs';
import type { OutgoingMail } from '../../platform/mail/mailer';
import { ageOnDay, nowIso } from '../../platform/time';
import { type AppliedCode, checkTypedCode } from '../codes/promo-code-rules';
import { attendanceInvite } from './calendar-invite';
import { memberCodeRequest } from './code-request';
import { amountDue, payBeforeLine, startHold } from './payment-holds';
import type { PlaceHooks } from './place-hooks';
import { fixPlacePrice } from './place-price';
import { type PricedPlace, priceHeldPlace } from './priced-place';
import { hasFreePlace, type LockedEvent, lockEvent, waitingPosition } from './waiting-list';

export const EVENT_NOT_AVAILABLE = 'El evento no existe o ya no está disponible';
export const EVENT_NOT_SCHEDULED = 'Este evento todavía no tiene fecha y hora: aún no abre el registro';
export const EVENT_PAST = 'Este evento ya pasó';

/** 'Este evento es para personas de 25 a 40 años' (docs/design/11-night-out.md). */
export function ageBandMessage(event: { age_min: number | null; age_max: number | null }): string {
  if (event.age_min !== null && event.age_max !== null) {
    return `Este evento es para personas de ${event.age_min} a ${event.age_max} años`;
  }
  if (event.age_min !== null) return `Este evento es para personas de ${event.age_min} años o más`;
  return `Este evento es para personas de hasta ${event.age_max} años`;
}

function checkAgeBand(event: LockedEvent & { day: string }, birthday: string | null): void {
  if (event.age_min === null && event.age_max === null) return;
  const age = ageOnDay(birthday, event.day);
  if (age === null) {
    throw badRequest(`${ageBandMessage(event)}: agrega tu fecha de nacimiento en tu perfil para registrarte`);
  }
  if ((event.age_min !== null && age < event.age_min) || (event.age_max !== null && age > event.age_max)) {
    throw badRequest(ageBandMessage(event));
  }
}

export interface SignUpResult {
  assistanceId: number;
  created: boolean;
  statusId: number;
  position: number | null;
  /** On a paid event, when the held place must be paid by; null otherwise. */
  paymentDueAt: string | null;
  /** What the member pays for the place (cents); 0 when nothing is paid online. */
  amountCents: number;
  /** The promo code held with the place, with what it took off; null without one. */
  code: AppliedCode | null;
}

/**
 * Signs the client up (docs/design/11-night-out.md): a place (1) while their gender has one, else the waiting
 * list (3). A repeated sign-up answers the existing one; a cancelled member who signs up again
 * re-enters by the same rule, at the end of the queue (docs/decisions/0020), as a new sign-up:
 * the hooks tell payments, whose answers then speak for this one only. The event row is
 * locked for the whole count-and-write, so concurrent sign-ups never hold more than the limit.
 */
export async function signUpToEvent(
  app: FastifyInstance,
  hooks: PlaceHooks,
  clientId: number,
  eventId: number,
  code?: string,
): Promise<SignUpResult> {
  // A wrong code is refused (and counted) before anything changes; it is held under the locks below.
  if (code) await checkTypedCode(app.db, code, await memberCodeRequest(app, clientId, eventId));
  const result = await app.db.transaction().execute(async (trx) => {
    const event = await lockEvent(trx, eventId);
    if (!event || (event.status_id !== EVENT_STATUS.confirmed && event.status_id !== EVENT_STATUS.soldOut)) {
      throw notFound(EVENT_NOT_AVAILABLE);
    }
    if (!event.day || !event.hour) throw conflict(EVENT_NOT_SCHEDULED);
    const scheduled = { ...event, day: event.day, hour: event.hour };
    if (hasStarted(scheduled)) throw conflict(EVENT_PAST);
    const client = await trx
      .selectFrom('clients')
      .select(['gender', 'birthday', 'first_name', 'email'])
      .where('id', '=', clientId)
      .executeTakeFirstOrThrow();
    const existing = await trx
      .selectFrom('assistance')
      .select(['id', 'event_id', 'status_id', 'created_at', 'payment_due_at', 'amount_cents'])
      .where('event_id', '=', eventId)
      .where('client_id', '=', clientId)
      .executeTakeFirst();
    if (existing && existing.status_id !== ASSISTANCE_STATUS.cancelled) {
      const position =
        existing.status_id === ASSISTANCE_STATUS.waiting
          ? await waitingPosition(trx, existing, client.gender)
          : null;
      return {
        assistanceId: existing.id,
        created: false,
        statusId: existing.status_id,
        position,
        paymentDueAt: existing.payment_due_at,
        amountCents: amountDue(app.config, event, client.gender, existing.amount_cents),
        code: null,
      };
    }
    checkAgeBand(scheduled, client.birthday);
    const statusId = (await hasFreePlace(trx, event, client.gender))
      ? ASSISTANCE_STATUS.registered
      : ASSISTANCE_STATUS.waiting;
    const createdAt = nowIso();
    let assistanceId: number;
    if (existing) {
      await trx
        .updateTable('assistance')
        .set({
          status_id: statusId,
          created_at: createdAt,
          contacted: 0,
          ticket: null,
          checked_in_at: null,
          cancel_reason: null,
          payment_due_at: null,
          promoted_at: null,
          amount_cents: null,
          price_step: null,
        })
        .where('id', '=', existing.id)
        .execute();
      assistanceId = existing.id;
      await hooks.renewed(trx, assistanceId);
    } else {
      const row = await trx
        .insertInto('assistance')
        .values({
          event_id: eventId,
          client_id: clientId,
          status_id: statusId,
          contacted: 0,
          created_at: createdAt,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      assistanceId = row.id;
    }
    const assistance = { id: assistanceId, event_id: eventId, created_at: createdAt };
    const position =
      statusId === ASSISTANCE_STATUS.waiting ? await waitingPosition(trx, assistance, client.gender) : null;
    // A place's price (early-bird step included) is fixed now, under the event's lock; a code is
    // held only with a place: on the waiting list she types it when she pays.
    const priced: PricedPlace =
      statusId === ASSISTANCE_STATUS.registered
        ? await priceHeldPlace(
            app,
            trx,
            event,
            { id: assistanceId, clientId, gender: client.gender },
            await fixPlacePrice(trx, app.config, assistanceId, event, client.gender),
            code,
          )
        : { amountCents: amountDue(app.config, event, client.gender), code: null, confirmed: false };
    const { amountCents, code: applied } = priced;
    if (priced.confirmed) {
      // 100 % off: the place is hers without the provider; the ticket mail says so.
      return {
        assistanceId,
        created: true,
        statusId: ASSISTANCE_STATUS.confirmed,
        position: null,
        paymentDueAt: null,
        amountCents,
        code: applied,
      };
    }
    const paymentDueAt =
      statusId === ASSISTANCE_STATUS.registered
        ? await startHold(trx, app.config, assistanceId, event, client.gender)
        : null;
    await enqueueMail(
      trx,
      `mail:sign-up:assistance:${assistanceId}:${createdAt}`,
      signUpMail(
        app.config.publicUrl,
        client,
        assistanceId,
        scheduled,
        position,
        paymentDueAt ? { amountCents, dueAt: paymentDueAt } : null,
      ),
    );
    return { assistanceId, created: true, statusId, position, paymentDueAt, amountCents, code: applied };
  });
  if (result.created) app.queue.wake();
  return result;
}

function signUpMail(
  publicUrl: string,
  client: { first_name: string; email: string },
  assistanceId: number,
  event: LockedEvent & { day: string; hour: string },
  position: number | null,
  payment: { amountCents: number; dueAt: string } | null,
): OutgoingMail {
  const url = `${publicUrl}/evento/${event.id}`;
  const where = event.venue ? ` en ${event.venue}${event.address ? ` (${event.address})` : ''}` : '';
  if (position !== null) {
    return {
      to: client.email,
      subject: `Lista de espera: ${event.name}`,
      text: [
        `Hola ${client.first_name}:`,
        '',
        `Los lugares de «${event.name}» (${formatDateTime(event.day, event.hour)}) están ocupados: quedaste en la lista de espera, lugar ${position}.`,
        'Si se libera un lugar te avisaremos por correo.',
        '',
        url,
        '',
        'Cita',
      ].join('\n'),
    };
  }
  const invite = attendanceInvite(assistanceId, event, url);
  return {
    to: client.email,
    subject: `Tu registro: ${event.name}`,
    text: [
      `Hola ${client.first_name}:`,
      '',
      `Quedaste registrado/a en «${event.name}», el ${formatDateTime(event.day, event.hour)} (hora del centro de México)${where}.`,
      payment
        ? payBeforeLine(payment.amountCents, payment.dueAt)
        : 'Te contactaremos para confirmar tu lugar y el pago.',
      'Agrega el evento a tu calendario con el archivo adjunto.',
      '',
      url,
      '',
      'Cita',
    ].join('\n'),
    attachments: [{ filename: 'evento.ics', content: invite, contentType: 'text/calendar; charset=utf-8' }],
  };
}
