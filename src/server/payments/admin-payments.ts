import type { FastifyInstance } from 'fastify';
import {
  ADMIN_PAYMENTS_PAGE_SIZE,
  type AdminPayment,
  type PaymentStatusName,
} from '../../shared/contracts/payments';
import { recordAudit } from '../platform/audit';
import { conflict, notFound } from '../platform/errors';
import { requestRefund } from './payment-records';

export interface PaymentFilters {
  eventId?: number;
  status?: PaymentStatusName;
  page: number;
}

/** admin/payments/get: the newest first, 50 a page, by event and status. */
export async function listPayments(
  app: FastifyInstance,
  filters: PaymentFilters,
): Promise<{ payments: AdminPayment[]; total: number; pages: number; page: number }> {
  let query = app.db.selectFrom('payments');
  if (filters.eventId !== undefined) query = query.where('payments.event_id', '=', filters.eventId);
  if (filters.status !== undefined) query = query.where('payments.status', '=', filters.status);
  const { total } = await query
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirstOrThrow();
  const count = Number(total);
  const pages = Math.max(1, Math.ceil(count / ADMIN_PAYMENTS_PAGE_SIZE));
  const page = Math.min(filters.page, pages);
  const rows = await query
    .innerJoin('events', 'events.id', 'payments.event_id')
    .innerJoin('clients', 'clients.id', 'payments.client_id')
    .select([
      'payments.id',
      'payments.event_id',
      'events.name as event_name',
      'payments.client_id',
      'clients.first_name',
      'clients.last_name',
      'clients.email',
      'payments.status',
      'payments.method',
      'payments.amount_cents',
      'payments.refunded_cents',
      'payments.created_at',
      'payments.paid_at',
      'payments.refunded_at',
      'payments.refund_requested_at',
      'payments.session_id',
    ])
    .orderBy('payments.id', 'desc')
    .limit(ADMIN_PAYMENTS_PAGE_SIZE)
    .offset((page - 1) * ADMIN_PAYMENTS_PAGE_SIZE)
    .execute();
  return {
    payments: rows.map(({ first_name, last_name, refund_requested_at, ...row }) => ({
      ...row,
      client: `${first_name} ${last_name}`,
      refund_requested: refund_requested_at !== null && row.status === 'paid',
    })),
    total: count,
    pages,
    page,
  };
}

/**
 * admin/payments/refund: gives an online payment back in full through the provider (the place is
 * not touched: cancelling is its own step). Cash taken by hand is returned by hand.
 */
export async function refundByAdmin(app: FastifyInstance, adminId: number, paymentId: number): Promise<void> {
  await app.db.transaction().execute(async (trx) => {
    const payment = await trx
      .selectFrom('payments')
      .select(['id', 'status', 'refund_requested_at', 'amount_cents', 'client_id', 'event_id'])
      .where('id', '=', paymentId)
      .executeTakeFirst();
    if (!payment) throw notFound('El pago no existe');
    if (payment.status === 'manual') throw conflict('Los pagos en efectivo se devuelven en persona');
    if (payment.status === 'refunded') throw conflict('Este pago ya fue reembolsado');
    if (payment.status !== 'paid') throw conflict('Sólo se puede reembolsar un pago completado');
    if (!(await requestRefund(trx, payment.id, 'admin')))
      throw conflict('Este pago ya tiene un reembolso en curso');
    await recordAudit(trx, {
      adminId,
      action: 'payment.refund',
      entity: 'payment',
      entityId: payment.id,
      before: { status: 'paid' },
      after: { refund_cents: payment.amount_cents, client_id: payment.client_id, event_id: payment.event_id },
    });
  });
  app.queue.wake();
}
