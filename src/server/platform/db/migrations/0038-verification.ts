import { type ColumnDefinitionBuilder, type Kysely, PostgresAdapter } from 'kysely';

// Frozen in time: this migration never imports application code.
// Verified (docs/design/27-verified.md, decision 0066). What the door saw (a match gives
// «Verificada en persona»); each selfie challenge; each verification a moderator decides (a
// selfie pair, or a door's «No coincide» with its event), the selfies only until the decision;
// the photos a moderator marked as hers; a digest of every selfie ever sent, kept without a name
// so that a selfie is never accepted twice; and her preference that only verified members may
// show her interest.
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const id = (c: ColumnDefinitionBuilder) =>
    postgres ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement();

  await db.schema
    .createTable('door_face_matches')
    .addColumn('id', 'integer', id)
    .addColumn('client_id', 'integer', (c) => c.notNull().references('clients.id'))
    .addColumn('event_id', 'integer', (c) => c.notNull().references('events.id'))
    .addColumn('admin_id', 'integer', (c) => c.references('admins.id'))
    .addColumn('matched', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('door_face_matches_client')
    .on('door_face_matches')
    .columns(['client_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('verification_challenges')
    .addColumn('id', 'integer', id)
    .addColumn('client_id', 'integer', (c) => c.notNull().references('clients.id'))
    .addColumn('gestures', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .execute();
  await db.schema
    .createIndex('verification_challenges_client')
    .on('verification_challenges')
    .columns(['client_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('verifications')
    .addColumn('id', 'integer', id)
    .addColumn('client_id', 'integer', (c) => c.notNull().references('clients.id'))
    // 'selfie' (her request) or 'door' (a «No coincide»: she never sees it).
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('event_id', 'integer', (c) => c.references('events.id'))
    .addColumn('gestures', 'text')
    // 0 the engine is reading it, 1 waits for a moderator, 2 verified, 3 rejected.
    .addColumn('status_id', 'integer', (c) => c.notNull())
    .addColumn('scores', 'text')
    .addColumn('reason', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('decided_at', 'text')
    .addColumn('decided_by', 'integer', (c) => c.references('admins.id'))
    .execute();
  await db.schema
    .createIndex('verifications_client')
    .on('verifications')
    .columns(['client_id', 'id'])
    .execute();
  await db.schema
    .createIndex('verifications_status')
    .on('verifications')
    .columns(['status_id', 'id'])
    .execute();

  await db.schema
    .createTable('verification_selfies')
    .addColumn('verification_id', 'integer', (c) =>
      c.notNull().references('verifications.id').onDelete('cascade'),
    )
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('bytes', postgres ? 'bytea' : 'blob', (c) => c.notNull())
    .addPrimaryKeyConstraint('verification_selfies_pk', ['verification_id', 'position'])
    .execute();

  await db.schema
    .createTable('verified_photos')
    .addColumn('verification_id', 'integer', (c) =>
      c.notNull().references('verifications.id').onDelete('cascade'),
    )
    .addColumn('client_id', 'integer', (c) => c.notNull().references('clients.id'))
    // No foreign key: the photos domain deletes its rows; a deleted photo simply never matches.
    .addColumn('photo_id', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('verified_photos_pk', ['verification_id', 'photo_id'])
    .execute();
  await db.schema
    .createIndex('verified_photos_client')
    .on('verified_photos')
    .columns(['client_id', 'photo_id'])
    .execute();

  await db.schema
    .createTable('selfie_digests')
    .addColumn('digest', 'text', (c) => c.primaryKey())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .alterTable('clients')
    .addColumn('only_verified_interest', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('clients').dropColumn('only_verified_interest').execute();
  for (const table of [
    'selfie_digests',
    'verified_photos',
    'verification_selfies',
    'verifications',
    'verification_challenges',
    'door_face_matches',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
