import type { FastifyInstance } from 'fastify';
import { MANUAL_AMOUNT_MAX_TIMES, type ManualPayment } from '../../../shared/contracts/admin-events';
import { hasStarted } from '../../../shared/domain/mexico-time';
import { formatCents } from '../../../shared/domain/money';
import { ASSISTANCE_STATUS } from '../../../shared/domain/statuses';
import { recordAudit } from '../../platform/audit';
import { badRequest, conflict, notFound } from '../../platform/errors';
import { cancelAssistance } from './cancel-sign-up';
import { amountDue, startHold } from './payment-holds';
import type { PlaceConfirmedByHand, PlaceHooks } from './place-hooks';
import { confirmPlace } from './priced-place';
import { limitOf, lockEvent, MAN, WOMAN } from './waiting-list';

function placesFull(gender: number): string {
  if (gender === WOMAN) return 'Ya no hay lugares disponibles para mujeres en este evento';
  return 'Ya no hay lugares disponibles para hombres en este evento';
}

export const CONFIRM_ONLY_REGISTERED =
  'Sólo se puede confirmar a una persona registrada (no en lista de espera ni cancelada)';
export const UNCONFIRM_ONLY_CONFIRMED = 'Sólo se puede retirar la confirmación de una persona confirmada';

const STATUS_MESSAGES: Record<1 | 2 | 4, string> = {
  1: 'Confirmación retirada',
  2: 'Asistencia confirmada',
  4: 'Registro cancelado',
};

export function attendeeStatusMessage(statusId: 1 | 2 | 4): string {
  return STATUS_MESSAGES[statusId];
}

/**
 * The money a confirmation by hand records (docs/design/22-places-and-money.md): what the admin says she took, by
 * default the price she owes in cash. Nothing on a place that owes nothing.
 */
function moneyTaken(due: number, payment: ManualPayment | undefined): PlaceConfirmedByHand['payment'] {
  if (due === 0) {
    if (payment) throw badRequest('Este lugar no tiene precio: confírmalo sin indicar un pago');
    return null;
  }
  const amountCents = payment?.amount_cents ?? due;
  if (amountCents > due * MANUAL_AMOUNT_MAX_TIMES) {
    throw badRequest(
      `El monto no puede ser más de diez veces el precio (${formatCents(due * MANUAL_AMOUNT_MAX_TIMES)})`,
    );
  }
  return { method: payment?.method ?? 'cash', amountCents };
}

/**
 * Confirms (1 → 2), un-confirms (2 → 1) or cancels (→ 4) an attendee. Everything happens under
 * the event row's lock (FOR UPDATE on PostgreSQL; SQLite's BEGIN IMMEDIATE serialises), so
 * concurrent confirmations never exceed the limit and a cancelled place is promoted once.
 * Confirming issues the ticket and e-mails it with its QR code; the hooks' listeners hear of it
 * (payments records the money taken by hand on a paid event). Un-confirming undoes that: the place
 * is held again as a new hold (never given away by the undo itself) and the listeners may refuse
 * (a place paid online is refunded instead).
 */
export async function setAttendeeStatus(
  app: FastifyInstance,
  hooks: PlaceHooks,
  adminId: number,
  assistanceId: number,
  statusId: 1 | 2 | 4,
  payment?: ManualPayment,
): Promise<void> {
  await app.db.transaction().execute(async (trx) => {
    const found = await trx
      .selectFrom('assistance')
      .select(['id', 'event_id'])
      .where('id', '=', assistanceId)
      .executeTakeFirst();
    if (!found) throw notFound('El registro de asistencia no existe');
    if (statusId === ASSISTANCE_STATUS.cancelled) {
      const { before } = await cancelAssistance(app, hooks, trx, found, 'admin');
      if (before !== ASSISTANCE_STATUS.cancelled) {
        await recordAudit(trx, {
          adminId,
          action: 'assistance.cancel',
          entity: 'assistance',
          entityId: assistanceId,
          before: { status_id: before },
          after: { status_id: statusId },
        });
      }
      return;
    }
    const event = await lockEvent(trx, found.event_id);
    if (!event) throw notFound('El evento no existe');
    const attendee = await trx
      .selectFrom('assistance')
      .innerJoin('clients', 'clients.id', 'assistance.client_id')
      .select(['assistance.status_id', 'assistance.amount_cents', 'clients.gender'])
      .where('assistance.id', '=', assistanceId)
      .executeTakeFirstOrThrow();
    if (attendee.status_id === statusId) return;
    const due = amountDue(app.config, event, attendee.gender, attendee.amount_cents);
    let taken: PlaceConfirmedByHand['payment'] = null;
    if (statusId === ASSISTANCE_STATUS.confirmed) {
      taken = moneyTaken(due, payment);
      if (attendee.status_id !== ASSISTANCE_STATUS.registered) throw conflict(CONFIRM_ONLY_REGISTERED);
      if (attendee.gender === WOMAN || attendee.gender === MAN) {
        const { total } = await trx
          .selectFrom('assistance')
          .innerJoin('clients', 'clients.id', 'assistance.client_id')
          .select((eb) => eb.fn.countAll<number>().as('total'))
          .where('assistance.event_id', '=', event.id)
          .where('assistance.status_id', '=', ASSISTANCE_STATUS.confirmed)
          .where('clients.gender', '=', attendee.gender)
          .executeTakeFirstOrThrow();
        if (Number(total) >= limitOf(event, attendee.gender)) throw conflict(placesFull(attendee.gender));
      }
    } else if (attendee.status_id !== ASSISTANCE_STATUS.confirmed) {
      throw conflict(UNCONFIRM_ONLY_CONFIRMED);
    }
    if (statusId === ASSISTANCE_STATUS.confirmed) {
      await confirmPlace(app, trx, assistanceId, event);
      await hooks.confirmedByHand(trx, { assistanceId, adminId, payment: taken });
    } else {
      await trx
        .updateTable('assistance')
        .set({ status_id: statusId, payment_due_at: null })
        .where('id', '=', assistanceId)
        .execute();
      // A night already under way asks nobody to pay: the place stays hers without a hold.
      if (!hasStarted(event)) await startHold(trx, app.config, assistanceId, event, attendee.gender);
      await hooks.unconfirmed(trx, { assistanceId, adminId });
    }
    await recordAudit(trx, {
      adminId,
      action: statusId === ASSISTANCE_STATUS.confirmed ? 'assistance.confirm' : 'assistance.unconfirm',
      entity: 'assistance',
      entityId: assistanceId,
      before: { status_id: attendee.status_id },
      after: { status_id: statusId },
    });
  });
  app.queue.wake();
}
