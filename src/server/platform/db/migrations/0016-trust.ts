import { type Kysely, PostgresAdapter } from 'kysely';

// Frozen in time: this migration never imports application code.
// Trust, safety and privacy (docs/design/13-trust.md): blocks and reports between members, the consent to
// the privacy notice given at sign-up, keyed hashes of erased e-mails (never the address) and the
// server's own secrets (the key of those hashes when none is configured).
export async function up(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('blocks')
    .addColumn('client_id', 'integer', (c) => c.notNull().references('clients.id'))
    .addColumn('target_client_id', 'integer', (c) => c.notNull().references('clients.id'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('blocks_pk', ['client_id', 'target_client_id'])
    .execute();
  await db.schema.createIndex('blocks_target').on('blocks').column('target_client_id').execute();

  await db.schema
    .createTable('reports')
    .addColumn('id', 'integer', (c) =>
      pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement(),
    )
    .addColumn('client_id', 'integer', (c) => c.notNull().references('clients.id'))
    .addColumn('target_client_id', 'integer', (c) => c.notNull().references('clients.id'))
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('status_id', 'integer', (c) => c.notNull())
    .addColumn('action', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('resolved_at', 'text')
    .addColumn('resolved_by', 'integer', (c) => c.references('admins.id'))
    .execute();
  await db.schema.createIndex('reports_status').on('reports').columns(['status_id', 'id']).execute();

  await db.schema.alterTable('clients').addColumn('privacy_consent_version', 'text').execute();
  await db.schema.alterTable('clients').addColumn('privacy_consent_at', 'text').execute();

  await db.schema
    .createTable('erased_emails')
    .addColumn('email_hash', 'text', (c) => c.primaryKey())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('server_secrets')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('server_secrets').execute();
  await db.schema.dropTable('erased_emails').execute();
  await db.schema.alterTable('clients').dropColumn('privacy_consent_at').execute();
  await db.schema.alterTable('clients').dropColumn('privacy_consent_version').execute();
  await db.schema.dropTable('reports').execute();
  await db.schema.dropTable('blocks').execute();
}
