import { type Kysely, PostgresAdapter } from 'kysely';

// Frozen in time: this migration never imports application code.
// Web Push (docs/design/21-pocket.md): the browsers' push subscriptions of each member (one row per device,
// the endpoint unique: a device that changes hands moves to its new member), and the kinds of
// notification she turned off or on again (no row: on).
export async function up(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const identity = (c: any) =>
    pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement();

  await db.schema
    .createTable('push_subscriptions')
    .addColumn('id', 'integer', identity)
    .addColumn('client_id', 'integer', (c) => c.notNull().references('clients.id'))
    .addColumn('endpoint', 'text', (c) => c.notNull().unique())
    .addColumn('p256dh', 'text', (c) => c.notNull())
    .addColumn('auth', 'text', (c) => c.notNull())
    // "Chrome en Android": what the member sees in her export, never the full user agent.
    .addColumn('device_label', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_success_at', 'text')
    .execute();
  await db.schema
    .createIndex('push_subscriptions_client')
    .on('push_subscriptions')
    .columns(['client_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('push_preferences')
    .addColumn('client_id', 'integer', (c) => c.notNull().references('clients.id'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('enabled', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('push_preferences_pk', ['client_id', 'kind'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('push_preferences').execute();
  await db.schema.dropTable('push_subscriptions').execute();
}
