import type { DB } from '../../platform/db/database';

/**
 * A place with its event and member, as the notices about it (reminder, payment due) read it
 * again when their job runs: the place may have changed since they were planned.
 */
export function findAttendeeNoticeRow(db: DB, assistanceId: number) {
  return db
    .selectFrom('assistance')
    .innerJoin('events', 'events.id', 'assistance.event_id')
    .innerJoin('clients', 'clients.id', 'assistance.client_id')
    .select([
      'assistance.id',
      'assistance.status_id',
      'assistance.payment_due_at',
      'events.id as event_id',
      'events.name',
      'events.day',
      'events.hour',
      'events.venue',
      'events.address',
      'events.status_id as event_status_id',
      'events.price_w_cents',
      'events.price_m_cents',
      'clients.id as client_id',
      'clients.first_name',
      'clients.email',
      'clients.gender',
    ])
    .where('assistance.id', '=', assistanceId)
    .executeTakeFirst();
}
