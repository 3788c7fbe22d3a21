import { type Kysely, PostgresAdapter } from 'kysely';

// Frozen in time: this migration never imports application code.
// Member photos (docs/design/10-photos.md): up to six per member, each an image of kind 'photo' with clear
// variants and one strongly blurred variant for visitors. Status 1 pending, 2 approved,
// 3 rejected (with the moderator's reason). Positions are kept 1…n without gaps by the app.
export async function up(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('photos')
    .addColumn('id', 'integer', (c) =>
      pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement(),
    )
    .addColumn('client_id', 'integer', (c) => c.notNull().references('clients.id'))
    .addColumn('image_id', 'integer', (c) => c.notNull().references('images.id'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('status_id', 'integer', (c) => c.notNull())
    .addColumn('reason', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('reviewed_at', 'text')
    .addColumn('reviewed_by', 'integer', (c) => c.references('admins.id'))
    .execute();
  await db.schema.createIndex('photos_client').on('photos').columns(['client_id', 'position']).execute();
  await db.schema.createIndex('photos_status').on('photos').columns(['status_id', 'id']).execute();
  await db.schema.createIndex('photos_image').on('photos').column('image_id').unique().execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('photos').execute();
}
