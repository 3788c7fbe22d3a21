import type { DB } from '../../platform/db/database';

/** A place with its event and member, as payments (places-for-payments) and notices (attendee-notice-row) read it. */
export function placeQuery(db: DB) {
  return db
    .selectFrom('assistance')
    .innerJoin('events', 'events.id', 'assistance.event_id')
    .innerJoin('clients', 'clients.id', 'assistance.client_id')
    .select([
      'assistance.id',
      'assistance.client_id',
      'assistance.status_id',
      'assistance.cancel_reason',
      'assistance.payment_due_at',
      'assistance.amount_cents',
      'events.id as event_id',
      'events.name',
      'events.day',
      'events.hour',
      'events.price_w_cents',
      'events.price_m_cents',
      'clients.gender',
      'clients.first_name',
      'clients.email',
    ]);
}
