import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen in time: this migration never imports application code.
// Facturas (docs/design/28-facturas.md): each member's fiscal profile, and every fiscal document issued
// through the PAC — a paid place's receipt, her invoice of it, the period's global invoice, a
// credit note or a cancellation — with its idempotency key, its state and its failure's reason.
export async function up(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('fiscal_profiles')
    .addColumn('client_id', 'integer', (c) => c.primaryKey().references('clients.id'))
    .addColumn('rfc', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('regime', 'text', (c) => c.notNull())
    .addColumn('zip', 'text', (c) => c.notNull())
    .addColumn('use', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('invoice_documents')
    .addColumn('id', 'integer', (c) =>
      pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement(),
    )
    .addColumn('kind', 'text', (c) =>
      c.notNull().check(sql`kind in ('receipt', 'invoice', 'global', 'credit_note', 'cancellation')`),
    )
    .addColumn('state', 'text', (c) =>
      c.notNull().check(sql`state in ('pending', 'issued', 'failed', 'cancelled')`),
    )
    // The idempotency key sent to the PAC: one document per key, whatever retries happen.
    .addColumn('key', 'text', (c) => c.notNull().unique())
    // Plain numbers, not foreign keys: a CFDI outlives the sign-up and the payment's links.
    .addColumn('payment_id', 'integer')
    .addColumn('assistance_id', 'integer')
    .addColumn('event_id', 'integer')
    // An erased member's row stays (anonymised), as for payments: her CFDIs are kept five years.
    .addColumn('client_id', 'integer', (c) => c.references('clients.id'))
    // The receipt an invoice, credit note or cancellation is about; the global that holds a receipt
    // (rows of this table, written only by the invoices domain, never deleted).
    .addColumn('receipt_id', 'integer')
    .addColumn('global_id', 'integer')
    .addColumn('pac_id', 'text')
    .addColumn('uuid', 'text')
    .addColumn('total_cents', 'integer', (c) => c.notNull())
    // The concept as printed (the event's name when the place was paid).
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('paid_at', 'text')
    .addColumn('payment_form', 'text')
    .addColumn('self_invoice_until', 'text')
    .addColumn('period_end', 'text')
    // JSON: the receiver as written on an invoice (kept five years with the CFDI).
    .addColumn('receiver', 'text')
    .addColumn('error', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('issued_at', 'text')
    .execute();
  await db.schema
    .createIndex('invoice_documents_kind_state')
    .on('invoice_documents')
    .columns(['kind', 'state', 'paid_at'])
    .execute();
  await db.schema
    .createIndex('invoice_documents_payment')
    .on('invoice_documents')
    .column('payment_id')
    .execute();
  await db.schema
    .createIndex('invoice_documents_receipt')
    .on('invoice_documents')
    .column('receipt_id')
    .execute();
  await db.schema
    .createIndex('invoice_documents_client')
    .on('invoice_documents')
    .column('client_id')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('invoice_documents').execute();
  await db.schema.dropTable('fiscal_profiles').execute();
}
