import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen in time: this migration never imports application code.
// Mensajes (docs/design/20-mensajes.md): one conversation per mutual pair (smaller client id first), each
// side's state (list order, unread counter, read position, WhatsApp consent, away e-mail), the
// messages, and the message text a report carries as evidence. Every mutual pair that exists
// already gets its conversation.
export async function up(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const identity = (c: any) =>
    pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement();

  await db.schema
    .createTable('conversations')
    .addColumn('id', 'integer', identity)
    .addColumn('client_a', 'integer', (c) => c.notNull().references('clients.id'))
    .addColumn('client_b', 'integer', (c) => c.notNull().references('clients.id'))
    // 'a:b': one conversation per pair, as a single unique column.
    .addColumn('pair_key', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    // Nobody can send: 'ended' (the mutual interest), 'blocked', 'erased'; null while open.
    .addColumn('closed_at', 'text')
    .addColumn('closed_reason', 'text')
    .execute();
  await db.schema.createIndex('conversations_client_a').on('conversations').column('client_a').execute();
  await db.schema.createIndex('conversations_client_b').on('conversations').column('client_b').execute();

  await db.schema
    .createTable('conversation_sides')
    .addColumn('conversation_id', 'integer', (c) => c.notNull().references('conversations.id'))
    .addColumn('client_id', 'integer', (c) => c.notNull().references('clients.id'))
    // Newest activity she sees: the list's order, with the conversation id as tie-break.
    .addColumn('activity_at', 'text', (c) => c.notNull())
    // The newest message she may see (her own, held ones included); not a key: erasure removes messages.
    .addColumn('last_message_id', 'integer')
    .addColumn('unread', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('read_up_to', 'integer', (c) => c.notNull().defaultTo(0))
    // When she first wrote (contact details she receives stay masked until then).
    .addColumn('wrote_at', 'text')
    .addColumn('whatsapp_shared_at', 'text')
    .addColumn('away_mail_at', 'text')
    // She blocked the other: the conversation leaves her list.
    .addColumn('hidden', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('conversation_sides_pk', ['conversation_id', 'client_id'])
    .execute();
  await db.schema
    .createIndex('conversation_sides_list')
    .on('conversation_sides')
    .columns(['client_id', 'hidden', 'activity_at', 'conversation_id'])
    .execute();

  await db.schema
    .createTable('messages')
    .addColumn('id', 'integer', identity)
    .addColumn('conversation_id', 'integer', (c) => c.notNull().references('conversations.id'))
    .addColumn('sender_id', 'integer', (c) => c.notNull().references('clients.id'))
    // The client_message_id the sender's device made (not named "client_…": it names no member).
    .addColumn('idempotency_key', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('sent_at', 'text', (c) => c.notNull())
    .addColumn('read_at', 'text')
    // Held as spam: shown to the sender only, never to the recipient.
    .addColumn('held', 'integer', (c) => c.notNull().defaultTo(0))
    // The first message of its conversation (counts against the conversations started a day).
    .addColumn('opens_conversation', 'integer', (c) => c.notNull().defaultTo(0))
    .addUniqueConstraint('messages_sender_idempotency', ['sender_id', 'idempotency_key'])
    .execute();
  await db.schema.createIndex('messages_history').on('messages').columns(['conversation_id', 'id']).execute();
  await db.schema
    .createIndex('messages_sender_recent')
    .on('messages')
    .columns(['sender_id', 'sent_at'])
    .execute();

  await db.schema.alterTable('reports').addColumn('message_text', 'text').execute();

  // Every existing mutual pair, from its lower id's row, gets its open conversation.
  await sql`insert into conversations (client_a, client_b, pair_key, created_at)
    select client_id, target_client_id,
      cast(client_id as text) || ':' || cast(target_client_id as text), created_at
    from interests
    where status_id = 2 and client_id < target_client_id`.execute(db);
  await sql`insert into conversation_sides (conversation_id, client_id, activity_at)
    select id, client_a, created_at from conversations
    union all select id, client_b, created_at from conversations`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('reports').dropColumn('message_text').execute();
  await db.schema.dropTable('messages').execute();
  await db.schema.dropTable('conversation_sides').execute();
  await db.schema.dropTable('conversations').execute();
}
