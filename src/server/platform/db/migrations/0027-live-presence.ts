import type { Kysely } from 'kysely';

// Frozen in time: this migration never imports application code.
// Who has a live connection open, on any instance (docs/design/20-mensajes.md "Away", decision 0041): each
// instance's heartbeat, and one row per member it holds a socket of. A row whose instance has not
// been seen for three heartbeats counts as gone (the instance was killed without closing).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('live_instances')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('seen_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('live_instances_seen').on('live_instances').column('seen_at').execute();
  await db.schema
    .createTable('live_presence')
    .addColumn('instance_id', 'text', (c) => c.notNull())
    .addColumn('client_id', 'integer', (c) => c.notNull().references('clients.id'))
    .addPrimaryKeyConstraint('live_presence_pk', ['instance_id', 'client_id'])
    .execute();
  await db.schema.createIndex('live_presence_client').on('live_presence').column('client_id').execute();
}
