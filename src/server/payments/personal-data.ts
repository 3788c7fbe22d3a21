import { hasStarted } from '../../shared/domain/mexico-time';
import type { PersonalDataDeclaration } from '../platform/personal-data';
import { enqueue } from '../platform/queue/queue';
import { DELETE_CUSTOMER_JOB, type DeleteCustomerPayload, requestRefund } from './payment-records';

/**
 * Why her payments stay after she leaves, as her export says it: Mexican tax law (Código Fiscal
 * de la Federación, art. 30) keeps accounting records and their receipts for five years.
 */
export const PAYMENTS_RETENTION_NOTE =
  'Conservamos cada pago (monto, evento, forma de pago, fechas e identificadores del procesador de pagos) durante cinco años, el plazo en que el SAT puede pedirnos la contabilidad y sus comprobantes. Si eliminas tu cuenta, los conservamos ese tiempo sin tu nombre ni tu correo.';

/**
 * The member's payments. Erasure keeps each payment for the accounts (amount, event, provider
 * ids) but unlinks it from the sign-up that goes; a paid place of an event still to come is
 * refunded in full, since she will not be there (docs/decisions/0029), and the Customers a SPEI
 * checkout made at the provider are deleted there by a durable job. Runs before the events'
 * erasure, which deletes the sign-ups.
 */
export const paymentsPersonalData: PersonalDataDeclaration = {
  domain: 'payments',
  tables: {
    payments: {
      client_id: {
        keep: 'SAT: payments are kept five years for tax, naming only the anonymised account (docs/design/18-personal-data.md)',
      },
      assistance_id: 'scrub',
    },
  },

  async exportSections(db, clientId) {
    const payments = await db
      .selectFrom('payments')
      .innerJoin('events', 'events.id', 'payments.event_id')
      .select([
        'payments.id',
        'payments.event_id',
        'events.name as event_name',
        'payments.amount_cents',
        'payments.currency',
        'payments.status',
        'payments.method',
        'payments.created_at',
        'payments.paid_at',
        'payments.refunded_at',
        'payments.refunded_cents',
      ])
      .where('payments.client_id', '=', clientId)
      .orderBy('payments.id')
      .execute();
    return { payments, payments_retention: PAYMENTS_RETENTION_NOTE };
  },

  async erase(trx, clientId) {
    const paid = await trx
      .selectFrom('payments')
      .innerJoin('events', 'events.id', 'payments.event_id')
      .select(['payments.id', 'events.day', 'events.hour'])
      .where('payments.client_id', '=', clientId)
      .where('payments.status', '=', 'paid')
      .execute();
    for (const payment of paid) {
      if (!hasStarted(payment)) await requestRefund(trx, payment.id, 'erased');
    }
    const customers = await trx
      .selectFrom('payments')
      .select('customer_id')
      .distinct()
      .where('client_id', '=', clientId)
      .where('customer_id', 'is not', null)
      .execute();
    for (const { customer_id: customerId } of customers) {
      if (!customerId) continue;
      const payload: DeleteCustomerPayload = { customer_id: customerId };
      await enqueue(trx, {
        kind: DELETE_CUSTOMER_JOB,
        key: `payment-customer-delete:${customerId}`,
        payload,
      });
    }
    await trx
      .updateTable('payments')
      .set({ assistance_id: null })
      .where('client_id', '=', clientId)
      .execute();
  },
};
