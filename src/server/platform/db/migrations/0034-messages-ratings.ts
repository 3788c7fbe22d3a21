import { type Kysely, PostgresAdapter } from 'kysely';

// Frozen in time: this migration never imports application code.
// Organizers grow their nights (docs/design/25-organizers.md, decision 0052): the news consent (a row: she said
// yes), each message an organizer sent and who it went to (the weekly cap of news counts these),
// and the ratings of a night by those who came.
export async function up(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const identity = (c: any) =>
    pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement();

  await db.schema
    .createTable('news_subscriptions')
    .addColumn('client_id', 'integer', (c) => c.primaryKey().references('clients.id'))
    .addColumn('subscribed_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('organizer_messages')
    .addColumn('id', 'integer', identity)
    // Null: news to every member who asked for it.
    .addColumn('event_id', 'integer', (c) => c.references('events.id'))
    .addColumn('segment', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('admin_id', 'integer', (c) => c.notNull().references('admins.id'))
    .addColumn('recipients', 'integer', (c) => c.notNull())
    .addColumn('skipped', 'integer', (c) => c.notNull())
    .addColumn('sent_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('organizer_message_recipients')
    .addColumn('message_id', 'integer', (c) => c.notNull().references('organizer_messages.id'))
    .addColumn('client_id', 'integer', (c) => c.notNull().references('clients.id'))
    // 1: a news message (counts toward her 2 a week); 0: a message about a night she signed up to.
    .addColumn('news', 'integer', (c) => c.notNull())
    .addColumn('sent_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('organizer_message_recipients_pk', ['message_id', 'client_id'])
    .execute();
  await db.schema
    .createIndex('organizer_message_recipients_client')
    .on('organizer_message_recipients')
    .columns(['client_id', 'news', 'sent_at'])
    .execute();

  await db.schema
    .createTable('event_ratings')
    .addColumn('event_id', 'integer', (c) => c.notNull().references('events.id'))
    .addColumn('client_id', 'integer', (c) => c.notNull().references('clients.id'))
    .addColumn('stars', 'integer', (c) => c.notNull())
    .addColumn('comment', 'text')
    .addColumn('rated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('event_ratings_pk', ['event_id', 'client_id'])
    .execute();
  await db.schema.createIndex('event_ratings_client').on('event_ratings').column('client_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('event_ratings').execute();
  await db.schema.dropTable('organizer_message_recipients').execute();
  await db.schema.dropTable('organizer_messages').execute();
  await db.schema.dropTable('news_subscriptions').execute();
}
