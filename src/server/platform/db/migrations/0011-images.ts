import { type Kysely, PostgresAdapter } from 'kysely';

// Uploaded images live in the database with their resized variants, so every instance serves
// every image (docs/design/07-scale-out.md, docs/design/10-photos.md). `kind` says who may see an image (event images are public;
// member photos come later); `version` is a content hash that goes into the URL, so a cached
// URL never shows another picture even if an id were reused. Files left in
// DATA_DIR/images/events by earlier versions are imported at start (docs/decisions/0012).
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('images')
    .addColumn('id', 'integer', (c) =>
      postgres ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement(),
    )
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('version', 'text', (c) => c.notNull())
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('image_variants')
    .addColumn('image_id', 'integer', (c) => c.notNull().references('images.id').onDelete('cascade'))
    .addColumn('variant', 'text', (c) => c.notNull())
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('bytes', postgres ? 'bytea' : 'blob', (c) => c.notNull())
    .addPrimaryKeyConstraint('image_variants_pk', ['image_id', 'variant'])
    .execute();
  await db.schema
    .alterTable('events')
    .addColumn('image_id', 'integer', (c) => c.references('images.id'))
    .execute();
  await db.schema.createIndex('events_image_id').on('events').column('image_id').execute();
  await db.schema.alterTable('events').dropColumn('image_version').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('events_image_id').ifExists().execute();
  await db.schema.alterTable('events').dropColumn('image_id').execute();
  await db.schema.alterTable('events').addColumn('image_version', 'integer').execute();
  await db.schema.dropTable('image_variants').ifExists().execute();
  await db.schema.dropTable('images').ifExists().execute();
}
