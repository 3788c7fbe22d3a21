import type { Kysely } from 'kysely';

// Frozen in time: this migration never imports application code.
// Match cards (docs/design/12-match-cards.md): each checked-in attendee's Sí/No about the others of one event, the
// length of a speed-dating round, and when the event's picks were closed (null while open).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('picks')
    .addColumn('event_id', 'integer', (c) => c.notNull().references('events.id'))
    .addColumn('client_id', 'integer', (c) => c.notNull().references('clients.id'))
    .addColumn('target_client_id', 'integer', (c) => c.notNull().references('clients.id'))
    .addColumn('pick', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('picks_pk', ['event_id', 'client_id', 'target_client_id'])
    .execute();
  await db.schema.createIndex('picks_target').on('picks').columns(['target_client_id', 'event_id']).execute();

  await db.schema
    .alterTable('events')
    .addColumn('round_minutes', 'integer', (c) => c.notNull().defaultTo(5))
    .execute();
  await db.schema.alterTable('events').addColumn('picks_closed_at', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('events').dropColumn('picks_closed_at').execute();
  await db.schema.alterTable('events').dropColumn('round_minutes').execute();
  await db.schema.dropTable('picks').execute();
}
