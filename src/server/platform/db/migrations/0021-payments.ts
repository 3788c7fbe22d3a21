import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen in time: this migration never imports application code.
// Paying for a place (docs/design/15-payments.md): one row per Checkout Session (or per payment recorded by hand),
// the provider's events already applied, and on each sign-up the end of its unpaid hold.
export async function up(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('payments')
    .addColumn('id', 'integer', (c) =>
      pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement(),
    )
    // Null once the member's account is erased: the payment stays for the accounts, the sign-up goes.
    .addColumn('assistance_id', 'integer', (c) => c.references('assistance.id'))
    .addColumn('event_id', 'integer', (c) => c.notNull().references('events.id'))
    .addColumn('client_id', 'integer', (c) => c.notNull().references('clients.id'))
    .addColumn('amount_cents', 'integer', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) =>
      c.notNull().check(sql`status in ('pending', 'paid', 'refunded', 'failed', 'manual')`),
    )
    .addColumn('method', 'text')
    // The attempt's number for this sign-up: it names the idempotency key of its session.
    .addColumn('attempt', 'integer', (c) => c.notNull())
    .addColumn('session_id', 'text', (c) => c.unique())
    .addColumn('payment_intent_id', 'text')
    .addColumn('checkout_url', 'text')
    .addColumn('instructions', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('paid_at', 'text')
    .addColumn('failed_at', 'text')
    .addColumn('refund_requested_at', 'text')
    .addColumn('refunded_at', 'text')
    .addColumn('refund_id', 'text')
    .addColumn('refunded_cents', 'integer', (c) => c.notNull().defaultTo(0))
    .addUniqueConstraint('payments_assistance_attempt', ['assistance_id', 'attempt'])
    .execute();
  await db.schema.createIndex('payments_event').on('payments').columns(['event_id', 'status']).execute();
  await db.schema.createIndex('payments_client').on('payments').columns(['client_id']).execute();
  await db.schema.createIndex('payments_status').on('payments').columns(['status', 'id']).execute();

  await db.schema
    .createTable('payment_webhook_events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('received_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema.alterTable('assistance').addColumn('payment_due_at', 'text').execute();
  await db.schema.alterTable('assistance').addColumn('cancel_reason', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('assistance').dropColumn('cancel_reason').execute();
  await db.schema.alterTable('assistance').dropColumn('payment_due_at').execute();
  await db.schema.dropTable('payment_webhook_events').execute();
  await db.schema.dropTable('payments').execute();
}
