import { type Kysely, PostgresAdapter } from 'kysely';

// Frozen in time: this migration never imports application code.
// Promo codes and early-bird prices (docs/design/25-organizers.md): the codes, the events each is for (none: every event), each use
// held with a place, and the wrong codes a member typed (10 an hour). A sign-up keeps what she
// pays for it from the moment her hold starts (`amount_cents`; null: taken before this, priced
// from the event).
export async function up(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const id = (table: string) =>
    db.schema
      .createTable(table)
      .addColumn('id', 'integer', (c) =>
        pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement(),
      );
  await id('promo_codes')
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .addColumn('percent_off', 'integer')
    .addColumn('amount_off_cents', 'integer')
    .addColumn('genders', 'text')
    .addColumn('max_uses', 'integer')
    .addColumn('max_uses_per_member', 'integer')
    .addColumn('valid_from', 'text')
    .addColumn('valid_until', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('promo_code_events')
    .addColumn('code_id', 'integer', (c) => c.notNull().references('promo_codes.id').onDelete('cascade'))
    .addColumn('event_id', 'integer', (c) => c.notNull().references('events.id'))
    .addPrimaryKeyConstraint('promo_code_events_pk', ['code_id', 'event_id'])
    .execute();
  await id('promo_code_uses')
    .addColumn('code_id', 'integer', (c) => c.notNull().references('promo_codes.id'))
    .addColumn('event_id', 'integer', (c) => c.notNull().references('events.id'))
    .addColumn('client_id', 'integer', (c) => c.references('clients.id'))
    .addColumn('assistance_id', 'integer', (c) => c.references('assistance.id'))
    .addColumn('list_price_cents', 'integer', (c) => c.notNull())
    .addColumn('discount_cents', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('released_at', 'text')
    .execute();
  await db.schema.createIndex('promo_code_uses_code').on('promo_code_uses').columns(['code_id']).execute();
  await db.schema
    .createIndex('promo_code_uses_assistance')
    .on('promo_code_uses')
    .columns(['assistance_id'])
    .execute();
  await db.schema
    .createIndex('promo_code_uses_client')
    .on('promo_code_uses')
    .columns(['client_id'])
    .execute();
  await id('promo_code_attempts')
    .addColumn('client_id', 'integer', (c) => c.notNull().references('clients.id'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('promo_code_attempts_client')
    .on('promo_code_attempts')
    .columns(['client_id', 'created_at'])
    .execute();
  await db.schema.alterTable('assistance').addColumn('amount_cents', 'integer').execute();
  // Early-bird prices by gender: the steps of an event, and the step a place's price came from
  // (by position, so steps saved again keep their counts).
  await id('event_price_steps')
    .addColumn('event_id', 'integer', (c) => c.notNull().references('events.id').onDelete('cascade'))
    .addColumn('gender', 'integer', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('price_cents', 'integer', (c) => c.notNull())
    .addColumn('until_day', 'text')
    .addColumn('places', 'integer')
    .execute();
  await db.schema
    .createIndex('event_price_steps_event')
    .on('event_price_steps')
    .columns(['event_id', 'gender', 'position'])
    .unique()
    .execute();
  await db.schema.alterTable('assistance').addColumn('price_step', 'integer').execute();
}
