import type { AdminAttendee } from '../../../shared/contracts/admin-events';
import { ASSISTANCE_STATUS } from '../../../shared/domain/statuses';
import type { DB } from '../../platform/db/database';
import { amountDue, type PlaceRules } from './payment-holds';
import type { PlaceMoneyView } from './place-hooks';

export async function listAttendees(
  db: DB,
  rules: PlaceRules,
  money: PlaceMoneyView,
  eventId: number,
): Promise<AdminAttendee[]> {
  const prices = await db
    .selectFrom('events')
    .select(['id', 'day', 'hour', 'price_w_cents', 'price_m_cents'])
    .where('id', '=', eventId)
    .executeTakeFirst();
  const rows = await db
    .selectFrom('assistance')
    .innerJoin('clients', 'clients.id', 'assistance.client_id')
    .select([
      'assistance.id',
      'assistance.client_id',
      'clients.first_name',
      'clients.last_name',
      'clients.email',
      'clients.phone',
      'clients.instagram',
      'clients.gender',
      'assistance.status_id',
      'assistance.contacted',
      'assistance.ticket',
      'assistance.checked_in_at',
      'assistance.amount_cents',
    ])
    .where('assistance.event_id', '=', eventId)
    .orderBy('assistance.created_at')
    .orderBy('assistance.id')
    .execute();
  const payments = await money.attendeePayments(db, eventId);
  // Same order as waitingPosition: the n-th waiting sign-up of a gender is place n.
  const waitingSoFar = new Map<number, number>();
  return rows.map((row) => {
    let position: number | null = null;
    if (row.status_id === ASSISTANCE_STATUS.waiting) {
      position = (waitingSoFar.get(row.gender) ?? 0) + 1;
      waitingSoFar.set(row.gender, position);
    }
    return {
      id: row.id,
      client_id: row.client_id,
      client: `${row.first_name} ${row.last_name}`,
      email: row.email,
      phone: row.phone,
      instagram: row.instagram,
      gender: row.gender,
      status_id: row.status_id,
      contacted: row.contacted,
      position,
      ticket: row.status_id === ASSISTANCE_STATUS.confirmed ? row.ticket : null,
      checked_in: row.checked_in_at ? 1 : 0,
      payment: payments.get(row.id) ?? null,
      amount_due_cents: prices ? amountDue(rules, prices, row.gender, row.amount_cents) : 0,
    };
  });
}
